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
import { basePayload } from "../../engine/payload/base.ts";
import { planPreCompact } from "../../engine/plan-stop.ts";
import { carryOut, type HookContext, runHooks, showNotices } from "./hook-context.ts";

/** Claude Code's compaction `trigger` for pi's reason. */
export const compactTrigger = (reason: SessionBeforeCompactEvent["reason"]): "manual" | "auto" =>
	reason === "manual" ? "manual" : "auto";

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
		payload: {
			...basePayload(hc.session, "PreCompact", false),
			trigger,
			custom_instructions: trigger === "manual" ? (event.customInstructions ?? "") : null,
		},
		summary: trigger,
	});
	const plan = planPreCompact(decideBlockEvent(verdicts, "PreCompact"), {
		event: "PreCompact",
		input: trigger,
		time: hc.now(),
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
		payload: {
			...basePayload(hc.session, "PostCompact", false),
			trigger,
			compact_summary: event.compactionEntry.summary,
		},
		summary: trigger,
	});
	showNotices(hc, decideBlockEvent(verdicts, "PostCompact").notices);
};
