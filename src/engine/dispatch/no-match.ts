/**
 * The no-match path: a tool call (or another event) no hook's matcher accepts is recorded as one lazy row and
 * nothing else is built: no payload, no trace, no masking until someone reads the row (README "Benchmarks").
 */
import { hasConfiguredHooks } from "../match/index-by-event.ts";
import { maskedLater } from "../record/excerpt.ts";
import { FiringRecord, type NotRunHook } from "../record/firing-record.ts";
import { Lazy } from "../record/lazy.ts";
import type { HookConfig } from "../types.ts";
import { tell } from "./observe.ts";
import { matchedEntries, whyNotRun } from "./trace.ts";
import type { EngineDeps, NoMatchRequest } from "./types.ts";

const NO_HOOKS: readonly NotRunHook[] = [];
const NO_VERDICTS: readonly never[] = [];

/** What a no-match row holds before its fields are read: its stdin's source and no turned-down hooks. */
const NO_MATCH_HINT = { stdinChars: 512, notRunHeld: 0 } as const;

/** The stdin line of the event, as a cell's build (module level: the cell allocates no closure). */
const stdinLine = (payload: NoMatchRequest["payload"]): string => `${JSON.stringify(payload())}\n`;

/** The why-not-run trace of a call no hook matched, as a cell's build. */
const noMatchTrace = (config: HookConfig, request: NoMatchRequest): NotRunHook[] =>
	whyNotRun(config, request, NO_HOOKS);

/** What the no-match path needs of its engine. */
export interface NoMatchContext {
	/** The clock of records' times, epoch milliseconds. */
	readonly clock: () => number;
	/** The engine's next record number. */
	readonly nextSeq: () => number;
	/** The engine's dependencies (read at each call: `observers.onRecord`). */
	readonly deps: EngineDeps;
}

/**
 * Records the event and returns true when no hook of it accepts its match values; false, recording nothing, when
 * one does; true, recording nothing, when the event has no configured hook (see `HookEngine.recordIfNoneMatches`).
 * The record is already the firing log's row: its stdin is built from the event, cut and masked when first read,
 * its trace when first read, and its `replay` is the stdin as a hook of the event would have got it.
 */
export const recordIfNoneMatches = (context: NoMatchContext, config: HookConfig, request: NoMatchRequest): boolean => {
	if (!hasConfiguredHooks(config, request.event)) return true;
	if (matchedEntries(config, request).length > 0) return false;
	const raw = new Lazy(stdinLine, request.payload, undefined);
	const record = new FiringRecord(
		{
			seq: context.nextSeq(),
			time: context.clock(),
			event: request.event,
			matchQuery: request.matchValues[0],
			summary: typeof request.summary === "string" ? request.summary : request.summary(),
			verdicts: NO_VERDICTS,
		},
		{
			stdin: maskedLater(raw),
			notRun: new Lazy(noMatchTrace, config, request),
			replay: raw,
			sizeHint: NO_MATCH_HINT,
		},
	);
	tell(context.deps.observers.onRecord, record);
	return true;
};
