/**
 * PreCompact on pi's `session_before_compact` (a block cancels the compaction and the user sees why) and
 * PostCompact on `session_compact` (Claude Code hooks §1, §5.6).
 */
import type {
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionCompactEvent,
} from "@earendil-works/pi-coding-agent";
import { decideBlockEvent } from "../engine/decide-stop.ts";
import { basePayload } from "../engine/payload.ts";
import { blockingVerdicts, type HookContext, recordDecision, runHooks, showNotices } from "./hook-context.ts";

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
	const decision = decideBlockEvent(verdicts, "PreCompact");
	showNotices(hc, decision.notices);
	if (!decision.blocked) return undefined;
	const reason = decision.reasons.join("\n");
	showNotices(hc, [{ level: "warning", text: `PreCompact hook cancelled the compaction: ${reason.trimEnd()}` }]);
	recordDecision(hc, "compact_cancelled", "PreCompact", blockingVerdicts(verdicts), trigger, reason);
	return { cancel: true };
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
