/**
 * PreCompact on pi's `session_before_compact` (engine/flow/compact.ts; pi cancels the compaction when the plan says
 * so) and the events after `session_compact` (engine/flow/compacted.ts: PostCompact, SessionStart, InstructionsLoaded),
 * one engine flow each.
 */
import type {
	ExtensionAPI,
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionCompactEvent,
} from "@earendil-works/pi-coding-agent";
import { preCompact } from "../../engine/flow/compact.ts";
import { compacted } from "../../engine/flow/compacted.ts";
import { CONTEXT_MESSAGE_TYPE, type HookContext, runFlow } from "./hook-context.ts";

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

/** pi's system prompt, or `""` once the context went stale (a fork replaced the session). */
const systemPromptOf = (hc: HookContext): string => {
	try {
		return hc.ctx.getSystemPrompt();
	} catch {
		return "";
	}
};

/**
 * `session_compact` -> PostCompact (only reported), SessionStart with source `compact` (its context goes hidden
 * with the next prompt), then InstructionsLoaded (`agentDir`: pi's agent directory). Resolves with the FileChanged
 * watch list a SessionStart hook gave (`watchPaths`), if any.
 */
export const handleCompact = async (
	event: SessionCompactEvent,
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
	agentDir: string,
): Promise<readonly string[] | undefined> => {
	const done = {
		reason: event.reason,
		summary: event.compactionEntry.summary,
		model: hc.ctx.model?.id,
		systemPrompt: systemPromptOf(hc),
		agentDir,
	};
	const plan = await runFlow(
		hc,
		(moment) => compacted(hc, moment, done),
		(steps) => steps.steps,
	);
	if (plan === undefined) return undefined;
	if (plan.context.length > 0)
		pi.sendMessage(
			{ customType: CONTEXT_MESSAGE_TYPE, content: plan.context.join("\n"), display: false },
			{ deliverAs: "nextTurn" },
		);
	return plan.watchPaths;
};
