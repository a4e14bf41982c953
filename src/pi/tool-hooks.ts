/**
 * PreToolUse on pi's `tool_call`, PostToolUse / PostToolUseFailure on pi's `tool_result`: translate the
 * call to Claude Code terms, dispatch, and apply the combined decision the pi way (block with a reason,
 * mutate `event.input`, patch the result content).
 */
import type {
	ExtensionContext,
	ToolCallEvent,
	ToolCallEventResult,
	ToolResultEvent,
	ToolResultEventResult,
} from "@earendil-works/pi-coding-agent";
import { decidePostToolUse, decidePreToolUse, type PreToolDecision } from "../engine/decide-tool.ts";
import { type DecisionRecord, decisionRecord } from "../engine/decision-record.ts";
import type { HookEngine } from "../engine/engine.ts";
import type { HookVerdict } from "../engine/interpret.ts";
import { hookName } from "../engine/messages.ts";
import {
	postToolUseFailurePayload,
	postToolUsePayload,
	preToolUsePayload,
	type SessionInfo,
} from "../engine/payload.ts";
import {
	fromClaudeToolInput,
	fromClaudeToolOutput,
	invalidToolInput,
	toClaudeToolError,
	toClaudeToolInput,
	toClaudeToolName,
	toClaudeToolResponse,
} from "../engine/tool-map.ts";
import { runHooks } from "./hook-context.ts";
import type { McpNames } from "./mcp-names.ts";
import { showNotice } from "./notices.ts";

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

/** Dependencies of the tool hooks. */
export interface ToolHookDeps {
	readonly engine: HookEngine;
	readonly state: ToolHookState;
	readonly session: (ctx: ExtensionContext) => SessionInfo;
	/** Receives one record per decision a hook made (cards, counters). */
	readonly onDecision: (record: DecisionRecord) => void;
	/** Real names of MCP tools (`mcp__my-srv__do-thing`); without it pi's names are used. */
	readonly mcpNames?: McpNames;
}

/** Claude Code's name of a pi tool: `Bash` for `bash`, the real MCP name for an MCP tool. */
const claudeToolName = (deps: ToolHookDeps, piToolName: string): string =>
	toClaudeToolName(deps.mcpNames?.claudeName(piToolName) ?? piToolName);

