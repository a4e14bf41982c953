/**
 * What every pi event adapter needs to run hooks: the engine, the session facts, the pi context, and where
 * decisions go; plus the one way an adapter runs its event's engine flow (`runFlow`: the moment's session and
 * signal, then the plan's steps carried out) and the Esc watch the tool adapters share.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { matchesKey } from "@earendil-works/pi-tui";
import type { HookEngine } from "../../engine/engine.ts";
import type { FlowMoment } from "../../engine/flow/run-event.ts";
import type { SessionInfo } from "../../engine/payload/base.ts";
import type { Card } from "../../engine/plan/card.ts";
import type { PlanStep } from "../../engine/plan/steps.ts";
import { showNotice } from "../io/notices.ts";
import type { McpNames } from "../runners/mcp-names.ts";

/** What every event adapter runs hooks with, the same for every event of a session. */
export interface EventPorts {
	readonly engine: HookEngine;
	/** Receives one record per decision a hook made (cards, footer counter). */
	readonly onCard: (record: Card) => void;
	/** The clock, epoch milliseconds (injected: the session's, `Date.now` in pi). */
	readonly clock: () => number;
	/** Real names of MCP tools (`mcp__my-srv__do-thing`), for the events that name tools. */
	readonly mcpNames: McpNames;
}

/** One event's view of the session: the ports, the session facts of this event and pi's context. */
export interface HookContext extends EventPorts {
	readonly session: SessionInfo;
	readonly ctx: ExtensionContext;
}

/**
 * The moment of an event adapter's one engine call: the session facts and the signal its hooks stop on (pi's
 * `ctx.signal`, else Esc in the TUI, watched from the first read of `signal` until `done` is called). Both are read
 * only when the flow reads them, so a flow with nothing to run (a streamed token without MessageDisplay hooks)
 * reads no session facts and watches no keys. A class, so a streamed token makes one small object.
 */
class AdapterMoment implements FlowMoment {
	#escapeWatch: ReturnType<typeof watchEscape>;
	#watching = false;
	readonly #hc: HookContext;

	constructor(hc: HookContext) {
		this.#hc = hc;
	}

	get session(): SessionInfo {
		return this.#hc.session;
	}

	get signal(): AbortSignal | undefined {
		const ctx = this.#hc.ctx;
		if (ctx.signal) return ctx.signal;
		if (!this.#watching) {
			this.#watching = true;
			this.#escapeWatch = watchEscape(ctx);
		}
		return this.#escapeWatch?.signal;
	}

	/** The flow has finished: stop watching Esc (and never start). */
	done(): void {
		this.#watching = true;
		this.#escapeWatch?.stop();
	}
}

/**
 * Runs one engine flow for `hc` (its moment an {@link AdapterMoment}) and carries out the steps `stepsOf` picks
 * from its plan; returns the plan, or undefined at once when the flow had nothing to run (its event has no hooks).
 */
export const runFlow = <P>(
	hc: HookContext,
	flow: (moment: FlowMoment) => Promise<P> | undefined,
	stepsOf: (plan: P) => readonly PlanStep[],
): Promise<P> | undefined => {
	const moment = new AdapterMoment(hc);
	const running = flow(moment);
	if (running === undefined) {
		moment.done();
		return undefined;
	}
	return running.then(
		(plan) => {
			moment.done();
			carryOut(hc, stepsOf(plan));
			return plan;
		},
		(error: unknown) => {
			moment.done();
			throw error;
		},
	);
};

/** An abort signal that fires when the user presses Esc in pi's TUI until `stop` is called; undefined without a TUI. */
export const watchEscape = (ctx: ExtensionContext): { signal: AbortSignal; stop: () => void } | undefined => {
	if (!ctx.hasUI || ctx.mode !== "tui") return undefined;
	const controller = new AbortController();
	try {
		const stop = ctx.ui.onTerminalInput((data) => {
			if (matchesKey(data, "escape")) controller.abort();
			return undefined;
		});
		return { signal: controller.signal, stop };
	} catch {
		return undefined;
	}
};

/** Carries out a planner's steps in order: notices to the user, records to the card log. */
export const carryOut = (hc: Pick<HookContext, "ctx" | "onCard">, steps: readonly PlanStep[]): void => {
	for (const step of steps) {
		if (step.do === "notify") showNotice(hc.ctx, step.notice);
		else hc.onCard(step.record);
	}
};

/** The custom message type of hidden, model-visible hook context. */
export const CONTEXT_MESSAGE_TYPE = "pi-hook-manager/context";
