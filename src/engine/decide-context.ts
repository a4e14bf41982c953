/**
 * Combining the effects of the prompt and session events. Claude Code: UserPromptSubmit and
 * UserPromptExpansion can block the prompt and add context; SessionStart adds context and never blocks (its
 * exit 2 only shows stderr to the user); plain stdout on exit 0 is context only for these events. Pure.
 */
import { type CommonEffects, commonEffects, type DecidedBy, verdictsWith } from "./decide-tool.ts";
import type { HookVerdict } from "./interpret.ts";
import { capText, commandText, systemReminder } from "./messages.ts";

/** The combined decision of a prompt or session event. */
export interface ContextDecision extends CommonEffects {
	/** True when the prompt must not reach the model (exit 2, `decision: "block"` or `continue: false`). */
	readonly blocked: boolean;
	/** Why, for the user (never the model): the JSON reasons or `[cmd]: stderr`, one per blocking hook. */
	readonly blockReasons: readonly string[];
	/** Model-visible texts to send with the prompt / at session start, in hook finish order. */
	readonly context: readonly string[];
	/**
	 * The hooks that blocked (on SessionStart: that exited 2, which only reports), added context (stdout or
	 * `additionalContext`), said `continue: false`.
	 */
	readonly by: DecidedBy<"block" | "context" | "stop">;
}

/**
 * Combines verdicts for `name` (`UserPromptSubmit`, `UserPromptExpansion` or `SessionStart:<source>`).
 * `canBlock` is false for SessionStart, where exit 2 only shows stderr to the user.
 */
export const decideContextEvent = (
	verdicts: readonly HookVerdict[],
	name: string,
	canBlock: boolean,
): ContextDecision => {
	const common = commonEffects(verdicts, name);
	const notices = [...common.notices];
	const blockReasons: string[] = [];
	const context: string[] = [];
	const event = name.split(":")[0] ?? name;
	for (const verdict of verdicts) {
		const exit2 = verdict.status === "blocking";
		for (const effect of verdict.effects) {
			if (effect.kind === "block") {
				if (exit2) {
					const text =
						effect.source === "json"
							? (effect.reason ?? "")
							: `[${commandText(verdict.entry)}]: ${effect.reason ?? ""}`;
					if (canBlock) blockReasons.push(text);
					else notices.push({ level: "warning", text: `${name} hook error: ${text.trimEnd()}` });
				} else if (canBlock) blockReasons.push(effect.reason ?? `${name} hook blocked the prompt`);
			}
			// Claude Code: an exit-2 hook's context is not used on these events.
			if (exit2) continue;
			if (effect.kind === "stdout") context.push(systemReminder(`${name} hook success: ${effect.text}`));
			if (effect.kind === "context")
				context.push(systemReminder(`${event} hook additional context: ${effect.text}`));
		}
	}
	const stopped = canBlock && common.stop !== undefined;
	if (stopped && blockReasons.length === 0) blockReasons.push(common.stop ?? "");
	return {
		...common,
		notices,
		blocked: blockReasons.length > 0,
		blockReasons,
		context,
		by: {
			block: verdictsWith(verdicts, "block"),
			context: verdictsWith(verdicts, "stdout", "context").filter((verdict) => verdict.status === "success"),
			stop: verdictsWith(verdicts, "stop"),
		},
	};
};

/** What the user sees when UserPromptSubmit blocks a prompt: the reasons, then the original prompt. */
export const promptBlockedText = (event: string, reasons: readonly string[], prompt: string): string =>
	capText(
		`${event} operation blocked by hook:\n${reasons.map((reason) => reason.trimEnd()).join("\n")}\n\nOriginal prompt: ${prompt}`,
	);
