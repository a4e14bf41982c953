/**
 * What the tool flows (tool-call.ts, tool-result.ts) share: their ports, the lazy view of pi's moment they read
 * only once some hook matched (the no-match path reads none of it), Claude Code's name of a pi tool, the one-line
 * summary of a call and the facts its planners need.
 */
import { hookName } from "../messages.ts";
import type { SessionInfo } from "../payload/base.ts";
import type { ToolCallFacts } from "../plan-tool.ts";
import { toClaudeToolName } from "../tool-map.ts";
import type { HookEventName } from "../types.ts";
import type { FlowMoment, FlowPorts } from "./run-event.ts";

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
