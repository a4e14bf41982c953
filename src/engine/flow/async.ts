/**
 * The flow of a background hook's result (`async`, `asyncRewake`), once its process has ended: the engine hands pi
 * the verdict and the request it was started with (`onAsyncVerdict`), and pi asks this flow what to do. Claude
 * Code: a background hook decides nothing; its context and `systemMessage` reach the model on the next turn, an
 * `asyncRewake` hook's exit 2 wakes the agent, and a failure is one card.
 */

import type { HookVerdict } from "../decide/interpret.ts";
import type { DispatchRequest } from "../dispatch/types.ts";
import { type AsyncPlan, planAsyncVerdict } from "../plan/prompt.ts";
import { hookName } from "../text/messages.ts";
import type { FlowPorts } from "./run-event.ts";

/** What pi does with a background hook's result: carry out `steps`, then wake the agent or send hidden context. */
export type AsyncResultPlan = AsyncPlan;

/** The plan of one background hook's `verdict`, started by `request`. Pure but for the clock. */
export const asyncResult = (
	ports: Pick<FlowPorts, "clock">,
	verdict: HookVerdict,
	request: DispatchRequest,
): AsyncResultPlan => {
	const tool = request.tool?.ccToolName;
	return planAsyncVerdict(verdict, hookName(request.event, tool), {
		event: request.event,
		...(tool === undefined ? {} : { tool }),
		input: request.summary ?? "",
		time: ports.clock(),
	});
};
