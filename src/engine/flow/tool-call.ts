/**
 * The flow of pi's `tool_call`: PreToolUse. It takes pi's call as pi gives it and does every Claude Code step
 * itself: the tool's Claude Code name (the real MCP name too), the no-match record, the input in Claude Code terms,
 * the stdin payload, the dispatch with its failure cards, the decision (deny > ask > allow) and the plan. pi then
 * only carries out the steps, asks the user when the plan says `confirm` (the one round trip: {@link
 * PreToolUsePlan.answer}), blocks, or replaces the input.
 */
import { decidePreToolUse } from "../decide/tool.ts";
import { preToolUsePayload } from "../payload/tool.ts";
import type { PlanStep } from "../plan/steps.ts";
import { type PreToolOutcome, planPreToolAnswer, planPreToolUse } from "../plan/tool.ts";
import type { FiringRecord } from "../record/firing-record.ts";
import {
	claudeToolName,
	recordIfNoToolHookMatches,
	runToolEvent,
	type ToolEvent,
	type ToolFlowPorts,
	type ToolMoment,
} from "./tool-moment.ts";

/** pi's tool call, as pi's `tool_call` event holds it (pi names: `bash`, `{ command }`). */
export interface PiToolCall {
	readonly toolName: string;
	readonly toolCallId: string;
	readonly input: Readonly<Record<string, unknown>>;
}

/** What follows the user's answer to a `confirm`: more steps, then the final outcome (`block` or `proceed`). */
export interface PreToolAnswerPlan {
	readonly steps: readonly PlanStep[];
	readonly outcome: PreToolOutcome;
}

/**
 * What pi does after the PreToolUse hooks: carry out `steps` in order (failure cards first), stop the agent at the
 * turn's end when `stop` is set, then the `outcome`: block with the reason, proceed (`input` replaces the whole
 * input when set; `context` waits for the result), or `confirm`: ask the user, then carry out `answer(allowed)`.
 */
export interface PreToolUsePlan {
	readonly steps: readonly PlanStep[];
	/** `continue: false`: the user-facing text; pi stops the agent once the turn ends. */
	readonly stop: string | undefined;
	readonly outcome: PreToolOutcome;
	/** Plans the user's answer to a `confirm` outcome (Claude Code's `ask`). */
	readonly answer: (allowed: boolean) => PreToolAnswerPlan;
}

/** The plan when hooks matched but none gave a verdict (all background): the call runs as it is. */
const UNTOUCHED: PreToolOutcome = { action: "proceed", input: undefined, context: [] };

/**
 * PreToolUse for pi's `call`. Undefined at once, without a promise, when no hook matches it (the call is recorded
 * when the event has hooks, and nothing else is built: not even the session facts); else a promise of the plan.
 * Throws only on an internal error (pi fails the call closed).
 */
export const preToolUse = (
	ports: ToolFlowPorts,
	call: PiToolCall,
	moment: ToolMoment,
): Promise<PreToolUsePlan> | undefined => {
	const ccToolName = claudeToolName(ports.mcpNames, call.toolName);
	const tool: ToolEvent = {
		event: "PreToolUse",
		call,
		ccToolName,
		payloadOf: (session, ccInput) =>
			preToolUsePayload(session, { toolName: ccToolName, toolInput: ccInput, toolUseId: call.toolCallId }),
	};
	if (recordIfNoToolHookMatches(ports, moment, tool)) return undefined;
	return runPreToolUse(ports, call, moment, tool);
};

/** The PreToolUse hooks of a call some hook matched: dispatch, decide and plan (see {@link preToolUse}). */
const runPreToolUse = async (
	ports: ToolFlowPorts,
	call: PiToolCall,
	moment: ToolMoment,
	tool: ToolEvent,
): Promise<PreToolUsePlan> => {
	const { run, facts } = await runToolEvent(ports, moment, tool);
	if (run.verdicts.length === 0)
		return {
			steps: run.steps,
			stop: undefined,
			outcome: UNTOUCHED,
			answer: () => ({ steps: [], outcome: UNTOUCHED }),
		};
	const decision = decidePreToolUse(run.verdicts, facts.name);
	const plan = planPreToolUse(decision, facts, call.input);
	noteAnswer(run.record, plan.steps);
	return {
		steps: [...run.steps, ...plan.steps],
		stop: plan.stop,
		outcome: plan.outcome,
		answer: (allowed) => {
			const answered = planPreToolAnswer(decision, facts, plan, allowed);
			noteAnswer(run.record, answered.steps);
			return answered;
		},
	};
};

/** Gives the call's firing record the answer of the plan's `ask` card, when it has one (the log's details show it). */
const noteAnswer = (record: FiringRecord | undefined, steps: readonly PlanStep[]): void => {
	for (const step of steps)
		if (step.do === "record" && step.record.kind === "ask" && step.record.answer !== undefined)
			record?.answered(step.record.answer);
};
