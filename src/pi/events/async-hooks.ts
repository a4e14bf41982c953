/**
 * Results of background hooks (`async`, `asyncRewake`): one engine call (engine/flow/async.ts) plans what to do,
 * and pi carries it out: a card for a failure, a wake-up message, or hidden context for the next turn.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { HookVerdict } from "../../engine/decide/interpret.ts";
import type { DispatchRequest } from "../../engine/engine.ts";
import { asyncResult } from "../../engine/flow/async.ts";
import { CONTEXT_MESSAGE_TYPE, carryOut, type HookContext } from "./hook-context.ts";

/** The custom message type that wakes the agent for an `asyncRewake` hook. */
export const REWAKE_MESSAGE_TYPE = "pi-hook-manager/rewake";

/** Delivers one background hook's result. */
export const deliverAsyncVerdict = (
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
	verdict: HookVerdict,
	request: DispatchRequest,
): void => {
	const plan = asyncResult(hc, verdict, request);
	carryOut(hc, plan.steps);
	if (plan.deliver?.action === "wake") {
		pi.sendMessage(
			{ customType: REWAKE_MESSAGE_TYPE, content: plan.deliver.text, display: true },
			{ triggerTurn: true, deliverAs: "followUp" },
		);
	} else if (plan.deliver?.action === "context") {
		pi.sendMessage(
			{ customType: CONTEXT_MESSAGE_TYPE, content: plan.deliver.text, display: false },
			{ deliverAs: "nextTurn" },
		);
	}
};
