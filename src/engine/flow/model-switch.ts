/**
 * The flow of pi's `model_select`: PostModelSwitch (Claude Code 2.1.251). The switch has happened; the hooks get the
 * old and new model, cannot block, and their plain stdout and `additionalContext` go with the next request.
 */
import { decideContextEvent } from "../decide/context.ts";
import { modelSwitchSource } from "../events/pi-vocabulary.ts";
import { postModelSwitchPayload } from "../payload/model-switch.ts";
import { planSessionContext } from "../plan/prompt.ts";
import type { PlanStep } from "../plan/steps.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** What pi does after the PostModelSwitch hooks: carry out `steps`, send `context` (hidden) with the next request. */
export interface ModelSwitchPlan {
	readonly steps: readonly PlanStep[];
	/** The hooks' context texts, in order; empty = send nothing. */
	readonly context: readonly string[];
}

/**
 * PostModelSwitch for pi's switch from model `from` (its id; undefined without one) to `to`, with pi's `source`
 * (`set`, `cycle`, `restore`) and pi's `mode` (`tui`, `print`, `json`, `rpc`). Undefined at once when the event
 * has no hooks.
 */
export const postModelSwitch = (
	ports: FlowPorts,
	moment: FlowMoment,
	change: {
		readonly from: string | undefined;
		readonly to: string;
		readonly source: string;
		readonly mode: string;
	},
): Promise<ModelSwitchPlan> | undefined => {
	if (!ports.engine.hasHooks("PostModelSwitch")) return undefined;
	const { from, to } = change;
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "PostModelSwitch",
			matchValues: [to],
			payload: postModelSwitchPayload(moment.session, {
				from,
				to,
				source: modelSwitchSource(change.source, change.mode),
			}),
			summary: `${from ?? "(none)"} -> ${to}`,
		});
		// Like SessionStart: it cannot block, its context goes with the next request.
		const decision = decideContextEvent(run.verdicts, "PostModelSwitch", false);
		const plan = planSessionContext(decision, "PostModelSwitch", {
			event: "PostModelSwitch",
			input: to,
			time: ports.clock(),
		});
		return { steps: [...run.steps, ...plan.steps], context: plan.context };
	})();
};
