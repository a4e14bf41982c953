/**
 * The flows of PermissionRequest and PermissionDenied, fired by another pi extension through a permission channel
 * (src/engine/channel/): the request's tool in Claude Code's terms (pi's names mapped as on PreToolUse), the stdin,
 * the hooks, one decision (decide/permission.ts) and its card. Claude Code: a PermissionRequest `allow` answers the
 * question with yes ("Allowed by PermissionRequest hook"), a `deny` with no and its `message` for the model;
 * PermissionDenied's `retry` tells the model it may retry.
 */
import type { ChannelDecision } from "../channel/permission-answer.ts";
import type { ChannelRequest } from "../channel/permission-request.ts";
import { decidePermissionDenied, decidePermissionRequest } from "../decide/permission.ts";
import { fromClaudeToolInput, toClaudeToolInput } from "../events/tool-map.ts";
import { permissionDeniedPayload, permissionRequestPayload } from "../payload/permission.ts";
import { notifyAll, type PlanStep, type RecordFacts, record } from "../plan/steps.ts";
import type { FlowMoment } from "./run-event.ts";
import { runEvent } from "./run-event.ts";
import { claudeToolName, summarizeToolInput, type ToolFlowPorts } from "./tool-moment.ts";

/** What pi does about one channel request: the decision to answer with, and the steps (cards, notices). */
export interface PermissionPlan {
	readonly decision: ChannelDecision;
	readonly steps: readonly PlanStep[];
}

/** The card text of an allow: Claude Code's transcript line, with what else the hooks asked for. */
const allowText = (changed: boolean, updates: number): string =>
	"Allowed by PermissionRequest hook" +
	(changed ? ", with a changed tool input" : "") +
	(updates > 0 ? `, with ${updates} permission update${updates === 1 ? "" : "s"}` : "");

/**
 * The flow of one checked channel request; undefined at once when its event has no hooks (the caller is answered
 * with no decision). `signal` (the caller's deadline, pi's Esc) stops the hooks.
 */
export const permissionFlow = (
	ports: ToolFlowPorts,
	moment: FlowMoment,
	request: ChannelRequest,
): Promise<PermissionPlan> | undefined => {
	if (!ports.engine.hasHooks(request.event)) return undefined;
	return (async () => {
		const session = moment.session;
		const pi = request.names === "pi";
		const ccToolName = pi ? claudeToolName(ports.mcpNames, request.toolName) : request.toolName;
		const ccInput = pi
			? toClaudeToolInput(request.toolName, request.toolInput, session.cwd, session.home)
			: request.toolInput;
		const call = { toolName: ccToolName, toolInput: ccInput, toolUseId: request.toolUseId };
		const who = request.from === undefined ? "" : `${request.from}: `;
		const summary = `${who}${summarizeToolInput(request.toolInput)}`;
		const run = await runEvent(ports, moment, {
			event: request.event,
			matchValues: [ccToolName],
			...(pi ? { piMatchValues: [request.toolName] } : {}),
			tool: { ccToolName, ccInput },
			payload:
				request.event === "PermissionRequest"
					? permissionRequestPayload(session, call, request.suggestions)
					: permissionDeniedPayload(session, call, request.reason),
			summary,
		});
		if (run.verdicts.length === 0) return { decision: { behavior: "none", why: "no_hooks" }, steps: run.steps };
		const facts: RecordFacts = { event: request.event, tool: ccToolName, input: summary, time: ports.clock() };
		if (request.event === "PermissionDenied") {
			const denied = decidePermissionDenied(run.verdicts);
			return { decision: { behavior: "retry", retry: denied.retry }, steps: run.steps };
		}
		const decided = decidePermissionRequest(run.verdicts);
		const steps = [...run.steps, ...notifyAll(decided.notices)];
		switch (decided.behavior) {
			case "deny":
				steps.push(record(facts, "block", decided.by, decided.message || "Denied by PermissionRequest hook"));
				return {
					decision: { behavior: "deny", message: decided.message, interrupt: decided.interrupt },
					steps,
				};
			case "allow": {
				const input =
					decided.input === undefined || !pi
						? decided.input
						: fromClaudeToolInput(request.toolName, decided.input);
				const by = decided.by;
				steps.push(record(facts, "allow", by, allowText(input !== undefined, decided.updates.length)));
				return { decision: { behavior: "allow", input, updates: decided.updates }, steps };
			}
			case "none":
				return { decision: { behavior: "none", why: "no_decision" }, steps };
		}
	})();
};
