/**
 * PostModelSwitch on pi's `model_select` (Claude Code 2.1.251): the switch has happened; hooks get the old and
 * new model, their plain stdout and `additionalContext` reach the model with the next request. PreModelSwitch
 * never fires: pi's `model_select` comes after the switch and no extension can refuse one.
 */
import type { ExtensionAPI, ModelSelectEvent } from "@earendil-works/pi-coding-agent";
import { decideContextEvent } from "../../engine/decide-context.ts";
import { basePayload } from "../../engine/payload/base.ts";
import { planSessionContext } from "../../engine/plan-prompt.ts";
import { CONTEXT_MESSAGE_TYPE, carryOut, type HookContext, runHooks } from "./hook-context.ts";

/**
 * Claude Code's PostModelSwitch `source` for pi's: `set` (the model picker or RPC/SDK `set_model`) is `picker`
 * in the TUI and `sdk` elsewhere, `cycle` (Ctrl+P) is `picker`, `restore` is `resume`.
 */
export const modelSwitchSource = (source: ModelSelectEvent["source"], mode: string): string => {
	if (source === "restore") return "resume";
	if (source === "cycle") return "picker";
	return mode === "tui" ? "picker" : "sdk";
};

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
		payload: {
			...basePayload(hc.session, "PostModelSwitch"),
			from_model: from ?? null,
			to_model: to,
			requested_model: to,
			source: modelSwitchSource(event.source, hc.ctx.mode),
		},
		summary: `${from ?? "(none)"} -> ${to}`,
	});
	// Like SessionStart: it cannot block, its context goes with the next request.
	const decision = decideContextEvent(verdicts, "PostModelSwitch", false);
	const plan = planSessionContext(decision, "PostModelSwitch", {
		event: "PostModelSwitch",
		input: to,
		time: hc.now(),
	});
	if (plan.context.length > 0) {
		pi.sendMessage(
			{ customType: CONTEXT_MESSAGE_TYPE, content: plan.context.join("\n"), display: false },
			{ deliverAs: "nextTurn" },
		);
	}
	carryOut(hc, plan.steps);
};
