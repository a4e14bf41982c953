/**
 * PostModelSwitch on pi's `model_select` (Claude Code 2.1.251): one engine flow (engine/flow/model-switch.ts); pi
 * sends the hooks' context, hidden, with the next request. PreModelSwitch never fires: pi's `model_select` comes
 * after the switch and no extension can refuse one.
 */
import type { ExtensionAPI, ModelSelectEvent } from "@earendil-works/pi-coding-agent";
import { postModelSwitch } from "../../engine/flow/model-switch.ts";
import { CONTEXT_MESSAGE_TYPE, type HookContext, runFlow } from "./hook-context.ts";

/** `model_select` -> PostModelSwitch. */
export const handleModelSelect = async (
	event: ModelSelectEvent,
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
): Promise<void> => {
	const change = { from: event.previousModel?.id, to: event.model.id, source: event.source, mode: hc.ctx.mode };
	const plan = await runFlow(
		hc,
		(moment) => postModelSwitch(hc, moment, change),
		(done) => done.steps,
	);
	if (plan !== undefined && plan.context.length > 0) {
		pi.sendMessage(
			{ customType: CONTEXT_MESSAGE_TYPE, content: plan.context.join("\n"), display: false },
			{ deliverAs: "nextTurn" },
		);
	}
};