const summarize = (input: Record<string, unknown>): string => {
	const main = input.command ?? input.path ?? input.pattern ?? input.file_path;
	const text = typeof main === "string" ? main : JSON.stringify(input);
	return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** Asks the user about an `ask` decision; with no UI the call is blocked (nothing may wait for a person). */
const confirmAsk = async (
	ctx: ExtensionContext,
	decision: PreToolDecision,
	name: string,
	summary: string,
): Promise<{ allowed: boolean; reason: string }> => {
	const reasons = decision.askReasons.join("\n");
	if (!ctx.hasUI) {
		return {
			allowed: false,
			reason: `${name} hook asked for the user's confirmation (${reasons}), but pi runs without a UI, so the call was blocked.`,
		};
	}
	const sources = [...new Set(decision.askSources)].join(", ");
	const title = `Hook asks: allow ${name.split(":")[1] ?? "this tool"}? [${sources}]`;
	const allowed = await ctx.ui.confirm(title, `${summary}\n\n${reasons}`);
	return allowed
		? { allowed: true, reason: "" }
		: { allowed: false, reason: `The user denied this tool call (${name} hook asked: ${reasons})` };
};

const addsContext = (verdict: HookVerdict): boolean => Boolean(verdict.json?.hookSpecificOutput?.additionalContext);
const denies = (verdict: HookVerdict): boolean =>
	verdict.status === "blocking" ||
	verdict.json?.hookSpecificOutput?.permissionDecision === "deny" ||
	verdict.json?.decision === "block";

const replaceInput = (target: Record<string, unknown>, replacement: Record<string, unknown>): void => {
	for (const key of Object.keys(target)) delete target[key];
	Object.assign(target, replacement);
};

/**
 * `tool_call` -> PreToolUse. Fails closed: an unexpected internal error blocks the call with the error as
 * reason (pi's `tool_call` precedent); hook failures themselves fail open as in Claude Code.
 */
export const handleToolCall = async (
	event: ToolCallEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
): Promise<ToolCallEventResult | undefined> => {
	deps.state.startedAt.set(event.toolCallId, performance.now());
	if (!deps.engine.hasHooks("PreToolUse")) return undefined;
	try {
		const session = deps.session(ctx);
		const input = event.input as Record<string, unknown>;
		const ccToolName = claudeToolName(deps, event.toolName);
		const ccInput = toClaudeToolInput(event.toolName, input, session.cwd);
		const name = hookName("PreToolUse", ccToolName);
		const summary = summarize(input);
		const hc = { engine: deps.engine, session, ctx, onDecision: deps.onDecision };
		const verdicts = await runHooks(hc, {
			event: "PreToolUse",
			matchValues: [ccToolName],
			piMatchValues: [event.toolName],
			tool: { ccToolName, ccInput },
			payload: preToolUsePayload(session, { toolName: ccToolName, toolInput: ccInput, toolUseId: event.toolCallId }),
			summary,
		});
		if (verdicts.length === 0) return undefined;
		const decision = decidePreToolUse(verdicts, name);
		const details = { tool: ccToolName, input: summary, time: Date.now() };
		const emit = (
			kind: DecisionRecord["kind"],
			which: readonly HookVerdict[],
			reason: string,
			answer?: DecisionRecord["answer"],
		) =>
			deps.onDecision(
				decisionRecord(kind, "PreToolUse", which, { ...details, reason, ...(answer ? { answer } : {}) }),
			);
		for (const notice of decision.notices) showNotice(ctx, notice);
		if (decision.stop !== undefined) {
			deps.state.stopRequested = decision.stop;
			emit(
				"continue_false",
				verdicts.filter((v) => v.json?.continue === false),
				decision.stop,
			);
		}
		const context = decision.context;
		if (context.length > 0) emit("context", verdicts.filter(addsContext), context.join("\n"));
		if (decision.permission === "deny") {
			emit("block", verdicts.filter(denies), decision.denyReason);
			return { block: true, reason: [decision.denyReason, ...context].join("\n") };
		}
		// Validate a rewrite before anything uses it: a hook must not make pi run `undefined`.
		let rewritten: Record<string, unknown> | undefined;
		if (decision.updatedInput !== undefined) {
			const candidate = fromClaudeToolInput(event.toolName, { ...decision.updatedInput });
			const problem = invalidToolInput(event.toolName, candidate);
			const rewriters = verdicts.filter((v) => v.json?.hookSpecificOutput?.updatedInput !== undefined);
			if (problem === undefined) rewritten = candidate;
			else {
				const text = `${name} hook returned an updatedInput that is not valid for ${event.toolName} (${problem}); the original input is used`;
				showNotice(ctx, { level: "warning", text });
				emit("error", rewriters, text);
			}
		}
		if (decision.permission === "ask") {
			const shown = rewritten === undefined ? summary : summarize(rewritten);
			const answer = await confirmAsk(ctx, decision, name, shown);
			const asked = verdicts.filter((v) => v.json?.hookSpecificOutput?.permissionDecision === "ask");
			emit(
				"ask",
				asked,
				decision.askReasons.join("\n"),
				answer.allowed ? "allowed" : ctx.hasUI ? "denied" : "no_ui",
			);
			if (!answer.allowed) {
				// With a UI the person chose this themselves; without one, say why the call did not run.
				if (!ctx.hasUI) showNotice(ctx, { level: "warning", text: answer.reason });
				return { block: true, reason: [answer.reason, ...context].join("\n") };
			}
		}
		if (rewritten !== undefined) {
			replaceInput(input, rewritten);
			emit(
				"rewrite",
				verdicts.filter((v) => v.json?.hookSpecificOutput?.updatedInput !== undefined),
				`input rewritten to ${JSON.stringify(rewritten)}`,
			);
		}
		if (context.length > 0) deps.state.pendingContext.set(event.toolCallId, [...context]);
		return undefined;
	} catch (error) {
		const message = `pi-hook-manager failed while running PreToolUse hooks, so the call is blocked: ${(error as Error).message}`;
		showNotice(ctx, { level: "error", text: message });
		return { block: true, reason: message };
	}
};

/**
 * `tool_result` -> PostToolUse (successful calls) or PostToolUseFailure (failed calls). Fails open: an
 * internal error leaves the result unchanged and is reported.
 */
export const handleToolResult = async (
	event: ToolResultEvent,
	ctx: ExtensionContext,
	deps: ToolHookDeps,
): Promise<ToolResultEventResult | undefined> => {
	const started = deps.state.startedAt.get(event.toolCallId);
	deps.state.startedAt.delete(event.toolCallId);
	const pending = deps.state.pendingContext.get(event.toolCallId) ?? [];
	deps.state.pendingContext.delete(event.toolCallId);
	const hookEvent = event.isError ? "PostToolUseFailure" : "PostToolUse";
	deps.mcpNames?.learn(event.toolName, event.details);
	let context = [...pending];
	let replacement: string | undefined;
	try {
		if (deps.engine.hasHooks(hookEvent)) {
			const session = deps.session(ctx);
			const input = event.input as Record<string, unknown>;
			const ccToolName = claudeToolName(deps, event.toolName);
			const ccInput = toClaudeToolInput(event.toolName, input, session.cwd);
			const call = { toolName: ccToolName, toolInput: ccInput, toolUseId: event.toolCallId };
			const durationMs = started === undefined ? undefined : performance.now() - started;
			const payload = event.isError
				? postToolUseFailurePayload(
						session,
						call,
						toClaudeToolError(event.toolName, event),
						ctx.signal?.aborted ?? false,
						durationMs,
					)
				: postToolUsePayload(session, call, toClaudeToolResponse(event.toolName, ccInput, event), durationMs);
			const name = hookName(hookEvent, ccToolName);
			const hc = { engine: deps.engine, session, ctx, onDecision: deps.onDecision };
			const verdicts = await runHooks(hc, {
				event: hookEvent,
				matchValues: [ccToolName],
				piMatchValues: [event.toolName],
				tool: { ccToolName, ccInput },
				payload,
				summary: summarize(input),
			});
			const decision = decidePostToolUse(verdicts, name);
			const details = { tool: ccToolName, input: summarize(input), time: Date.now() };
			const emit = (kind: DecisionRecord["kind"], which: readonly HookVerdict[], reason: string) =>
				deps.onDecision(decisionRecord(kind, hookEvent, which, { ...details, reason }));
			for (const notice of decision.notices) showNotice(ctx, notice);
			if (decision.stop !== undefined) {
				deps.state.stopRequested = decision.stop;
				emit(
					"continue_false",
					verdicts.filter((v) => v.json?.continue === false),
					decision.stop,
				);
			}
			if (decision.blocked) {
				emit(
					"block",
					verdicts.filter((v) => v.status === "blocking" || v.json?.decision === "block"),
					decision.context.join("\n"),
				);
			} else if (decision.context.length > 0) {
				emit("context", verdicts.filter(addsContext), decision.context.join("\n"));
			}
			context = [...context, ...decision.context];
			if (decision.updatedToolOutput !== undefined && !event.isError) {
				replacement = fromClaudeToolOutput(event.toolName, decision.updatedToolOutput);
				if (replacement !== undefined) {
					emit(
						"output_replaced",
						verdicts.filter((v) => v.json?.hookSpecificOutput?.updatedToolOutput !== undefined),
						replacement,
					);
				} else {
					showNotice(ctx, {
						level: "warning",
						text: `${name} hook returned updatedToolOutput that does not fit the ${event.toolName} tool's output; ignored`,
					});
				}
			}
		}
	} catch (error) {
		showNotice(ctx, {
			level: "error",
			text: `pi-hook-manager failed while running ${hookEvent} hooks: ${(error as Error).message}`,
		});
	}
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
