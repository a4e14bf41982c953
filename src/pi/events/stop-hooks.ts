/**
 * Stop and StopFailure on pi's `agent_before_settle` (not `agent_end`, which retries can follow), and
 * PostToolBatch on `turn_end`: one engine flow each (engine/flow/stop.ts); pi carries out the plan (one more turn
 * with the Stop feedback, hidden context, stopping before the next model request).
 */
import type { AgentBeforeSettleEvent, BoundaryResult, TurnEndEvent } from "@earendil-works/pi-coding-agent";
import { type BatchCall, beforeSettle, postToolBatch } from "../../engine/flow/stop.ts";
import { CONTEXT_MESSAGE_TYPE, type HookContext, runFlow } from "./hook-context.ts";

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
}

const lastAssistant = (messages: readonly unknown[]): MessageLike | undefined =>
	[...messages].reverse().find((message) => (message as MessageLike).role === "assistant") as MessageLike | undefined;

/** `agent_before_settle` -> Stop (completed runs), StopFailure (runs that ended in a provider error). */
export const handleBeforeSettle = async (
	event: AgentBeforeSettleEvent,
	hc: HookContext,
	state: StopHookState,
): Promise<BoundaryResult | undefined> => {
	const settle = {
		outcome: event.outcome,
		lastAssistant: lastAssistant(event.context.contextMessages as readonly unknown[]),
		consecutiveBlocks: state.consecutiveBlocks,
		cap: state.cap,
	};
	const plan = await runFlow(
		hc,
		(moment) => beforeSettle(hc, moment, settle),
		(done) => done.steps,
	);
	state.consecutiveBlocks = plan?.consecutiveBlocks ?? 0;
	if (plan?.feedback === undefined) return undefined;
	return {
		entries: [
			...event.entries,
			{ type: "custom_message", customType: STOP_FEEDBACK_TYPE, content: plan.feedback, display: false },
		],
		continue: true,
	};
};

/** The `toolCall` blocks of a turn's assistant message. */
const toolCallsOf = (message: unknown): BatchCall[] => {
	const content = (message as MessageLike).content;
	return Array.isArray(content)
		? (content as (BatchCall & { readonly type?: string })[]).filter((block) => block.type === "toolCall")
		: [];
};

/**
 * `turn_end` with tool results -> PostToolBatch, once per batch, before the next model request. A block or
 * `continue: false` aborts the run and hands the user-facing text to `onStop`.
 */
export const handleTurnEnd = async (
	event: TurnEndEvent,
	hc: HookContext,
	onStop: (text: string) => void = () => {},
): Promise<BoundaryResult | undefined> => {
	const plan = await runFlow(
		hc,
		(moment) =>
			postToolBatch(hc, moment, {
				results: event.toolResults,
				calls: toolCallsOf(event.message),
				claudeName: (piToolName) => hc.mcpNames.claudeName(piToolName),
			}),
		(done) => done.steps,
	);
	if (plan === undefined) return undefined;
	if (plan.stop !== undefined) {
		// The run is aborted before its next model request; `onStop` gets the text to end the session with.
		onStop(plan.stop);
		hc.ctx.abort();
	}
	if (plan.context === "") return undefined;
	return {
		entries: [
			...event.entries,
			{ type: "custom_message", customType: CONTEXT_MESSAGE_TYPE, content: plan.context, display: false },
		],
	};
};
