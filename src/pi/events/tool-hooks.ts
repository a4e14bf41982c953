/**
 * PreToolUse on pi's `tool_call`, PostToolUse / PostToolUseFailure on pi's `tool_result`: one engine flow each
 * (engine/flow/tool-call.ts, tool-result.ts); pi carries out the plan the pi way (confirm, block with a reason,
 * replace `event.input`, patch the result content) and keeps the per-session state between the two events.
 */

import type {
	ExtensionContext,
	ToolCallEvent,
	ToolCallEventResult,
	ToolResultEvent,
	ToolResultEventResult,
} from "@earendil-works/pi-coding-agent";
import { toolResultEvent } from "../../engine/events/pi-vocabulary.ts";
import { type PreToolUsePlan, preToolUse } from "../../engine/flow/tool-call.ts";
import type { ToolMoment } from "../../engine/flow/tool-moment.ts";
import { type PostToolUsePlan, postToolUse } from "../../engine/flow/tool-result.ts";
import type { SessionInfo } from "../../engine/payload/base.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import { showNotice } from "../io/notices.ts";
import { type CallsInFlight, createCallsInFlight } from "./calls-in-flight.ts";
import { carryOut, type EventPorts, watchEscape } from "./hook-context.ts";

/** Per-session state the tool hooks share between `tool_call` and `tool_result`. */
export interface ToolHookState {
	/** Model-visible PreToolUse context waiting for the call's result, by tool call id. */
	readonly pendingContext: Map<string, string[]>;
	/** Start time (performance.now milliseconds) of each call, for `duration_ms`. */
	readonly startedAt: Map<string, number>;
	/** Set by `continue: false`: the user-facing reason; the agent stops at the end of the turn. */
	stopRequested: string | undefined;
	/** The calls of the reply still running, which a project hook's per-run check waits for (calls-in-flight.ts). */
	readonly calls: CallsInFlight;
}

/** Creates empty tool-hook state. */
export const createToolHookState = (): ToolHookState => ({
	pendingContext: new Map(),
	startedAt: new Map(),
	stopRequested: undefined,
	calls: createCallsInFlight(),
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
 * pi's moment of one tool event for its flow, read only when asked: the session facts (once), the signal (pi's, or
 * Esc in the TUI watched until {@link PiToolMoment.done}), pi's abort state, whether a person can answer, and the
 * time since the call's `tool_call` (`started`: performance.now milliseconds, undefined when not known).
 */
class PiToolMoment implements ToolMoment {
	private readonly ctx: ExtensionContext;
	private readonly deps: ToolHookDeps;
	private readonly started: number | undefined;
	private facts: SessionInfo | undefined;
	private escape: ReturnType<typeof watchEscape>;
	private watched = false;

	constructor(ctx: ExtensionContext, deps: ToolHookDeps, started?: number) {
		this.ctx = ctx;
		this.deps = deps;
		this.started = started;
	}

	session(): SessionInfo {
		this.facts ??= this.deps.sessionOf(this.ctx);
		return this.facts;
	}

	signal(): AbortSignal | undefined {
		const signal = this.ctx.signal;
		if (signal !== undefined) return signal;
		if (!this.watched) {
			this.watched = true;
			this.escape = watchEscape(this.ctx);
		}
		return this.escape?.signal;
	}

	aborted(): boolean {
		return this.ctx.signal?.aborted === true;
	}

	hasUI(): boolean {
		return this.ctx.hasUI;
	}

	durationMs(): number | undefined {
		return this.started === undefined ? undefined : performance.now() - this.started;
	}

	/** Stops watching for Esc (the hooks are done). */
	done(): void {
		this.escape?.stop();
		this.escape = undefined;
	}
}

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

/** Replaces the whole input in place (Claude Code: `updatedInput` replaces, never merges); pi runs this object. */
const replaceInput = (target: Record<string, unknown>, replacement: Readonly<Record<string, unknown>>): void => {
	for (const key of Object.keys(target)) delete target[key];
	Object.assign(target, replacement);
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
	deps.state.calls.started(event.toolCallId);
	const moment = new PiToolMoment(ctx, deps);
	try {
		const running = preToolUse(deps, event, moment);
		return running === undefined ? undefined : carryOutPreToolUse(running, event, ctx, deps, moment);
	} catch (error) {
		return blockOnError(ctx, error);
	}
};

/** Carries out the PreToolUse plan of a call some hook matched, asking the user when it says so. */
const carryOutPreToolUse = async (
	running: Promise<PreToolUsePlan>,
	event: ToolCallEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
	moment: PiToolMoment,
): Promise<ToolCallEventResult | undefined> => {
	try {
		const plan = await running.finally(() => moment.done());
		const hc = { ctx, onCard: deps.onCard };
		carryOut(hc, plan.steps);
		if (plan.stop !== undefined) deps.state.stopRequested = plan.stop;
		let outcome = plan.outcome;
		if (outcome.action === "confirm") {
			// The hook's reason and the tool input are shown in pi's dialog: terminal-safe, line breaks kept.
			const allowed = await ctx.ui.confirm(
				terminalSafe(outcome.title),
				terminalSafe(outcome.message, { keepNewlines: true }),
			);
			const answer = plan.answer(allowed);
			carryOut(hc, answer.steps);
			outcome = answer.outcome;
		}
		if (outcome.action === "block") return { block: true, reason: outcome.reason };
		if (outcome.action === "proceed") {
			if (outcome.input !== undefined) replaceInput(event.input, outcome.input);
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
const reportResultError = (ctx: ExtensionContext, event: ToolResultEvent, error: unknown): void => {
	const hookEvent = toolResultEvent(event.isError);
	showNotice(ctx, {
		level: "error",
		text: `pi-hook-manager failed while running ${hookEvent} hooks: ${(error as Error).message}`,
	});
};

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
	// Its tool returned: hooks held for it (calls-in-flight.ts) need not wait for it any longer.
	deps.state.calls.ended(event.toolCallId);
	const pending = deps.state.pendingContext.get(event.toolCallId);
	if (pending !== undefined) deps.state.pendingContext.delete(event.toolCallId);
	// Only MCP tools' names start with `mcp__`: other results have nothing to teach.
	if (event.toolName.startsWith("mcp__")) deps.mcpNames.learn(event.toolName, event.details);
	const moment = new PiToolMoment(ctx, deps, started);
	try {
		const running = postToolUse(deps, event, moment);
		if (running !== undefined) return carryOutPostToolUse(running, event, ctx, deps, moment, pending ?? []);
	} catch (error) {
		reportResultError(ctx, event, error);
	}
	return pending === undefined ? undefined : resultPatch(event, pending, undefined);
};

/** Carries out the PostToolUse plan of a result some hook matched and patches the result (see handleToolResult). */
const carryOutPostToolUse = async (
	running: Promise<PostToolUsePlan>,
	event: ToolResultEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
	moment: PiToolMoment,
	pending: readonly string[],
): Promise<ToolResultEventResult | undefined> => {
	try {
		const plan = await running.finally(() => moment.done());
		carryOut({ ctx, onCard: deps.onCard }, plan.steps);
		if (plan.stop !== undefined) deps.state.stopRequested = plan.stop;
		return resultPatch(event, [...pending, ...plan.context], plan.replacement);
	} catch (error) {
		reportResultError(ctx, event, error);
		return resultPatch(event, pending, undefined);
	}
};
