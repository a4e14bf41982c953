/**
 * Stop and StopFailure on pi's `agent_before_settle` (not `agent_end`, which retries can follow), and
 * PostToolBatch on `turn_end`: dispatch, then carry out the engine's plan (plan-stop.ts: one more turn with
 * the Stop feedback, the block cap, stopping before the next model request).
 */
import type { AgentBeforeSettleEvent, BoundaryResult, TurnEndEvent } from "@earendil-works/pi-coding-agent";
import { decideBlockEvent } from "../../engine/decide-stop.ts";
import { settleEvent, stopFailureType } from "../../engine/events/pi-vocabulary.ts";
import { stopFailurePayload, stopPayload } from "../../engine/payload/stop.ts";
import { postToolBatchPayload } from "../../engine/payload/tool.ts";
import { planBatch, planStop } from "../../engine/plan-stop.ts";
import { blocksText } from "../../engine/text/blocks.ts";
import { toClaudeToolInput, toClaudeToolName } from "../../engine/tool-map.ts";
import { CONTEXT_MESSAGE_TYPE, carryOut, type HookContext, runHooks } from "./hook-context.ts";

/** Consecutive Stop blocks, reset by a new prompt or a Stop that lets the agent finish. */
export interface StopHookState {
	consecutiveBlocks: number;
	/** Most consecutive blocks before the agent stops anyway (`stopBlockCap` of the environment). */
	readonly cap: number;
}

/** The custom message type of Stop feedback (model-visible, hidden in the transcript; a card shows it). */
export const STOP_FEEDBACK_TYPE = "pi-hook-manager/stop-feedback";

interface MessageLike {
	readonly role?: string;
	readonly content?: unknown;
	readonly errorMessage?: string;
	readonly stopReason?: string;
}

const textOf = (message: MessageLike | undefined): string => {
	return blocksText(message?.content, "\n");
};

const lastAssistant = (messages: readonly unknown[]): MessageLike | undefined =>
	[...messages].reverse().find((message) => (message as MessageLike).role === "assistant") as MessageLike | undefined;

/** `agent_before_settle` -> Stop (completed runs), StopFailure (runs that ended in a provider error). */
export const handleBeforeSettle = async (
	event: AgentBeforeSettleEvent,
	hc: HookContext,
	state: StopHookState,
): Promise<BoundaryResult | undefined> => {
	const messages = event.context.contextMessages as readonly unknown[];
	const assistant = lastAssistant(messages);
	const hookEvent = settleEvent(event.outcome);
	if (hookEvent === undefined) {
		state.consecutiveBlocks = 0; // Claude Code: Stop does not fire when the user interrupts.
		return undefined;
	}
	if (hookEvent === "StopFailure") {
		state.consecutiveBlocks = 0;
		if (!hc.engine.hasHooks("StopFailure")) return undefined;
		const details = assistant?.errorMessage ?? textOf(assistant);
		const error = stopFailureType(details);
		await runHooks(hc, {
			event: "StopFailure",
			matchValues: [error],
			payload: stopFailurePayload(hc.session, { error, details }),
			summary: error,
		});
		return undefined; // Claude Code: StopFailure output and exit codes are ignored.
	}
	if (!hc.engine.hasHooks("Stop")) return undefined;
	const lastText = textOf(assistant);
	const verdicts = await runHooks(hc, {
		event: "Stop",
		matchValues: [],
		payload: stopPayload(hc.session, {
			stopHookActive: state.consecutiveBlocks > 0,
			lastAssistantMessage: lastText,
		}),
		summary: lastText.slice(0, 120),
	});
	const plan = planStop(decideBlockEvent(verdicts, "Stop"), state.consecutiveBlocks, state.cap, {
		event: "Stop",
		input: lastText.slice(0, 120),
		time: hc.clock(),
	});
	carryOut(hc, plan.steps);
	state.consecutiveBlocks = plan.consecutiveBlocks;
	if (plan.feedback === undefined) return undefined;
	return {
		entries: [
			...event.entries,
			{ type: "custom_message", customType: STOP_FEEDBACK_TYPE, content: plan.feedback, display: false },
		],
		continue: true,
	};
};

interface ToolCallBlock {
	readonly type?: string;
	readonly id?: string;
	readonly name?: string;
	readonly arguments?: Record<string, unknown>;
}

/**
 * `turn_end` with tool results -> PostToolBatch, once per batch, before the next model request. A block or
 * `continue: false` aborts the run and hands the user-facing text to `onStop`.
 */
export const handleTurnEnd = async (
	event: TurnEndEvent,
	hc: HookContext,
	onStop: (text: string) => void = () => {},
): Promise<BoundaryResult | undefined> => {
	if (event.toolResults.length === 0 || !hc.engine.hasHooks("PostToolBatch")) return undefined;
	const calls = (
		Array.isArray((event.message as MessageLike).content)
			? ((event.message as MessageLike).content as ToolCallBlock[])
			: []
	).filter((block) => block.type === "toolCall");
	const toolCalls = event.toolResults.map((result) => {
		const call = calls.find((block) => block.id === result.toolCallId);
		const piName = result.toolName;
		return {
			toolName: toClaudeToolName(hc.mcpNames.claudeName(piName) ?? piName),
			toolInput: toClaudeToolInput(piName, call?.arguments ?? {}, hc.session.cwd, hc.session.home),
			toolUseId: result.toolCallId,
			toolResponse: textOf(result as MessageLike),
		};
	});
	const verdicts = await runHooks(hc, {
		event: "PostToolBatch",
		matchValues: [],
		payload: postToolBatchPayload(hc.session, toolCalls),
		summary: toolCalls.map((call) => call.toolName).join(", "),
	});
	const plan = planBatch(decideBlockEvent(verdicts, "PostToolBatch"), {
		event: "PostToolBatch",
		input: "",
		time: hc.clock(),
	});
	const entries = [...event.entries];
	if (plan.context !== "") {
		entries.push({
			type: "custom_message",
			customType: CONTEXT_MESSAGE_TYPE,
			content: plan.context,
			display: false,
		});
	}
	carryOut(hc, plan.steps);
	if (plan.stop !== undefined) {
		// The run is aborted before its next model request; `onStop` gets the text to end the session with.
		onStop(plan.stop);
		hc.ctx.abort();
	}
	return entries.length === event.entries.length ? undefined : { entries };
};
