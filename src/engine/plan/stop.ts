/**
 * What pi does with the decisions of the events that keep the agent going or stop it. Claude Code: a Stop block (or
 * Stop context) buys one more turn with `Stop hook feedback`, at most the block cap's number of times in a row
 * (`stopBlockCap`), then the agent stops anyway and the user is told; a PostToolBatch block or `continue: false` stops
 * the agent before its next model request; a PreCompact block cancels the compaction. Pure.
 */

import type { HookVerdict } from "../decide/interpret.ts";
import { type BlockDecision, batchContextText, blockReasons, stopFeedbackText } from "../decide/stop.ts";
import { notify, notifyAll, type PlanStep, type RecordFacts, record } from "./steps.ts";

/** What pi does after the Stop hooks decided. */
export interface StopPlan {
	readonly steps: readonly PlanStep[];
	/** The consecutive-block count to keep for the next Stop. */
	readonly consecutiveBlocks: number;
	/** The model-visible message of one more turn; undefined = the agent settles. */
	readonly feedback: string | undefined;
}

const unique = (verdicts: readonly HookVerdict[]): HookVerdict[] => [...new Set(verdicts)];

/**
 * Plans a Stop decision after `consecutiveBlocks` blocks in a row (reset by a new prompt); after `cap` blocks
 * in a row the agent stops anyway. `continue: false` lets the agent settle whatever else the hooks said, with a
 * `continue_false` record of the `stopReason` (Claude Code shows it to the user).
 */
export const planStop = (
	decision: BlockDecision,
	consecutiveBlocks: number,
	cap: number,
	facts: RecordFacts,
): StopPlan => {
	const steps = notifyAll(decision.notices);
	// Claude Code: `continue: false` wins over a block; the agent settles and the user is shown the stopReason.
	if (decision.stop !== undefined) {
		steps.push(record(facts, "continue_false", decision.stop.by, decision.stop.text));
		return { steps, consecutiveBlocks: 0, feedback: undefined };
	}
	if (!decision.blocked && decision.context === undefined)
		return { steps, consecutiveBlocks: 0, feedback: undefined };
	const blockedBy = decision.blocked ? decision.by : [];
	if (consecutiveBlocks >= cap) {
		const text =
			`Stop hooks blocked ${cap} times in a row; the agent stops anyway. Last reason: ` +
			`${blockReasons(decision).join("; ")}`;
		steps.push(notify({ level: "warning", text }), record(facts, "stop_cap", blockedBy, text));
		return { steps, consecutiveBlocks: 0, feedback: undefined };
	}
	const feedback = stopFeedbackText(decision);
	steps.push(record(facts, "stop_continue", unique([...blockedBy, ...(decision.context?.by ?? [])]), feedback));
	return { steps, consecutiveBlocks: consecutiveBlocks + 1, feedback };
};

/** What pi does after the PostToolBatch hooks decided. */
export interface BatchPlan {
	readonly steps: readonly PlanStep[];
	/** Hidden model context for the next request; `""` when none. */
	readonly context: string;
	/** Set when the agent must stop before its next model request: the text shown in the transcript. */
	readonly stop: string | undefined;
}

/** Plans a PostToolBatch decision. */
export const planBatch = (decision: BlockDecision, facts: RecordFacts): BatchPlan => {
	const steps = notifyAll(decision.notices);
	const context = batchContextText(decision).join("\n");
	if (decision.context !== undefined) steps.push(record(facts, "context", decision.context.by, context));
	if (!decision.blocked && decision.stop === undefined) return { steps, context, stop: undefined };
	const reason = blockReasons(decision).join("\n") || decision.stop?.text || "";
	const text = `PostToolBatch hook stopped the agent: ${reason}`;
	// The user is told once: by the card (on stderr without a UI).
	steps.push(record(facts, "block", decision.blocked ? decision.by : (decision.stop?.by ?? []), reason));
	return { steps, context, stop: text };
};

/** Plans a PreCompact decision; `cancel` is true when the compaction must not happen. */
export const planPreCompact = (
	decision: BlockDecision,
	facts: RecordFacts,
): { readonly steps: readonly PlanStep[]; readonly cancel: boolean } => {
	const steps = notifyAll(decision.notices);
	if (!decision.blocked) return { steps, cancel: false };
	const reason = decision.reasons.join("\n");
	steps.push(
		notify({ level: "warning", text: `PreCompact hook cancelled the compaction: ${reason.trimEnd()}` }),
		record(facts, "compact_cancelled", decision.by, reason),
	);
	return { steps, cancel: true };
};
