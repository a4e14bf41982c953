/**
 * The text MessageDisplay hooks show instead of the assistant's (Claude Code: `hookSpecificOutput.displayContent`
 * changes only what is displayed; the model and the transcript keep the original). Pure.
 */

import { terminalSafe } from "../text/terminal-safe.ts";
import type { HookVerdict } from "./interpret.ts";
import { type DecidedBy, verdictsWith } from "./tool.ts";

/**
 * What the MessageDisplay hooks of one message decided about its display: `shown` is the text to show instead,
 * with the hooks that gave a `displayContent`; undefined = show the message as written.
 */
export interface DisplayDecision {
	readonly shown: { readonly text: string; readonly by: DecidedBy } | undefined;
}

/**
 * Combines MessageDisplay verdicts: the last hook (in configuration order) that gave a `displayContent` wins, as
 * `updatedInput` does across PreToolUse hooks; a hook that failed or timed out changes nothing (Claude Code: the
 * original text is shown).
 */
export const decideDisplay = (verdicts: readonly HookVerdict[]): DisplayDecision => {
	let text: string | undefined;
	for (const verdict of verdicts)
		for (const effect of verdict.effects) if (effect.kind === "display") text = effect.text;
	return { shown: text === undefined ? undefined : { text, by: verdictsWith(verdicts, "display") } };
};

/**
 * The text one batch shows: the hooks' `displayContent` through {@link terminalSafe} (escape sequences, other
 * controls and bidi characters become visible escapes; line breaks and tabs stay layout), ending in a line break
 * when `delta` (the batch as the assistant wrote it) did, so the next batch starts on a line of its own as it
 * would have; or `delta` itself when no hook replaced it.
 */
export const batchShown = (decision: DisplayDecision, delta: string): string => {
	if (decision.shown === undefined) return delta;
	const text = terminalSafe(decision.shown.text, { keepNewlines: true, keepTabs: true });
	return delta.endsWith("\n") && !text.endsWith("\n") ? `${text}\n` : text;
};
