/**
 * UserPromptExpansion and UserPromptSubmit on pi's `input` event (typed and RPC prompts): one engine flow
 * (engine/flow/prompt.ts). A block means the prompt never reaches the model and the user sees why; plain stdout
 * and `additionalContext` go to the model with the prompt, hidden from the transcript, through
 * `before_agent_start`.
 */
import type { BeforeAgentStartEventResult, InputEvent, InputEventResult } from "@earendil-works/pi-coding-agent";
import { promptInput } from "../../engine/flow/prompt.ts";
import { CONTEXT_MESSAGE_TYPE, type HookContext, runFlow } from "./hook-context.ts";

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
	const plan = await runFlow(
		hc,
		(moment) => promptInput(hc, moment, { text: event.text, source: event.source, templates }),
		(done) => done.steps,
	);
	if (plan === undefined) return { action: "continue" };
	state.pending.push(...plan.context);
	return plan.blocked ? { action: "handled" } : { action: "continue" };
};

/** `before_agent_start`: delivers the prompt hooks' context as a hidden message after the prompt. */
export const handleBeforeAgentStart = (state: PromptHookState): BeforeAgentStartEventResult | undefined => {
	if (state.pending.length === 0) return undefined;
	const content = state.pending.join("\n");
	state.pending = [];
	return { message: { customType: CONTEXT_MESSAGE_TYPE, content, display: false } };
};
