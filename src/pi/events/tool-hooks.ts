/**
 * PreToolUse on pi's `tool_call`, PostToolUse / PostToolUseFailure on pi's `tool_result`: translate the
 * call to Claude Code terms, dispatch, and carry out the engine's plan the pi way (confirm, block with a
 * reason, mutate `event.input`, patch the result content).
 */

import type {
	ExtensionContext,
	ToolCallEvent,
	ToolCallEventResult,
	ToolResultEvent,
	ToolResultEventResult,
} from "@earendil-works/pi-coding-agent";
import { decidePostToolUse, decidePreToolUse } from "../../engine/decide-tool.ts";
import { INTERRUPTED_HOOK_TIMEOUT_MS } from "../../engine/events/lifecycle.ts";
import { toolResultEvent } from "../../engine/events/pi-vocabulary.ts";
import { hookName } from "../../engine/messages.ts";
import type { SessionInfo } from "../../engine/payload/base.ts";
import { postToolUseFailurePayload, postToolUsePayload, preToolUsePayload } from "../../engine/payload/tool.ts";
import { planPostToolUse, planPreToolAnswer, planPreToolUse } from "../../engine/plan-tool.ts";
import { terminalSafe } from "../../engine/terminal-safe.ts";
import { toClaudeToolError, toClaudeToolInput, toClaudeToolName, toClaudeToolResponse } from "../../engine/tool-map.ts";
import { showNotice } from "../session/notices.ts";
import { carryOut, type EventPorts, runHooks } from "./hook-context.ts";

/** Per-session state the tool hooks share between `tool_call` and `tool_result`. */
export interface ToolHookState {
	/** Model-visible PreToolUse context waiting for the call's result, by tool call id. */
	readonly pendingContext: Map<string, string[]>;
	/** Start time (performance.now milliseconds) of each call, for `duration_ms`. */
	readonly startedAt: Map<string, number>;
	/** Set by `continue: false`: the user-facing reason; the agent stops at the end of the turn. */
	stopRequested: string | undefined;
}

/** Creates empty tool-hook state. */
export const createToolHookState = (): ToolHookState => ({
	pendingContext: new Map(),
	startedAt: new Map(),
	stopRequested: undefined,
});

/**
 * Dependencies of the tool hooks: the session's event ports, made once per session (a tool call no hook matches
 * builds nothing), its tool-hook state, and the session facts read from pi for a call that runs hooks.
 */
export interface ToolHookDeps extends EventPorts {
	readonly state: ToolHookState;
	/** The session facts a hook's stdin starts with, read from pi for `ctx` now. */
	readonly sessionOf: (ctx: ExtensionContext) => SessionInfo;
}

/**
 * Claude Code's name of a pi tool: `Bash` for `bash`, the real MCP name for an MCP tool (only names that start
 * with `mcp__` are MCP tools' names: the others skip the MCP lookup).
 */
const claudeToolName = (deps: ToolHookDeps, piToolName: string): string =>
	toClaudeToolName(
		piToolName.startsWith("mcp__") ? (deps.mcpNames.claudeName(piToolName) ?? piToolName) : piToolName,
	);

