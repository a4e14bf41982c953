/**
 * PostModelSwitch on pi's `model_select` (Claude Code 2.1.251): the switch has happened; hooks get the old and
 * new model, their plain stdout and `additionalContext` reach the model with the next request. PreModelSwitch
 * never fires: pi's `model_select` comes after the switch and no extension can refuse one.
 */
import type { ExtensionAPI, ModelSelectEvent } from "@earendil-works/pi-coding-agent";
import { decideContextEvent } from "../../engine/decide-context.ts";
import { modelSwitchSource } from "../../engine/events/pi-vocabulary.ts";
import { postModelSwitchPayload } from "../../engine/payload/model-switch.ts";
import { planSessionContext } from "../../engine/plan-prompt.ts";
import { CONTEXT_MESSAGE_TYPE, carryOut, type HookContext, runHooks } from "./hook-context.ts";

/** `model_select` -> PostModelSwitch. */
export const handleModelSelect = async (
	event: ModelSelectEvent,
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
): Promise<void> => {
	if (!hc.engine.hasHooks("PostModelSwitch")) return;
	const to = event.model.id;
	const from = event.previousModel?.id;
	const verdicts = await runHooks(hc, {
		event: "PostModelSwitch",
		matchValues: [to],
		payload: postModelSwitchPayload(hc.session, { from, to, source: modelSwitchSource(event.source, hc.ctx.mode) }),
		summary: `${from ?? "(none)"} -> ${to}`,
	});
	// Like SessionStart: it cannot block, its context goes with the next request.
	const decision = decideContextEvent(verdicts, "PostModelSwitch", false);
	const plan = planSessionContext(decision, "PostModelSwitch", {
		event: "PostModelSwitch",
		input: to,
		time: hc.clock(),
	});
	if (plan.context.length > 0) {
		pi.sendMessage(
			{ customType: CONTEXT_MESSAGE_TYPE, content: plan.context.join("\n"), display: false },
			{ deliverAs: "nextTurn" },
		);
	}
	carryOut(hc, plan.steps);
};
