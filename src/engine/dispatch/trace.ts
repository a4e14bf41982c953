/**
 * The "why didn't my hook fire?" trace: which configured hooks of an event its matcher accepts, and for the
 * others (and those the selection turned down) the reason, in configuration order.
 */
import { eventUsesMatcher } from "../events/facts.ts";
import { entriesFor, matchingEntries } from "../match/index-by-event.ts";
import { FiringRecord, type NotRunHook, type RecordFacts } from "../record/firing-record.ts";
import { Lazy } from "../record/lazy.ts";
import type { HookConfig, HookEntry } from "../types.ts";
import type { DispatchRequest } from "./types.ts";

/** What the "why didn't it fire" trace needs of a request (not its payload). */
export type TraceRequest = Pick<DispatchRequest, "event" | "matchValues" | "piMatchValues" | "only">;

/** The entries of the request's event whose matcher accepts it (every entry on events without matchers). */
export const matchedEntries = (config: HookConfig, request: TraceRequest): readonly HookEntry[] =>
	eventUsesMatcher(request.event)
		? matchingEntries(config, request.event, request.matchValues, request.piMatchValues)
		: entriesFor(config, request.event);

/**
 * The "why didn't it fire" trace of one dispatch: every entry of the event in configuration order (those the
 * matcher refused, and those the selection turned down, with its reason), then the skipped hooks of the event.
 */
export const whyNotRun = (
	config: HookConfig,
	request: TraceRequest,
	turnedDown: readonly NotRunHook[],
): NotRunHook[] => {
	const matched = new Set(matchedEntries(config, request));
	const reasons = new Map(turnedDown.map((hook) => [hook.entry, hook] as const));
	const notRun: NotRunHook[] = [];
	for (const entry of entriesFor(config, request.event)) {
		if (request.only !== undefined && !request.only.has(entry.id)) continue;
		if (!matched.has(entry)) notRun.push({ entry, reason: "matcher" });
		else {
			const hook = reasons.get(entry);
			if (hook !== undefined) notRun.push(hook);
		}
	}
	for (const skipped of config.skipped) {
		if (skipped.entry.event === request.event) notRun.push({ entry: skipped.entry, reason: skipped.reason });
	}
	return notRun;
};

/** The match fields of a request alone, so a lazy trace holds nothing else of it (no payload, no signal). */
export const traceRequest = (request: TraceRequest): TraceRequest => ({
	event: request.event,
	matchValues: request.matchValues,
	piMatchValues: request.piMatchValues,
	only: request.only,
});

/** The trace of a dispatch, built when first read (a module-level build: the cell allocates no closure). */
const buildTrace = (
	source: { readonly config: HookConfig; readonly request: TraceRequest },
	turnedDown: readonly NotRunHook[],
): NotRunHook[] => whyNotRun(source.config, source.request, turnedDown);

/**
 * A dispatch's firing record, whose `notRun` is built on first read. Its cell holds only the configuration, the
 * request's match fields and the turned-down hooks, never the payload or raw outputs.
 */
export const recordWithTrace = (
	facts: RecordFacts,
	stdin: string,
	config: HookConfig,
	request: TraceRequest,
	turnedDown: readonly NotRunHook[],
): FiringRecord =>
	new FiringRecord(facts, {
		stdin,
		notRun: new Lazy(buildTrace, { config, request: traceRequest(request) }, turnedDown),
		sizeHint: { stdinChars: stdin.length, notRunHeld: turnedDown.length },
	});
