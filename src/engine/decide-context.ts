/**
 * Combining verdicts of the prompt and session events (Claude Code hooks §5.1, §5.5, §5.6): UserPromptSubmit
 * and UserPromptExpansion can block the prompt and add context; SessionStart adds context and never blocks.
 * Plain stdout on exit 0 is context only for these events. Pure.
 */
import { type CommonEffects, commonEffects } from "./decide-tool.ts";
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
		const json = verdict.json;
		if (verdict.status === "blocking") {
			const text =
				json?.decision === "block" && verdict.message !== ""
					? verdict.message
					: `[${commandText(verdict.entry)}]: ${verdict.message}`;
			if (canBlock) blockReasons.push(text);
			else notices.push({ level: "warning", text: `${name} hook error: ${text.trimEnd()}` });
			continue;
		}
		if (verdict.status !== "success") continue;
		if (canBlock && json?.decision === "block") blockReasons.push(json.reason ?? `${name} hook blocked the prompt`);
		if (verdict.plainText !== undefined) context.push(systemReminder(`${name} hook success: ${verdict.plainText}`));
		const additional = json?.hookSpecificOutput?.additionalContext;
		if (additional) context.push(systemReminder(`${event} hook additional context: ${additional}`));
	}
	const stopped = canBlock && common.stop !== undefined;
	if (stopped && blockReasons.length === 0) blockReasons.push(common.stop ?? "");
	return { ...common, notices, blocked: blockReasons.length > 0, blockReasons, context };
};

/** What the user sees when UserPromptSubmit blocks a prompt (claude-code-observed.md case h). */
export const promptBlockedText = (event: string, reasons: readonly string[], prompt: string): string =>
	capText(
		`${event} operation blocked by hook:\n${reasons.map((reason) => reason.trimEnd()).join("\n")}\n\nOriginal prompt: ${prompt}`,
	);
