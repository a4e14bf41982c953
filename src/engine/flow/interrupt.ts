/**
 * The flow of Claude Code's Interrupt (2.1.335) from pi's abort of a run: it fires once when an interrupt ends the
 * turn, after which no Stop fires (pi skips its settle boundary on an abort, as Claude Code runs no Stop hooks
 * then). pi's Esc in the TUI is a person at this terminal stopping the turn (`user`, `stop`, `terminal`); the abort
 * of an RPC or SDK run is a client's request that does not say who sent it (`user`, `stop`, `client`). Claude Code
 * ignores the hooks' output; failures are reported.
 */
import { type ClaudeInterrupt, interruptPayload } from "../payload/interrupt.ts";
import type { PlanStep } from "../plan/steps.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** Where pi's abort came from: its TUI (Esc), or a client driving it over RPC or the SDK. */
export type PiAbortOrigin = "terminal" | "client";

/** Claude Code's Interrupt for an abort of pi's from `origin`. */
export const interruptOf = (origin: PiAbortOrigin): ClaudeInterrupt => ({
	source: "user",
	reason: "stop",
	via: origin,
});

/**
 * Interrupt for an aborted run; its steps only report failures. Undefined at once when the event has no hooks.
 */
export const interrupt = (
	ports: FlowPorts,
	moment: FlowMoment,
	origin: PiAbortOrigin,
): Promise<readonly PlanStep[]> | undefined => {
	if (!ports.engine.hasHooks("Interrupt")) return undefined;
	const what = interruptOf(origin);
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "Interrupt",
			matchValues: [what.reason],
			payload: interruptPayload(moment.session, what),
			summary: `${what.source} ${what.reason} via ${what.via}`,
		});
		return run.steps;
	})();
};
