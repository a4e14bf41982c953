/** Test helper for the engine's tool flows: a pi moment (engine/flow/tool-moment.ts) that counts what was read. */
import type { ToolMoment } from "../../src/engine/flow/tool-moment.ts";
import type { SessionInfo } from "../../src/engine/payload/base.ts";
import { engineSession } from "./engine-session.ts";

/** A {@link ToolMoment} over fixed facts, and how often each was read. */
export interface CountingMoment extends ToolMoment {
	/** Reads of the session facts, of the signal and of `hasUI`. */
	readonly reads: { session: number; signal: number; hasUI: number };
}

/** A moment in project folder `dir`: no signal, a UI, not aborted, no duration, unless `facts` says otherwise. */
export const toolMoment = (
	dir: string,
	facts: {
		readonly signal?: AbortSignal;
		readonly hasUI?: boolean;
		readonly session?: SessionInfo;
		readonly durationMs?: number;
	} = {},
): CountingMoment => {
	const reads = { session: 0, signal: 0, hasUI: 0 };
	const session = facts.session ?? engineSession(dir);
	return {
		reads,
		session: () => {
			reads.session++;
			return session;
		},
		signal: () => {
			reads.signal++;
			return facts.signal;
		},
		aborted: () => facts.signal?.aborted === true,
		hasUI: () => {
			reads.hasUI++;
			return facts.hasUI ?? true;
		},
		durationMs: () => facts.durationMs,
	};
};
