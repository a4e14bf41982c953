/**
 * What the tool flows (tool-call.ts, tool-result.ts) share: their ports, the lazy view of pi's moment they read
 * only once some hook matched (the no-match path reads none of it), Claude Code's name of a pi tool, the one-line
 * summary of a call and the facts its planners need, and the two steps both take on a tool event: the no-match
 * record and the dispatch of a call some hook matched.
 */

import { toClaudeToolInput, toClaudeToolName } from "../events/tool-map.ts";
import type { SessionInfo } from "../payload/base.ts";
import type { ToolCallFacts } from "../plan/tool.ts";
import { hookName } from "../text/messages.ts";
import type { HookEventName } from "../types.ts";
import { type EventRun, type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** The real names of MCP tools (pi's McpNames satisfies it). */
export interface ToolNames {
	/** Claude Code's name of the MCP tool pi calls `piToolName` (`mcp__my-srv__do-thing`); undefined: unknown. */
	claudeName(piToolName: string): string | undefined;
}

/** The ports of a tool flow: the engine, the clock, and the real MCP tool names. */
export interface ToolFlowPorts extends FlowPorts {
	readonly mcpNames: ToolNames;
}

/**
 * pi's moment of one tool event, read lazily: a call no hook matches asks for nothing (its record's stdin asks for
 * the session facts when someone opens it in the log).
 */
export interface ToolMoment {
	/** The session facts a hook's stdin starts with (read from pi when first asked). */
	session(): SessionInfo;
	/** What aborts the event's hooks (pi's `ctx.signal`, or Esc in the TUI); asked once, when hooks run. */
	signal(): AbortSignal | undefined;
	/** True when pi's signal has already fired (the user interrupted the call). */
	aborted(): boolean;
	/** True when a person can answer a confirmation (pi's `ctx.hasUI`). */
	hasUI(): boolean;
	/** Milliseconds since pi's `tool_call` of this call (for a result's `duration_ms`); undefined when not known. */
	durationMs(): number | undefined;
}

/** The flow moment of a tool event some hook matched: the session facts and the signal (see {@link ToolMoment}). */
export const flowMomentOf = (moment: ToolMoment, session: SessionInfo): FlowMoment => {
	const signal = moment.signal();
	return signal === undefined ? { session } : { session, signal };
};

/**
 * Claude Code's name of a pi tool: `Bash` for `bash`, the real MCP name for an MCP tool (only names that start
 * with `mcp__` are MCP tools' names: the others skip the MCP lookup).
 */
export const claudeToolName = (names: ToolNames, piToolName: string): string =>
	toClaudeToolName(piToolName.startsWith("mcp__") ? (names.claudeName(piToolName) ?? piToolName) : piToolName);

/** The one-line summary of a call for the log and the confirmation: its command, path or pattern, 120 characters. */
export const summarizeToolInput = (input: Readonly<Record<string, unknown>>): string => {
	const main = input.command ?? input.path ?? input.pattern ?? input.file_path;
	const text = typeof main === "string" ? main : JSON.stringify(input);
	return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** The facts the tool planners need about one call of `piToolName` (Claude Code `ccToolName`) on `event`. */
export const toolCallFacts = (
	ports: FlowPorts,
	moment: ToolMoment,
	call: {
		readonly event: HookEventName;
		readonly ccToolName: string;
		readonly piToolName: string;
		readonly summary: string;
	},
): ToolCallFacts => ({
	event: call.event,
	tool: call.ccToolName,
	input: call.summary,
	time: ports.clock(),
	name: hookName(call.event, call.ccToolName),
	piToolName: call.piToolName,
	summarize: summarizeToolInput,
	hasUI: moment.hasUI(),
});

/** One tool event of one pi call, as both tool flows dispatch it. */
export interface ToolEvent {
	readonly event: HookEventName;
	/** pi's call: its id, tool name and input (pi's names: `bash`, `{ command }`). */
	readonly call: {
		readonly toolCallId: string;
		readonly toolName: string;
		readonly input: Readonly<Record<string, unknown>>;
	};
	/** Claude Code's name of the tool ({@link claudeToolName}). */
	readonly ccToolName: string;
	/** The event's stdin for the session facts and the call's input in Claude Code terms. */
	readonly payloadOf: (session: SessionInfo, ccInput: Record<string, unknown>) => Record<string, unknown>;
}

/** The call's input in Claude Code terms, for the session's folders. */
const ccInputOf = (tool: ToolEvent, session: SessionInfo): Record<string, unknown> =>
	toClaudeToolInput(tool.call.toolName, tool.call.input, session.cwd, session.home);

/**
 * The engine's no-match path for `tool` (see `HookEngine.recordIfNoneMatches`): true when no hook matches; its
 * summary and stdin (and so the session facts) are built only when the record is read.
 */
export const recordIfNoToolHookMatches = (ports: FlowPorts, moment: ToolMoment, tool: ToolEvent): boolean =>
	ports.engine.recordIfNoneMatches({
		event: tool.event,
		matchValues: [tool.ccToolName],
		piMatchValues: [tool.call.toolName],
		summary: () => summarizeToolInput(tool.call.input),
		payload: () => {
			const session = moment.session();
			return tool.payloadOf(session, ccInputOf(tool, session));
		},
	});

/**
 * Dispatches `tool`, a tool event some hook matched (`signal`, when given, replaces the moment's), and returns the
 * run with the facts its planner needs (read after the hooks ran).
 */
export const runToolEvent = async (
	ports: FlowPorts,
	moment: ToolMoment,
	tool: ToolEvent,
	signal?: AbortSignal,
): Promise<{ readonly run: EventRun; readonly facts: ToolCallFacts }> => {
	const session = moment.session();
	const ccInput = ccInputOf(tool, session);
	const summary = summarizeToolInput(tool.call.input);
	const run = await runEvent(ports, flowMomentOf(moment, session), {
		event: tool.event,
		matchValues: [tool.ccToolName],
		piMatchValues: [tool.call.toolName],
		tool: { ccToolName: tool.ccToolName, ccInput },
		payload: tool.payloadOf(session, ccInput),
		toolCallId: tool.call.toolCallId,
		summary,
		...(signal === undefined ? {} : { signal }),
	});
	const facts = toolCallFacts(ports, moment, {
		event: tool.event,
		ccToolName: tool.ccToolName,
		piToolName: tool.call.toolName,
		summary,
	});
	return { run, facts };
};
