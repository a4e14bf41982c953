/**
 * PreCompact on pi's `session_before_compact` and PostCompact on `session_compact`: one engine flow each
 * (engine/flow/compact.ts); pi cancels the compaction when the plan says so.
 */
import type {
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionCompactEvent,
} from "@earendil-works/pi-coding-agent";
import { postCompact, preCompact } from "../../engine/flow/compact.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** `session_before_compact` -> PreCompact. */
export const handleBeforeCompact = async (
	event: SessionBeforeCompactEvent,
	hc: HookContext,
): Promise<SessionBeforeCompactResult | undefined> => {
	const plan = await runFlow(
		hc,
		(moment) => preCompact(hc, moment, { reason: event.reason, customInstructions: event.customInstructions }),
		(done) => done.steps,
	);
	return plan?.cancel ? { cancel: true } : undefined;
};

/** `session_compact` -> PostCompact (its output is only reported). */
export const handleCompact = async (event: SessionCompactEvent, hc: HookContext): Promise<void> => {
	await runFlow(
		hc,
		(moment) => postCompact(hc, moment, { reason: event.reason, summary: event.compactionEntry.summary }),
		(steps) => steps,
	);
};
