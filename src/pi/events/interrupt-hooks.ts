/**
 * Interrupt hooks (Claude Code 2.1.335) on pi's `agent_settled` of an aborted run (`aborted: true`): Esc in pi's TUI
 * or the abort of an RPC or SDK client. One engine flow (engine/flow/interrupt.ts), which builds Claude Code's
 * payload; this adapter only says where the abort came from: pi's TUI (`ctx.mode` `tui`) is this terminal, every
 * other mode a client. A run that pi-hook-manager itself stopped (a hook's `continue: false`) is no interrupt.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { interrupt, type PiAbortOrigin } from "../../engine/flow/interrupt.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** Where pi's abort of a run came from: Esc in its TUI, or a client (RPC, the SDK). */
export const abortOrigin = (ctx: Pick<ExtensionContext, "mode">): PiAbortOrigin =>
	ctx.mode === "tui" ? "terminal" : "client";

/** Runs the Interrupt hooks of an aborted run and carries out their plan (failure cards only). */
export const runInterrupt = async (hc: HookContext): Promise<void> => {
	await runFlow(
		hc,
		(moment) => interrupt(hc, moment, abortOrigin(hc.ctx)),
		(steps) => steps,
	);
};
