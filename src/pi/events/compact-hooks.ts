/**
 * PreCompact on pi's `session_before_compact` (a block cancels the compaction and the user sees why) and
 * PostCompact on `session_compact` (its output is only reported).
 */
import type {
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionCompactEvent,
} from "@earendil-works/pi-coding-agent";
import { decideBlockEvent } from "../../engine/decide-stop.ts";
import { compactTrigger } from "../../engine/events/pi-vocabulary.ts";
import { postCompactPayload, preCompactPayload } from "../../engine/payload/compact.ts";
import { planPreCompact } from "../../engine/plan-stop.ts";
import { carryOut, type HookContext, runHooks, showNotices } from "./hook-context.ts";

/** `session_before_compact` -> PreCompact. */
export const handleBeforeCompact = async (
	event: SessionBeforeCompactEvent,
	hc: HookContext,
): Promise<SessionBeforeCompactResult | undefined> => {
	if (!hc.engine.hasHooks("PreCompact")) return undefined;
	const trigger = compactTrigger(event.reason);
	const verdicts = await runHooks(hc, {
		event: "PreCompact",
		matchValues: [trigger],
		payload: preCompactPayload(hc.session, { trigger, customInstructions: event.customInstructions }),
		summary: trigger,
	});
	const plan = planPreCompact(decideBlockEvent(verdicts, "PreCompact"), {
		event: "PreCompact",
		input: trigger,
		time: hc.clock(),
	});
	carryOut(hc, plan.steps);
	return plan.cancel ? { cancel: true } : undefined;
};

/** `session_compact` -> PostCompact (its output is only reported). */
export const handleCompact = async (event: SessionCompactEvent, hc: HookContext): Promise<void> => {
	if (!hc.engine.hasHooks("PostCompact")) return;
	const trigger = compactTrigger(event.reason);
	const verdicts = await runHooks(hc, {
		event: "PostCompact",
		matchValues: [trigger],
		payload: postCompactPayload(hc.session, { trigger, summary: event.compactionEntry.summary }),
		summary: trigger,
	});
	showNotices(hc, decideBlockEvent(verdicts, "PostCompact").notices);
};
