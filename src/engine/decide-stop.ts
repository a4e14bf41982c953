/**
 * Combining verdicts of the events that can keep the agent going or stop it (Claude Code hooks §5.5, §5.6):
 * Stop (block = one more turn with the reason as the next instruction), PostToolBatch (block = stop before
 * the next model request) and PreCompact (block = no compaction). Pure.
 */
import { type CommonEffects, commonEffects } from "./decide-tool.ts";
import type { HookVerdict } from "./interpret.ts";
import { additionalContextText, capText, commandText } from "./messages.ts";

/** The most consecutive Stop blocks before the agent is stopped anyway (Claude Code hooks §5.5). */
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
}

/** Combines verdicts of an event whose hooks can block it. */
export const decideBlockEvent = (verdicts: readonly HookVerdict[], name: string): BlockDecision => {
	const reasons: string[] = [];
	const additionalContext: string[] = [];
	for (const verdict of verdicts) {
		const json = verdict.json;
		if (verdict.status === "blocking") {
			const fromJson = json?.decision === "block" && verdict.message !== "";
			reasons.push(fromJson ? verdict.message : `[${commandText(verdict.entry)}]: ${verdict.message}`);
		} else if (verdict.status === "success" && json?.decision === "block") {
			reasons.push(json.reason ?? `${name} hook blocked`);
		}
		const additional = json?.hookSpecificOutput?.additionalContext;
		if (additional && verdict.status !== "error") additionalContext.push(additional);
	}
	return { ...commonEffects(verdicts, name), blocked: reasons.length > 0, reasons, additionalContext };
};

/**
 * The model-visible message that keeps the agent going after a Stop block or Stop `additionalContext`
 * (claude-code-observed.md case i: a plain user message `Stop hook feedback:\n<reason>`).
 */
export const stopFeedbackText = (decision: BlockDecision): string =>
	capText(`Stop hook feedback:\n${[...decision.reasons, ...decision.additionalContext].join("\n")}`);

/** PostToolBatch `additionalContext` for the next model request. */
export const batchContextText = (decision: BlockDecision): string[] =>
	decision.additionalContext.map((context) => additionalContextText("PostToolBatch", context));
