/**
 * Combining the effects of the events that can keep the agent going or stop it. Claude Code: a Stop block
 * is one more turn with the reason as the next instruction, a PostToolBatch block stops the agent before its
 * next model request, a PreCompact block cancels the compaction. Pure.
 */

import { additionalContextText, capText } from "../text/messages.ts";
import type { HookVerdict } from "./interpret.ts";
import {
	type AddedContext,
	addedContext,
	type CommonEffects,
	commonEffects,
	type DecidedBy,
	exit2BlockReason,
	verdictsWith,
} from "./tool.ts";

/** The most consecutive Stop blocks before the agent is stopped anyway (Claude Code stops after 8). */
export const STOP_BLOCK_CAP = 8;

/**
 * The Stop block cap: `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` when it is a positive integer (Claude Code), else
 * {@link STOP_BLOCK_CAP}.
 */
export const stopBlockCap = (env: Readonly<Record<string, string | undefined>>): number => {
	const value = Number(env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP);
	return Number.isInteger(value) && value > 0 ? value : STOP_BLOCK_CAP;
};

/**
 * The combined decision of a Stop, PostToolBatch or PreCompact event: `blocked` (exit 2 or
 * `decision: "block"`) with `reasons`, one per blocking hook (JSON reason, or `[cmd]: stderr` for exit 2), and
 * `by` the hooks that blocked; or not blocked. Either way the raw `additionalContext` values.
 */
export type BlockDecision = (
	| { readonly blocked: true; readonly reasons: readonly string[]; readonly by: DecidedBy }
	| { readonly blocked: false }
) &
	CommonEffects & {
		/** `additionalContext` values, raw; undefined when no hook gave any. */
		readonly context: AddedContext | undefined;
	};

/** Combines verdicts of an event whose hooks can block it. */
export const decideBlockEvent = (verdicts: readonly HookVerdict[], name: string): BlockDecision => {
	const reasons: string[] = [];
	const context: string[] = [];
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			if (effect.kind === "block") {
				reasons.push(
					verdict.status === "blocking"
						? exit2BlockReason(verdict, effect)
						: (effect.reason ?? `${name} hook blocked`),
				);
			} else if (effect.kind === "context") context.push(effect.text);
		}
	}
	return {
		...(reasons.length > 0 ? { blocked: true, reasons, by: verdictsWith(verdicts, "block") } : { blocked: false }),
		...commonEffects(verdicts, name),
		context: addedContext(context, verdictsWith(verdicts, "context")),
	};
};

/** The block reasons of a decision; empty when it did not block. */
export const blockReasons = (decision: BlockDecision): readonly string[] => (decision.blocked ? decision.reasons : []);

/**
 * The model-visible message that keeps the agent going after a Stop block or Stop `additionalContext`
 * (Claude Code sends a plain user message `Stop hook feedback:\n<reason>`).
 */
export const stopFeedbackText = (decision: BlockDecision): string =>
	capText(`Stop hook feedback:\n${[...blockReasons(decision), ...(decision.context?.texts ?? [])].join("\n")}`);

/** PostToolBatch `additionalContext` for the next model request. */
export const batchContextText = (decision: BlockDecision): string[] =>
	(decision.context?.texts ?? []).map((context) => additionalContextText("PostToolBatch", context));
