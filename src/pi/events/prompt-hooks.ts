/**
 * UserPromptExpansion and UserPromptSubmit on pi's `input` event (typed and RPC prompts): a block means the
 * prompt never reaches the model and the user sees why; plain stdout and `additionalContext` go to the model
 * with the prompt, hidden from the transcript, through `before_agent_start`.
 */
import type { BeforeAgentStartEventResult, InputEvent, InputEventResult } from "@earendil-works/pi-coding-agent";
import { decideContextEvent } from "../../engine/decide-context.ts";
import type { HookVerdict } from "../../engine/interpret.ts";
import { userPromptExpansionPayload, userPromptSubmitPayload } from "../../engine/payload/prompt.ts";
import { planPrompt, promptExpansion } from "../../engine/plan-prompt.ts";
import { CONTEXT_MESSAGE_TYPE, carryOut, type HookContext, runHooks } from "./hook-context.ts";

export { type PromptExpansion, promptExpansion } from "../../engine/plan-prompt.ts";

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
			payload: userPromptExpansionPayload(hc.session, expansion, prompt),
			summary: prompt,
		});
		if (applyDecision(hc, state, "UserPromptExpansion", verdicts, prompt)) return { action: "handled" };
	}
	if (!hc.engine.hasHooks("UserPromptSubmit")) return { action: "continue" };
	const verdicts = await runHooks(hc, {
		event: "UserPromptSubmit",
		matchValues: [],
		payload: userPromptSubmitPayload(hc.session, prompt),
		summary: prompt,
	});
	return applyDecision(hc, state, "UserPromptSubmit", verdicts, prompt)
		? { action: "handled" }
		: { action: "continue" };
};

/** Carries out the plan of a prompt event's decision; true when the prompt is blocked. */
const applyDecision = (
	hc: HookContext,
	state: PromptHookState,
	event: "UserPromptSubmit" | "UserPromptExpansion",
	verdicts: readonly HookVerdict[],
	prompt: string,
): boolean => {
	const plan = planPrompt(decideContextEvent(verdicts, event, true), { event, input: prompt, time: hc.clock() });
	carryOut(hc, plan.steps);
	state.pending.push(...plan.context);
	return plan.blocked;
};

/** `before_agent_start`: delivers the prompt hooks' context as a hidden message after the prompt. */
export const handleBeforeAgentStart = (state: PromptHookState): BeforeAgentStartEventResult | undefined => {
	if (state.pending.length === 0) return undefined;
	const content = state.pending.join("\n");
	state.pending = [];
	return { message: { customType: CONTEXT_MESSAGE_TYPE, content, display: false } };
};
