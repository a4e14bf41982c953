/**
 * What pi does with the decisions of prompt and session events, and with a background hook's result.
 * Claude Code: `/skill:name args` and `/template args` fire UserPromptExpansion before they expand; a block
 * on UserPromptExpansion or UserPromptSubmit means the prompt never reaches the model and the user sees why;
 * their context (and SessionStart's) reaches the model with the prompt, hidden from the transcript. A
 * background (`async`) hook decides nothing: its context and `systemMessage` reach the model on the next
 * turn, and an `asyncRewake` hook that exits 2 wakes the agent. Pure.
 */

import { type ContextDecision, promptBlockedText } from "../decide/context.ts";
import { effectOf } from "../decide/effects.ts";
import type { HookVerdict } from "../decide/interpret.ts";
import { additionalContextText, commandText, hookReminder } from "../text/messages.ts";
import { failureCards } from "./card.ts";
import { notify, notifyAll, type PlanStep, type RecordFacts, record } from "./steps.ts";

/** A prompt that names a skill or prompt template: `/skill:name args` or `/template args`. */
export interface PromptExpansion {
	readonly commandName: string;
	readonly commandArgs: string;
	/** `skill` or `prompt` (a prompt template). */
	readonly source: string;
}

/**
 * The expansion a prompt asks for, or undefined. `templates` are pi's prompt-template names
 * (`pi.getCommands()` with source `prompt`).
 */
export const promptExpansion = (text: string, templates: readonly string[]): PromptExpansion | undefined => {
	const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
	if (!match) return undefined;
	const name = match[1] ?? "";
	const args = match[2] ?? "";
	if (name.startsWith("skill:")) return { commandName: name, commandArgs: args, source: "skill" };
	if (templates.includes(name)) return { commandName: name, commandArgs: args, source: "prompt" };
	return undefined;
};

/** What pi does with a UserPromptExpansion / UserPromptSubmit decision. */
export interface PromptPlan {
	readonly steps: readonly PlanStep[];
	/** True when the prompt must not reach the model. */
	readonly blocked: boolean;
	/** Hidden model context to send with the prompt (nothing when blocked). */
	readonly context: readonly string[];
}

/** Plans a prompt event's decision; `facts.input` is the prompt. */
export const planPrompt = (decision: ContextDecision, facts: RecordFacts): PromptPlan => {
	const steps = notifyAll(decision.notices);
	if (decision.blocked) {
		const text = promptBlockedText(facts.event, decision.reasons, facts.input);
		steps.push(
			notify({ level: "warning", text }),
			record(facts, "prompt_blocked", decision.by, decision.reasons.join("\n")),
		);
		return { steps, blocked: true, context: [] };
	}
	if (decision.context !== undefined) {
		steps.push(record(facts, "context", decision.context.by, decision.context.texts.join("\n")));
	}
	return { steps, blocked: false, context: decision.context?.texts ?? [] };
};

/**
 * Plans a SessionStart decision (`name` is `SessionStart:<source>`): its context goes to the model with the
 * next prompt. Claude Code 2.1.199: an exit-2 SessionStart hook's stderr is shown in the transcript (it cannot
 * block), so each is an `error` record.
 */
export const planSessionContext = (decision: ContextDecision, name: string, facts: RecordFacts): PromptPlan => {
	const steps = notifyAll(decision.notices);
	for (const verdict of decision.blocked ? [] : decision.errors) {
		const reason = effectOf(verdict.effects, "block")?.reason ?? "";
		const text = `${name} hook error: [${commandText(verdict.entry)}]: ${reason.trimEnd()}`;
		steps.push(record(facts, "error", [verdict], text, undefined, [reason]));
	}
	if (decision.context !== undefined) {
		steps.push(record(facts, "context", decision.context.by, decision.context.texts.join("\n")));
	}
	return { steps, blocked: false, context: decision.context?.texts ?? [] };
};

/** What pi does with one background hook's result: `steps` (a failure's record), then the delivery. */
export interface AsyncPlan {
	readonly steps: readonly PlanStep[];
	/** `wake`: wake the agent with this text (`asyncRewake` exit 2); `context`: hidden context for the next turn. */
	readonly deliver: { readonly action: "wake" | "context"; readonly text: string } | undefined;
}

/**
 * Plans a background hook's verdict; `name` is the hook name (`PostToolUse:Bash`). A failure is one card and
 * one count, like the failure of a hook that was awaited.
 */
export const planAsyncVerdict = (verdict: HookVerdict, name: string, facts: RecordFacts): AsyncPlan => {
	const steps: PlanStep[] = failureCards(facts.event, [verdict], facts).map((failure) => ({
		do: "record",
		record: failure,
	}));
	if (effectOf(verdict.effects, "failed") !== undefined) return { steps, deliver: undefined };
	const handler = verdict.entry.handler;
	const outcome = verdict.outcome;
	if (
		handler.type === "command" &&
		handler.asyncRewake &&
		verdict.status === "blocking" &&
		outcome.kind === "exited"
	) {
		const text = outcome.stderr.text.trim() || outcome.stdout.text.trim();
		return { steps, deliver: { action: "wake", text: hookReminder(`${name} hook: `, text) } };
	}
	const context: string[] = [];
	const additional = effectOf(verdict.effects, "context");
	if (additional !== undefined) context.push(additionalContextText(name, additional.text));
	const message = effectOf(verdict.effects, "message");
	if (message !== undefined) context.push(hookReminder(`${name} hook says: `, message.text));
	return { steps, deliver: context.length === 0 ? undefined : { action: "context", text: context.join("\n") } };
};
