/**
 * Combining the effects of the events that can keep the agent going or stop it. Claude Code: a Stop block
 * is one more turn with the reason as the next instruction, a PostToolBatch block stops the agent before its
 * next model request, a PreCompact block cancels the compaction. Pure.
 */
import { type CommonEffects, commonEffects, type DecidedBy, verdictsWith } from "./decide-tool.ts";
import type { HookVerdict } from "./interpret.ts";
import { additionalContextText, capText, commandText } from "./messages.ts";

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

/** The combined decision of a Stop, PostToolBatch or PreCompact event. */
export interface BlockDecision extends CommonEffects {
	/** True when some hook blocked (exit 2 or `decision: "block"`). */
	readonly blocked: boolean;
	/** The reasons, one per blocking hook: JSON reason, or `[cmd]: stderr` for exit 2. */
	readonly reasons: readonly string[];
	/** `additionalContext` values, raw. */
	readonly additionalContext: readonly string[];
	/** The hooks that blocked, added context, said `continue: false`. */
	readonly by: DecidedBy<"block" | "context" | "stop">;
}

/** Combines verdicts of an event whose hooks can block it. */
export const decideBlockEvent = (verdicts: readonly HookVerdict[], name: string): BlockDecision => {
	const reasons: string[] = [];
	const additionalContext: string[] = [];
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			if (effect.kind === "block") {
				if (verdict.status !== "blocking") reasons.push(effect.reason ?? `${name} hook blocked`);
				else if (effect.source === "json") reasons.push(effect.reason ?? "");
				else reasons.push(`[${commandText(verdict.entry)}]: ${effect.reason ?? ""}`);
			} else if (effect.kind === "context") additionalContext.push(effect.text);
		}
	}
	return {
		...commonEffects(verdicts, name),
		blocked: reasons.length > 0,
		reasons,
		additionalContext,
		by: {
			block: verdictsWith(verdicts, "block"),
			context: verdictsWith(verdicts, "context"),
			stop: verdictsWith(verdicts, "stop"),
		},
	};
};

/**
 * The model-visible message that keeps the agent going after a Stop block or Stop `additionalContext`
 * (Claude Code sends a plain user message `Stop hook feedback:\n<reason>`).
 */
export const stopFeedbackText = (decision: BlockDecision): string =>
	capText(`Stop hook feedback:\n${[...decision.reasons, ...decision.additionalContext].join("\n")}`);

/** PostToolBatch `additionalContext` for the next model request. */
export const batchContextText = (decision: BlockDecision): string[] =>
	decision.additionalContext.map((context) => additionalContextText("PostToolBatch", context));
