/**
 * What every event flow shares: dispatch one event through the engine and turn its hooks' failures into plan
 * steps (one `error`/`timeout` card per failing hook, on the events whose failures the user is told about). A flow
 * (one file per pi moment in this folder) is the one engine call a pi event adapter makes: it maps pi's values to
 * Claude Code's, builds the payload, dispatches, decides and plans; pi only carries out the plan.
 */

import type { HookVerdict } from "../decide/interpret.ts";
import type { DispatchRequest, HookEngine } from "../dispatch/types.ts";
import { reportsHookFailures } from "../events/facts.ts";
import type { SessionInfo } from "../payload/base.ts";
import { failureCards } from "../plan/card.ts";
import type { PlanStep } from "../plan/steps.ts";
import type { FiringRecord } from "../record/firing-record.ts";

/** The engine and the clock every flow runs with (the pi adapter's event ports satisfy it). */
export interface FlowPorts {
	readonly engine: HookEngine;
	/** The clock, epoch milliseconds. */
	readonly clock: () => number;
}

/** The facts of the pi moment every flow takes: the session's facts and what aborts its hooks. */
export interface FlowMoment {
	readonly session: SessionInfo;
	/** Aborts every hook of the event (pi's `ctx.signal`, or Esc in the TUI). */
	readonly signal?: AbortSignal;
}

/** What one dispatched event gave: the awaited verdicts, the background hooks started, the failure cards. */
export interface EventRun {
	readonly verdicts: readonly HookVerdict[];
	/** Ids of the background (`async`) hooks the dispatch started: they give no verdict now. */
	readonly background: readonly string[];
	/** One card step per failing hook where the event reports failures (`reportsHookFailures`); else none. */
	readonly steps: readonly PlanStep[];
	/** The event's firing record (undefined without configured hooks), for what is learnt later (an `ask`'s answer). */
	readonly record: FiringRecord | undefined;
}

/**
 * The parts of a dispatch request a flow fills in: the session comes from the moment, and so does the signal
 * unless the request brings its own.
 */
export type FlowRequest = Omit<DispatchRequest, "session">;

/** Dispatches `request` for `moment` and plans its failure cards. Never throws (dispatch does not). */
export const runEvent = async (ports: FlowPorts, moment: FlowMoment, request: FlowRequest): Promise<EventRun> => {
	const signal = request.signal ?? moment.signal;
	const { verdicts, background, record } = await ports.engine.dispatch({
		...request,
		session: moment.session,
		...(signal ? { signal } : {}),
	});
	if (!reportsHookFailures(request.event)) return { verdicts, background, steps: [], record };
	const details = {
		...(request.tool ? { tool: request.tool.ccToolName } : {}),
		input: request.summary ?? "",
		time: ports.clock(),
	};
	const steps = failureCards(request.event, verdicts, details).map((record): PlanStep => ({ do: "record", record }));
	return { verdicts, background, steps, record };
};
