/**
 * The flow of SubagentStart and SubagentStop from a subagent extension's lifecycle event (channel/subagents.ts): the
 * matcher tests `agent_type`, as in Claude Code. The extensions publish these moments after the fact and take no
 * answer, so the hooks observe: a SubagentStop block (exit 2, `decision: "block"`) and SubagentStart or SubagentStop
 * `additionalContext` cannot reach the subagent, and pi says so once per hook run instead of pretending; failures
 * are cards and `systemMessage` a notice, as on every event.
 */
import type { SubagentMoment } from "../channel/subagents.ts";
import { decideBlockEvent } from "../decide/stop.ts";
import { subagentStartPayload, subagentStopPayload } from "../payload/subagent.ts";
import { notify, notifyAll, type PlanStep } from "../plan/steps.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** The steps of one subagent moment; undefined at once when its event has no hooks. */
export const subagentFlow = (
	ports: FlowPorts,
	moment: FlowMoment,
	subagent: SubagentMoment,
): Promise<readonly PlanStep[]> | undefined => {
	const event = subagent.kind === "start" ? "SubagentStart" : "SubagentStop";
	if (!ports.engine.hasHooks(event)) return undefined;
	return (async () => {
		const payload =
			subagent.kind === "start"
				? subagentStartPayload(moment.session, subagent)
				: subagentStopPayload(moment.session, subagent);
		const run = await runEvent(ports, moment, {
			event,
			matchValues: [subagent.agentType],
			payload,
			summary: `${subagent.agentType} ${subagent.agentId} (${subagent.extension})`,
		});
		const decision = decideBlockEvent(run.verdicts, event);
		const steps = [...run.steps, ...notifyAll(decision.notices)];
		const why = `${subagent.extension} publishes the ${subagent.kind} of its subagents and takes no answer`;
		if (decision.blocked)
			steps.push(notify({ level: "warning", text: `${event} hooks cannot keep a subagent going: ${why}` }));
		if (decision.context !== undefined)
			steps.push(
				notify({ level: "warning", text: `${event} additionalContext cannot reach the subagent: ${why}` }),
			);
		return steps;
	})();
};
