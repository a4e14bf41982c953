/**
 * The no-match path: a tool call (or another event) no hook's matcher accepts is recorded as one lazy row and
 * nothing else is built: no payload, no trace, no masking until someone reads the row (README "Benchmarks").
 */
import { UnmatchedRow } from "../firing-excerpt.ts";
import { hasConfiguredHooks } from "../match-index.ts";
import type { NotRunHook } from "../record/firing-record.ts";
import type { HookConfig } from "../types.ts";
import { tell } from "./observe.ts";
import { matchedEntries, type TraceRequest, whyNotRun } from "./trace.ts";
import type { EngineDeps, NoMatchRequest } from "./types.ts";

const NO_HOOKS: readonly NotRunHook[] = [];

/** What the no-match path needs of its engine. */
export interface NoMatchContext {
	/** Epoch milliseconds. */
	readonly now: () => number;
	/** The engine's next record number. */
	readonly nextSeq: () => number;
	/** The engine's dependencies (read at each call: `onRecord`, `config`). */
	readonly deps: EngineDeps;
}

/**
 * Records the event as an {@link UnmatchedRow} and returns true when no hook of it accepts its match values; false,
 * recording nothing, when one does; true, recording nothing, when the event has no configured hook (see
 * `HookEngine.recordIfNoneMatches`).
 */
export const recordIfNoneMatches = (context: NoMatchContext, config: HookConfig, request: NoMatchRequest): boolean => {
	if (!hasConfiguredHooks(config, request.event)) return true;
	if (matchedEntries(config, request).length > 0) return false;
	const payload = request.payload;
	const asked: TraceRequest = {
		event: request.event,
		matchValues: request.matchValues,
		piMatchValues: request.piMatchValues,
	};
	const record = new UnmatchedRow(
		{
			seq: context.nextSeq(),
			time: context.now(),
			event: request.event,
			matchQuery: request.matchValues[0],
			summary: typeof request.summary === "string" ? request.summary : request.summary(),
		},
		() => `${JSON.stringify(payload())}\n`,
		() => whyNotRun(config, asked, NO_HOOKS),
	);
	tell(context.deps.onRecord, record);
	return true;
};