const summarize = (input: Readonly<Record<string, unknown>>): string => {
	const main = input.command ?? input.path ?? input.pattern ?? input.file_path;
	const text = typeof main === "string" ? main : JSON.stringify(input);
	return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

const replaceInput = (target: Record<string, unknown>, replacement: Readonly<Record<string, unknown>>): void => {
	for (const key of Object.keys(target)) delete target[key];
	Object.assign(target, replacement);
};

/** What a handler returns to pi: at once when no hook matched (pi awaits either). */
type Answer<T> = T | undefined | Promise<T | undefined>;

/** The internal-error answer of `tool_call`: the call is blocked with the error as reason, and the user told. */
const blockOnError = (ctx: ExtensionContext, error: unknown): ToolCallEventResult => {
	const message =
		`pi-hook-manager failed while running PreToolUse hooks, so the call is blocked: ` +
		`${(error as Error).message}`;
	showNotice(ctx, { level: "error", text: message });
	return { block: true, reason: message };
};

/**
 * `tool_call` -> PreToolUse. Fails closed: an unexpected internal error blocks the call with the error as
 * reason (pi's `tool_call` precedent); hook failures themselves fail open as in Claude Code. A call no hook
 * matches is answered at once, without a promise; one that runs hooks resolves when they have decided.
 */
export const handleToolCall = (
	event: ToolCallEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
): Answer<ToolCallEventResult> => {
	deps.state.startedAt.set(event.toolCallId, performance.now());
	try {
		const input = event.input as Record<string, unknown>;
		const ccToolName = claudeToolName(deps, event.toolName);
		// No hook matches (the common case with many hooks), or the event has none: record the call (when it has
		// hooks) and build nothing else, not even the session facts; its stdin is built only if someone opens it in
		// the log.
		const none = deps.engine.recordIfNoneMatches({
			event: "PreToolUse",
			matchValues: [ccToolName],
			piMatchValues: [event.toolName],
			summary: () => summarize(input),
			payload: () => {
				const session = deps.sessionOf(ctx);
				return preToolUsePayload(session, {
					toolName: ccToolName,
					toolInput: toClaudeToolInput(event.toolName, input, session.cwd, session.home),
					toolUseId: event.toolCallId,
				});
			},
		});
		if (none) return undefined;
		return runPreToolUse(event, ctx, deps, input, ccToolName);
	} catch (error) {
		return blockOnError(ctx, error);
	}
};

/** The PreToolUse hooks of a call some hook matched: run them and carry out the decision (see handleToolCall). */
const runPreToolUse = async (
	event: ToolCallEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
	input: Record<string, unknown>,
	ccToolName: string,
): Promise<ToolCallEventResult | undefined> => {
	try {
		const session = deps.sessionOf(ctx);
		const summary = summarize(input);
		const ccInput = toClaudeToolInput(event.toolName, input, session.cwd, session.home);
		const name = hookName("PreToolUse", ccToolName);
		const hc = {
			engine: deps.engine,
			onCard: deps.onCard,
			clock: deps.clock,
			mcpNames: deps.mcpNames,
			session,
			ctx,
		};
		const verdicts = await runHooks(hc, {
			event: "PreToolUse",
			matchValues: [ccToolName],
			piMatchValues: [event.toolName],
			tool: { ccToolName, ccInput },
			payload: preToolUsePayload(session, {
				toolName: ccToolName,
				toolInput: ccInput,
				toolUseId: event.toolCallId,
			}),
			summary,
		});
		if (verdicts.length === 0) return undefined;
		const decision = decidePreToolUse(verdicts, name);
		const facts = {
			event: "PreToolUse" as const,
			tool: ccToolName,
			input: summary,
			time: deps.clock(),
			name,
			piToolName: event.toolName,
			summarize,
			hasUI: ctx.hasUI,
		};
		const plan = planPreToolUse(decision, facts, input);
		carryOut(hc, plan.steps);
		if (plan.stop !== undefined) deps.state.stopRequested = plan.stop;
		let outcome = plan.outcome;
		if (outcome.action === "confirm") {
			// The hook's reason and the tool input are shown in pi's dialog: terminal-safe, line breaks kept.
			const allowed = await ctx.ui.confirm(
				terminalSafe(outcome.title),
				terminalSafe(outcome.message, { keepNewlines: true }),
			);
			const answer = planPreToolAnswer(decision, facts, plan, allowed);
			carryOut(hc, answer.steps);
			outcome = answer.outcome;
		}
		if (outcome.action === "block") return { block: true, reason: outcome.reason };
		if (outcome.action === "proceed") {
			if (outcome.input !== undefined) replaceInput(input, outcome.input);
			if (outcome.context.length > 0) deps.state.pendingContext.set(event.toolCallId, [...outcome.context]);
		}
		return undefined;
	} catch (error) {
		return blockOnError(ctx, error);
	}
};

/** The result pi gets: the result with the hooks' context appended, or with their replacement; undefined: as is. */
const resultPatch = (
	event: ToolResultEvent,
	context: readonly string[],
	replacement: string | undefined,
): ToolResultEventResult | undefined => {
	if (context.length === 0 && replacement === undefined) return undefined;
	const base = replacement === undefined ? [...event.content] : [{ type: "text" as const, text: replacement }];
	const patch: ToolResultEventResult = {
		content: [...base, ...context.map((text) => ({ type: "text" as const, text }))],
	};
	// Keep pi's machine-readable result unless a hook replaced the output.
	return replacement === undefined && event.structuredContent !== undefined
		? { ...patch, structuredContent: event.structuredContent }
		: patch;
};

/** The error notice of `tool_result`: the result stays as it is. */
const reportResultError = (ctx: ExtensionContext, hookEvent: string, error: unknown): void => {
	showNotice(ctx, {
		level: "error",
		text: `pi-hook-manager failed while running ${hookEvent} hooks: ${(error as Error).message}`,
	});
};

/** What the PostToolUse path of one result knows before it dispatches (see handleToolResult). */
interface MatchedResult {
	readonly hookEvent: "PostToolUse" | "PostToolUseFailure";
	readonly input: Record<string, unknown>;
	readonly ccToolName: string;
	readonly session: () => SessionInfo;
	readonly payloadOf: (ccInput: Record<string, unknown>) => Record<string, unknown>;
	readonly pending: readonly string[] | undefined;
}

/**
 * `tool_result` -> PostToolUse (successful calls) or PostToolUseFailure (failed calls). Fails open: an
 * internal error leaves the result unchanged and is reported. A result no hook matches is answered at once,
 * without a promise.
 */
export const handleToolResult = (
	event: ToolResultEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
): Answer<ToolResultEventResult> => {
	const started = deps.state.startedAt.get(event.toolCallId);
	deps.state.startedAt.delete(event.toolCallId);
	const pending = deps.state.pendingContext.get(event.toolCallId);
	if (pending !== undefined) deps.state.pendingContext.delete(event.toolCallId);
	const hookEvent = toolResultEvent(event.isError);
	// Only MCP tools' names start with `mcp__`: other results have nothing to teach.
	if (event.toolName.startsWith("mcp__")) deps.mcpNames.learn(event.toolName, event.details);
	try {
		if (deps.engine.hasHooks(hookEvent)) {
			const input = event.input as Record<string, unknown>;
			const ccToolName = claudeToolName(deps, event.toolName);
			const durationMs = started === undefined ? undefined : performance.now() - started;
			const aborted = ctx.signal?.aborted ?? false;
			// The session facts are read from pi only when a payload is built (a call no hook matches: when read).
			let session: SessionInfo | undefined;
			const sessionNow = (): SessionInfo => {
				session ??= deps.sessionOf(ctx);
				return session;
			};
			const payloadOf = (ccInput: Record<string, unknown>): Record<string, unknown> => {
				const call = { toolName: ccToolName, toolInput: ccInput, toolUseId: event.toolCallId };
				return event.isError
					? postToolUseFailurePayload(
							sessionNow(),
							call,
							toClaudeToolError(event.toolName, event),
							aborted,
							durationMs,
						)
					: postToolUsePayload(
							sessionNow(),
							call,
							toClaudeToolResponse(event.toolName, ccInput, event),
							durationMs,
						);
			};
			const none = deps.engine.recordIfNoneMatches({
				event: hookEvent,
				matchValues: [ccToolName],
				piMatchValues: [event.toolName],
				summary: () => summarize(input),
				payload: () => payloadOf(toClaudeToolInput(event.toolName, input, sessionNow().cwd, sessionNow().home)),
			});
			if (!none)
				return runPostToolUse(event, ctx, deps, {
					hookEvent,
					input,
					ccToolName,
					session: sessionNow,
					payloadOf,
					pending,
				});
		}
	} catch (error) {
		reportResultError(ctx, hookEvent, error);
	}
	return resultPatch(event, pending ?? [], undefined);
};

/** The PostToolUse hooks of a result some hook matched: run them and patch the result (see handleToolResult). */
const runPostToolUse = async (
	event: ToolResultEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
	matched: MatchedResult,
): Promise<ToolResultEventResult | undefined> => {
	const { hookEvent, input, ccToolName } = matched;
	let context: readonly string[] = matched.pending ?? [];
	let replacement: string | undefined;
	try {
		const session = matched.session();
		const ccInput = toClaudeToolInput(event.toolName, input, session.cwd, session.home);
		const payload = matched.payloadOf(ccInput);
		const name = hookName(hookEvent, ccToolName);
		const hc = {
			engine: deps.engine,
			onCard: deps.onCard,
			clock: deps.clock,
			mcpNames: deps.mcpNames,
			session,
			ctx,
		};
		// Claude Code: the hooks of a call the user interrupted (Esc) still run, under a short timeout of their
		// own; pi's signal has already fired, so it must not be the hooks' signal.
		const interrupted = ctx.signal?.aborted === true;
		const verdicts = await runHooks(hc, {
			event: hookEvent,
			matchValues: [ccToolName],
			piMatchValues: [event.toolName],
			tool: { ccToolName, ccInput },
			payload,
			summary: summarize(input),
			...(interrupted ? { signal: AbortSignal.timeout(INTERRUPTED_HOOK_TIMEOUT_MS) } : {}),
		});
		const decision = decidePostToolUse(verdicts, name);
		const facts = {
			event: hookEvent,
			tool: ccToolName,
			input: summarize(input),
			time: deps.clock(),
			name,
			piToolName: event.toolName,
			summarize,
			hasUI: ctx.hasUI,
		};
		const plan = planPostToolUse(decision, facts, event.isError);
		carryOut(hc, plan.steps);
		if (plan.stop !== undefined) deps.state.stopRequested = plan.stop;
		context = [...context, ...plan.context];
		replacement = plan.replacement;
	} catch (error) {
		reportResultError(ctx, hookEvent, error);
	}
	return resultPatch(event, context, replacement);
};
