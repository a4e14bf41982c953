/**
 * Combining the effects of the prompt and session events. Claude Code: UserPromptSubmit and
 * UserPromptExpansion can block the prompt and add context; SessionStart adds context and never blocks (its
 * exit 2 only shows stderr to the user); plain stdout on exit 0 is context only for these events. Pure.
 */

import { additionalContextText, capText, hookReminder } from "../text/messages.ts";
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

/**
 * The combined decision of a prompt or session event: `blocked` when the prompt must not reach the model
 * (exit 2, `decision: "block"` or `continue: false`), with `reasons` for the user (never the model: the JSON
 * reasons or `[cmd]: stderr`, one per blocking hook) and `by` the hooks that blocked (those that said
 * `continue: false` when none blocked otherwise). Not blocked on an event that cannot block (SessionStart),
 * `errors` are the hooks that exited 2: their stderr is only shown to the user. Either way the context.
 */
export type ContextDecision = (
	| { readonly blocked: true; readonly reasons: readonly string[]; readonly by: DecidedBy }
	| { readonly blocked: false; readonly errors: DecidedBy }
) &
	CommonEffects & {
		/**
		 * Model-visible texts to send with the prompt / at session start, in hook finish order (stdout or
		 * `additionalContext` of hooks that succeeded); undefined when none.
		 */
		readonly context: AddedContext | undefined;
	};

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
	const reasons: string[] = [];
	const context: string[] = [];
	const event = name.split(":")[0] ?? name;
	for (const verdict of verdicts) {
		const exit2 = verdict.status === "blocking";
		for (const effect of verdict.effects) {
			if (effect.kind === "block") {
				if (exit2) {
					const text = exit2BlockReason(verdict, effect);
					if (canBlock) reasons.push(text);
					else notices.push({ level: "warning", text: `${name} hook error: ${text.trimEnd()}` });
				} else if (canBlock) reasons.push(effect.reason ?? `${name} hook blocked the prompt`);
			}
			// Claude Code: an exit-2 hook's context is not used on these events.
			if (exit2) continue;
			if (effect.kind === "stdout") context.push(hookReminder(`${name} hook success: `, effect.text));
			if (effect.kind === "context") context.push(additionalContextText(event, effect.text));
		}
	}
	const blockedBy = verdictsWith(verdicts, "block");
	const stop = canBlock ? common.stop : undefined;
	if (stop !== undefined && reasons.length === 0) reasons.push(stop.text);
	const by = verdictsWith(verdicts, "stdout", "context").filter((verdict) => verdict.status === "success");
	return {
		...(reasons.length > 0
			? { blocked: true, reasons, by: blockedBy.length > 0 ? blockedBy : (stop?.by ?? []) }
			: {
					blocked: false,
					errors: canBlock ? [] : blockedBy.filter((verdict) => verdict.status === "blocking"),
				}),
		...common,
		notices,
		context: addedContext(context, by),
	};
};

/** What the user sees when UserPromptSubmit blocks a prompt: the reasons, then the original prompt. */
export const promptBlockedText = (event: string, reasons: readonly string[], prompt: string): string =>
	capText(
		`${event} operation blocked by hook:\n` +
			`${reasons.map((reason) => reason.trimEnd()).join("\n")}\n\nOriginal prompt: ${prompt}`,
	);
