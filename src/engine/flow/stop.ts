/**
 * The flows of the moments the agent would stop: pi's `agent_before_settle` is Stop for a completed run and
 * StopFailure for one that ended in a provider error (neither when the user interrupted it), and pi's `turn_end`
 * with tool results is PostToolBatch, once per batch before the next model request. Claude Code: a Stop block buys
 * one more turn (up to the block cap in a row), StopFailure's output and exit codes are ignored, a PostToolBatch
 * block or `continue: false` stops the agent.
 */
import { decideBlockEvent } from "../decide/stop.ts";
import { settleEvent, stopFailureType } from "../events/pi-vocabulary.ts";
import { toClaudeToolInput, toClaudeToolName } from "../events/tool-map.ts";
import { stopFailurePayload, stopPayload } from "../payload/stop.ts";
import { postToolBatchPayload } from "../payload/tool.ts";
import type { PlanStep } from "../plan/steps.ts";
import { type BatchPlan, planBatch, planStop, type StopPlan } from "../plan/stop.ts";
import { blocksText } from "../text/blocks.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** pi's `agent_before_settle` as the Stop flow takes it. */
export interface SettleInput {
	/** pi's outcome of the run: `completed`, `error` (a provider error) or `aborted` (the user interrupted). */
	readonly outcome: string;
	/** The run's last assistant message: its content blocks and the provider's error text; undefined when none. */
	readonly lastAssistant: { readonly content?: unknown; readonly errorMessage?: string | undefined } | undefined;
	/** Stop blocks in a row so far (kept by pi, reset by a new prompt). */
	readonly consecutiveBlocks: number;
	/** Most blocks in a row before the agent stops anyway (`stopBlockCap`). */
	readonly cap: number;
}

/**
 * What pi does when the agent would settle: carry out `steps`, keep `consecutiveBlocks` for the next Stop, and
 * give the model one more turn with `feedback` when it is set.
 */
export type SettlePlan = StopPlan;

/** The plan of a StopFailure or of a Stop without a verdict that counts: the agent settles, the count restarts. */
const settles = (steps: readonly PlanStep[]): SettlePlan => ({ steps, consecutiveBlocks: 0, feedback: undefined });

/**
 * Stop or StopFailure for pi's `agent_before_settle`. Undefined at once when no hook runs (an interrupted run, or
 * its event has no hooks): the agent settles and the block count starts again at 0.
 */
export const beforeSettle = (
	ports: FlowPorts,
	moment: FlowMoment,
	settle: SettleInput,
): Promise<SettlePlan> | undefined => {
	const event = settleEvent(settle.outcome);
	if (event === undefined || !ports.engine.hasHooks(event)) return undefined;
	const text = blocksText(settle.lastAssistant?.content, "\n");
	if (event === "StopFailure") {
		const details = settle.lastAssistant?.errorMessage ?? text;
		const error = stopFailureType(details);
		return runEvent(ports, moment, {
			event,
			matchValues: [error],
			payload: stopFailurePayload(moment.session, { error, details }),
			summary: error,
		}).then((run) => settles(run.steps)); // Claude Code: StopFailure output and exit codes are ignored.
	}
	return (async () => {
		const summary = text.slice(0, 120);
		const run = await runEvent(ports, moment, {
			event,
			matchValues: [],
			payload: stopPayload(moment.session, {
				stopHookActive: settle.consecutiveBlocks > 0,
				lastAssistantMessage: text,
			}),
			summary,
		});
		const plan = planStop(decideBlockEvent(run.verdicts, event), settle.consecutiveBlocks, settle.cap, {
			event,
			input: summary,
			time: ports.clock(),
		});
		return { ...plan, steps: [...run.steps, ...plan.steps] };
	})();
};

/** One tool result of pi's `turn_end`. */
export interface BatchResult {
	readonly toolCallId: string;
	/** pi's tool name. */
	readonly toolName: string;
	/** The result's content blocks. */
	readonly content?: unknown;
}

/** One tool call of the turn's assistant message (pi's `toolCall` block). */
export interface BatchCall {
	readonly id?: string | undefined;
	readonly arguments?: Record<string, unknown> | undefined;
}

/** pi's `turn_end` as the PostToolBatch flow takes it. */
export interface BatchInput {
	readonly results: readonly BatchResult[];
	readonly calls: readonly BatchCall[];
	/** Claude Code's name for a pi tool name before the tool map (MCP tools' real names); others unchanged. */
	readonly claudeName: (piToolName: string) => string;
}

/**
 * PostToolBatch for a turn that ran tools: each call in Claude Code's terms (name, input, id, the result's text).
 * Undefined at once when the turn ran no tool or the event has no hooks.
 */
export const postToolBatch = (
	ports: FlowPorts,
	moment: FlowMoment,
	batch: BatchInput,
): Promise<BatchPlan> | undefined => {
	if (batch.results.length === 0 || !ports.engine.hasHooks("PostToolBatch")) return undefined;
	const { cwd, home } = moment.session;
	const toolCalls = batch.results.map((result) => {
		const call = batch.calls.find((block) => block.id === result.toolCallId);
		return {
			toolName: toClaudeToolName(batch.claudeName(result.toolName)),
			toolInput: toClaudeToolInput(result.toolName, call?.arguments ?? {}, cwd, home),
			toolUseId: result.toolCallId,
			toolResponse: blocksText(result.content, "\n"),
		};
	});
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "PostToolBatch",
			matchValues: [],
			payload: postToolBatchPayload(moment.session, toolCalls),
			summary: toolCalls.map((call) => call.toolName).join(", "),
		});
		const plan = planBatch(decideBlockEvent(run.verdicts, "PostToolBatch"), {
			event: "PostToolBatch",
			input: "",
			time: ports.clock(),
		});
		return { ...plan, steps: [...run.steps, ...plan.steps] };
	})();
};
