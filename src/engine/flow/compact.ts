/**
 * The flows of pi's compaction: PreCompact on `session_before_compact` (Claude Code: a block cancels the
 * compaction and the user sees why) and PostCompact on `session_compact` (its output is only reported).
 */
import { decideBlockEvent } from "../decide/stop.ts";
import { compactTrigger } from "../events/pi-vocabulary.ts";
import { postCompactPayload, preCompactPayload } from "../payload/compact.ts";
import { notifyAll, type PlanStep } from "../plan/steps.ts";
import { planPreCompact } from "../plan/stop.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** What pi does after the PreCompact hooks: carry out `steps`; `cancel`: the compaction must not happen. */
export interface PreCompactPlan {
	readonly steps: readonly PlanStep[];
	readonly cancel: boolean;
}

/**
 * PreCompact for a compaction pi is about to start (`reason`: pi's `manual` or another; `customInstructions`:
 * the user's `/compact` text). Undefined at once when the event has no hooks.
 */
export const preCompact = (
	ports: FlowPorts,
	moment: FlowMoment,
	compaction: { readonly reason: string; readonly customInstructions?: string | undefined },
): Promise<PreCompactPlan> | undefined => {
	if (!ports.engine.hasHooks("PreCompact")) return undefined;
	const trigger = compactTrigger(compaction.reason);
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "PreCompact",
			matchValues: [trigger],
			payload: preCompactPayload(moment.session, { trigger, customInstructions: compaction.customInstructions }),
			summary: trigger,
		});
		const plan = planPreCompact(decideBlockEvent(run.verdicts, "PreCompact"), {
			event: "PreCompact",
			input: trigger,
			time: ports.clock(),
		});
		return { steps: [...run.steps, ...plan.steps], cancel: plan.cancel };
	})();
};

/**
 * PostCompact after pi compacted (`reason` as for PreCompact; `summary`: the compaction's summary text): the steps
 * only report. Undefined at once when the event has no hooks.
 */
export const postCompact = (
	ports: FlowPorts,
	moment: FlowMoment,
	compaction: { readonly reason: string; readonly summary: string },
): Promise<readonly PlanStep[]> | undefined => {
	if (!ports.engine.hasHooks("PostCompact")) return undefined;
	const trigger = compactTrigger(compaction.reason);
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "PostCompact",
			matchValues: [trigger],
			payload: postCompactPayload(moment.session, { trigger, summary: compaction.summary }),
			summary: trigger,
		});
		return [...run.steps, ...notifyAll(decideBlockEvent(run.verdicts, "PostCompact").notices)];
	})();
};
