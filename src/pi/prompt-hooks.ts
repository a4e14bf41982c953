/**
 * UserPromptExpansion and UserPromptSubmit on pi's `input` event (typed and RPC prompts): a block means the
 * prompt never reaches the model and the user sees why; plain stdout and `additionalContext` go to the model
 * with the prompt, hidden from the transcript, through `before_agent_start`.
 */
import type { BeforeAgentStartEventResult, InputEvent, InputEventResult } from "@earendil-works/pi-coding-agent";
import { decideContextEvent, promptBlockedText } from "../engine/decide-context.ts";
import { basePayload } from "../engine/payload.ts";
import {
	blockingVerdicts,
	CONTEXT_MESSAGE_TYPE,
	contextVerdicts,
	type HookContext,
	recordDecision,
	runHooks,
	showNotices,
} from "./hook-context.ts";

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

/** Hidden context waiting for the next `before_agent_start`. */
export interface PromptHookState {
	pending: string[];
}

/** `input` -> UserPromptExpansion (for skills and templates), then UserPromptSubmit. */
export const handleInput = async (
	event: InputEvent,
	hc: HookContext,
	state: PromptHookState,
	templates: () => readonly string[],
): Promise<InputEventResult> => {
	if (event.source === "extension") return { action: "continue" };
	const prompt = event.text;
	const expansion = hc.engine.hasHooks("UserPromptExpansion") ? promptExpansion(prompt, templates()) : undefined;
	if (expansion !== undefined) {
		const verdicts = await runHooks(hc, {
			event: "UserPromptExpansion",
			matchValues: [expansion.commandName],
			payload: {
				...basePayload(hc.session, "UserPromptExpansion"),
				expansion_type: "slash_command",
				command_name: expansion.commandName,
				command_args: expansion.commandArgs,
				command_source: expansion.source,
				prompt,
			},
			summary: prompt,
		});
		if (applyDecision(hc, state, "UserPromptExpansion", verdicts, prompt)) return { action: "handled" };
	}
	if (!hc.engine.hasHooks("UserPromptSubmit")) return { action: "continue" };
	const verdicts = await runHooks(hc, {
		event: "UserPromptSubmit",
		matchValues: [],
		payload: { ...basePayload(hc.session, "UserPromptSubmit"), prompt },
		summary: prompt,
	});
	return applyDecision(hc, state, "UserPromptSubmit", verdicts, prompt)
		? { action: "handled" }
		: { action: "continue" };
};

/** Applies a prompt event's decision; true when the prompt is blocked. */
const applyDecision = (
	hc: HookContext,
	state: PromptHookState,
	event: "UserPromptSubmit" | "UserPromptExpansion",
	verdicts: Parameters<typeof decideContextEvent>[0],
	prompt: string,
): boolean => {
	const decision = decideContextEvent(verdicts, event, true);
	showNotices(hc, decision.notices);
	if (decision.blocked) {
		const text = promptBlockedText(event, decision.blockReasons, prompt);
		showNotices(hc, [{ level: "warning", text }]);
		recordDecision(hc, "prompt_blocked", event, blockingVerdicts(verdicts), prompt, decision.blockReasons.join("\n"));
		return true;
	}
	if (decision.context.length > 0) {
		state.pending.push(...decision.context);
		recordDecision(hc, "context", event, contextVerdicts(verdicts), prompt, decision.context.join("\n"));
	}
	return false;
};

/** `before_agent_start`: delivers the prompt hooks' context as a hidden message after the prompt. */
export const handleBeforeAgentStart = (state: PromptHookState): BeforeAgentStartEventResult | undefined => {
	if (state.pending.length === 0) return undefined;
	const content = state.pending.join("\n");
	state.pending = [];
	return { message: { customType: CONTEXT_MESSAGE_TYPE, content, display: false } };
};
