/**
 * The drift check's judgement, pure: which events and fields one SDK release declares that pi-hook-manager does
 * not know, and the one-line report of it (`Claude Code agent SDK 0.3.340 (Claude Code 2.1.340): new events: Foo;
 * new input fields: Interrupt.bar`).
 */
import type { FieldLists, KnownLists, SdkLists } from "./lists.ts";

/**
 * What a release has that we do not know. Field names are `Event.field` for an event's own field, `*.field` for
 * one on every event, and outputs inside `hookSpecificOutput` as `Event.hookSpecificOutput.field`.
 */
export interface Drift {
	readonly version: string;
	readonly claudeCode: string | undefined;
	/** Events in the SDK's `HOOK_EVENTS` that ours lacks, in the SDK's order. */
	readonly newEvents: readonly string[];
	/** Hook stdin fields we do not know, sorted. */
	readonly newInput: readonly string[];
	/** Hook JSON output fields we do not know, sorted. */
	readonly newOutput: readonly string[];
	/** Events ours has that the SDK no longer declares (reported, not a failure). */
	readonly goneEvents: readonly string[];
	/** How many events the SDK declares. */
	readonly eventCount: number;
}

/** The fields of `latest` that `known` lacks (an event's field is known when `known` has it there or on all). */
const newFields = (latest: FieldLists, known: FieldLists, specific: string): string[] => {
	const found = latest.common.filter((field) => !known.common.includes(field)).map((field) => `*.${field}`);
	for (const [event, fields] of Object.entries(latest.events)) {
		const own = known.events[event] ?? [];
		for (const field of fields)
			if (!own.includes(field) && !known.common.includes(field)) found.push(`${event}.${specific}${field}`);
	}
	return found.sort();
};

/** Compares one release's lists with ours. */
export const compareLists = (latest: SdkLists, known: KnownLists): Drift => ({
	version: latest.version,
	claudeCode: latest.claudeCode,
	newEvents: latest.events.filter((event) => !known.events.includes(event)),
	newInput: newFields(latest.input, known.input, ""),
	newOutput: newFields(latest.output, known.output, "hookSpecificOutput."),
	goneEvents: known.events.filter((event) => !latest.events.includes(event)),
	eventCount: latest.events.length,
});

/** True when the release declares an event or field we do not know (the check then exits 1). */
export const hasDrift = (drift: Drift): boolean =>
	drift.newEvents.length + drift.newInput.length + drift.newOutput.length > 0;

/** The report: one line, `<release>: new events: ...; new input fields: ...; new output fields: ...`. */
export const driftReport = (drift: Drift): string => {
	const release =
		`Claude Code agent SDK ${drift.version}` +
		(drift.claudeCode === undefined ? "" : ` (Claude Code ${drift.claudeCode})`);
	const parts = [
		["new events", drift.newEvents],
		["new input fields", drift.newInput],
		["new output fields", drift.newOutput],
		["events no longer in the SDK", drift.goneEvents],
	] as const;
	const said = parts.filter(([, names]) => names.length > 0).map(([what, names]) => `${what}: ${names.join(", ")}`);
	if (!hasDrift(drift))
		said.unshift(`nothing new (${drift.eventCount} events, their input and output fields all known)`);
	return `${release}: ${said.join("; ")}`;
};
