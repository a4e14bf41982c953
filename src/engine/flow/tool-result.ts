/**
 * The flow of pi's `tool_result`: PostToolUse for a call that succeeded, PostToolUseFailure for one that failed
 * (Claude Code). It takes pi's result as pi gives it and does every Claude Code step itself: the event, the tool's
 * Claude Code name, the no-match record, the stdin payload (the response or the error, `is_interrupt`,
 * `duration_ms`), the dispatch with its failure cards (an interrupted call's hooks under a short timeout of their
 * own), the decision and the plan. pi then carries out the steps and patches the result with the plan's context
 * texts and replacement.
 */
import { decidePostToolUse } from "../decide/tool.ts";
import { INTERRUPTED_HOOK_TIMEOUT_MS } from "../events/lifecycle.ts";
import { toolResultEvent } from "../events/pi-vocabulary.ts";
import { type PiToolResult, toClaudeToolError, toClaudeToolResponse } from "../events/tool-map.ts";
import type { SessionInfo } from "../payload/base.ts";
import { postToolUseFailurePayload, postToolUsePayload } from "../payload/tool.ts";
import { type PostToolPlan, planPostToolUse } from "../plan/tool.ts";
import type { PiToolCall } from "./tool-call.ts";
import {
	claudeToolName,
	recordIfNoToolHookMatches,
	runToolEvent,
	type ToolEvent,
	type ToolFlowPorts,
	type ToolMoment,
} from "./tool-moment.ts";

/** pi's tool result, as pi's `tool_result` event holds it: the call and what the tool gave. */
export interface PiToolCallResult extends PiToolCall, PiToolResult {}

/**
 * What pi does after the PostToolUse(Failure) hooks: carry out `steps`, stop the agent at the turn's end when `stop`
 * is set, and give the model the result with `context` appended (or its output replaced by `replacement`).
 */
export type PostToolUsePlan = PostToolPlan;

/** The one result's values the payload and the plan read, fixed when the result arrived. */
interface ResultFacts {
	readonly hookEvent: "PostToolUse" | "PostToolUseFailure";
	readonly ccToolName: string;
	readonly aborted: boolean;
	readonly durationMs: number | undefined;
}

/** The stdin of `result`'s hooks, with its input in Claude Code terms (`ccInput`). */
const payloadOf = (
	result: PiToolCallResult,
	facts: ResultFacts,
	session: SessionInfo,
	ccInput: Record<string, unknown>,
): Record<string, unknown> => {
	const call = { toolName: facts.ccToolName, toolInput: ccInput, toolUseId: result.toolCallId };
	return result.isError
		? postToolUseFailurePayload(
				session,
				call,
				toClaudeToolError(result.toolName, result),
				facts.aborted,
				facts.durationMs,
			)
		: postToolUsePayload(session, call, toClaudeToolResponse(result.toolName, ccInput, result), facts.durationMs);
};

/**
 * PostToolUse or PostToolUseFailure for pi's `result`. Undefined at once, without a promise, when no hook matches it
 * (recorded when the event has hooks, nothing else built, nothing of pi read but its abort state and the call's
 * duration); else a promise of the plan. Throws only on an internal error (pi then keeps the result as it is).
 */
export const postToolUse = (
	ports: ToolFlowPorts,
	result: PiToolCallResult,
	moment: ToolMoment,
): Promise<PostToolUsePlan> | undefined => {
	const hookEvent = toolResultEvent(result.isError);
	if (!ports.engine.hasHooks(hookEvent)) return undefined;
	const facts: ResultFacts = {
		hookEvent,
		ccToolName: claudeToolName(ports.mcpNames, result.toolName),
		aborted: moment.aborted(),
		durationMs: moment.durationMs(),
	};
	const tool: ToolEvent = {
		event: hookEvent,
		call: result,
		ccToolName: facts.ccToolName,
		payloadOf: (session, ccInput) => payloadOf(result, facts, session, ccInput),
	};
	if (recordIfNoToolHookMatches(ports, moment, tool)) return undefined;
	return runPostToolUse(ports, result, moment, facts, tool);
};

/** The PostToolUse(Failure) hooks of a result some hook matched: dispatch, decide and plan. */
const runPostToolUse = async (
	ports: ToolFlowPorts,
	result: PiToolCallResult,
	moment: ToolMoment,
	facts: ResultFacts,
	tool: ToolEvent,
): Promise<PostToolUsePlan> => {
	// Claude Code: the hooks of a call the user interrupted (Esc) still run, under a short timeout of their own;
	// pi's signal has already fired, so it must not be the hooks' signal.
	const signal = facts.aborted ? AbortSignal.timeout(INTERRUPTED_HOOK_TIMEOUT_MS) : undefined;
	const { run, facts: planFacts } = await runToolEvent(ports, moment, tool, signal);
	const plan = planPostToolUse(decidePostToolUse(run.verdicts, planFacts.name), planFacts, result.isError);
	return { ...plan, steps: [...run.steps, ...plan.steps] };
};
