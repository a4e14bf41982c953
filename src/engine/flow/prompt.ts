/**
 * The flow of a prompt pi is about to send (pi's `input`): UserPromptExpansion first when the prompt names a skill
 * (`/skill:name args`) or a prompt template (`/template args`), then UserPromptSubmit, as in Claude Code. A block
 * of either means the prompt never reaches the model (and a blocked expansion runs no UserPromptSubmit); the
 * context of both goes to the model with the prompt, hidden. A prompt an extension sent fires neither.
 */
import { decideContextEvent } from "../decide/context.ts";
import { userPromptExpansionPayload, userPromptSubmitPayload } from "../payload/prompt.ts";
import { type PromptExpansion, type PromptPlan, planPrompt, promptExpansion } from "../plan/prompt.ts";
import type { PlanStep } from "../plan/steps.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** A prompt as pi's `input` event gives it. */
export interface PromptInput {
	/** The prompt as the user typed it. */
	readonly text: string;
	/** pi's `source` of the input: `interactive`, `rpc`, `extension` (an extension's prompt fires no hook). */
	readonly source: string;
	/** pi's prompt-template names (`pi.getCommands()` with source `prompt`); read only for UserPromptExpansion. */
	readonly templates: () => readonly string[];
}

/**
 * What pi does with the prompt: carry out `steps`; `blocked`: the prompt must not reach the model; `context`:
 * hidden model context to send with it (nothing when blocked).
 */
export type PromptInputPlan = PromptPlan;

/** One prompt event to run: its name, matcher values and payload. */
interface PromptEvent {
	readonly event: "UserPromptExpansion" | "UserPromptSubmit";
	readonly matchValues: readonly string[];
	readonly payload: Record<string, unknown>;
}

/**
 * The prompt events of `input`, in Claude Code's order, with what they match and send; empty when none has hooks
 * (nothing else is built then).
 */
const promptEvents = (ports: FlowPorts, moment: FlowMoment, input: PromptInput): readonly PromptEvent[] => {
	if (input.source === "extension") return [];
	const events: PromptEvent[] = [];
	const expansion: PromptExpansion | undefined = ports.engine.hasHooks("UserPromptExpansion")
		? promptExpansion(input.text, input.templates())
		: undefined;
	if (expansion !== undefined)
		events.push({
			event: "UserPromptExpansion",
			matchValues: [expansion.commandName],
			payload: userPromptExpansionPayload(moment.session, expansion, input.text),
		});
	if (ports.engine.hasHooks("UserPromptSubmit"))
		events.push({
			event: "UserPromptSubmit",
			matchValues: [],
			payload: userPromptSubmitPayload(moment.session, input.text),
		});
	return events;
};

/**
 * UserPromptExpansion (when the prompt expands) then UserPromptSubmit for pi's `input`; undefined at once when
 * neither runs (no hooks, no expansion, or an extension's prompt). The steps come in the events' order, each
 * event's failure cards before its decision's.
 */
export const promptInput = (
	ports: FlowPorts,
	moment: FlowMoment,
	input: PromptInput,
): Promise<PromptInputPlan> | undefined => {
	const events = promptEvents(ports, moment, input);
	if (events.length === 0) return undefined;
	return (async () => {
		const steps: PlanStep[] = [];
		const context: string[] = [];
		for (const { event, matchValues, payload } of events) {
			const run = await runEvent(ports, moment, { event, matchValues, payload, summary: input.text });
			const decision = decideContextEvent(run.verdicts, event, true);
			const plan = planPrompt(decision, { event, input: input.text, time: ports.clock() });
			steps.push(...run.steps, ...plan.steps);
			if (plan.blocked) return { steps, blocked: true, context: [] };
			context.push(...plan.context);
		}
		return { steps, blocked: false, context };
	})();
};
