/**
 * The firing log's rows: one per hook run, and one for an event where no hook ran (how many did not run and
 * why), with the fields the log's filter searches. Pure data; the log tab draws them (log-list.ts).
 */

import type { HookVerdict } from "../../engine/decide/interpret.ts";
import type { FiringRecord, NotRunReason } from "../../engine/engine.ts";
import { type RunResult, verdictResult } from "../../engine/record/result-kind.ts";
import type { FilterMatch } from "./filter.ts";
import { hookLabel, oneLine } from "./format.ts";

/** One row of the log. */
export interface LogRow {
	/** `<seq>:<verdict index>`, or `<seq>:none` for an event where no hook ran. */
	readonly key: string;
	readonly record: FiringRecord;
	/** The hook run of this row; undefined when no hook ran for the event. */
	readonly verdict: HookVerdict | undefined;
	readonly event: string;
	/** Tool name and a short form of its input, e.g. `Bash rm -rf build`. */
	readonly input: string;
	/** The hook's command; for an event where nothing ran, how many hooks did not run and why. */
	readonly hook: string;
	readonly decision: RunResult | "not run";
	/** The session the record belongs to; undefined for the running session while no earlier one is shown. */
	readonly session?: string | undefined;
}

/** Characters of a session id the log shows for the session of a row (see {@link shortSession}). */
export const SHORT_SESSION = 8;

/**
 * The short id the log shows for a session: its last {@link SHORT_SESSION} characters (pi's ids are UUIDv7,
 * whose start is their time, shared by sessions started close together; the end is random). `session:` takes it,
 * as it takes any part of the id.
 */
export const shortSession = (id: string): string => (id.length <= SHORT_SESSION ? id : id.slice(-SHORT_SESSION));

/** The fields the log filters on. */
export const LOG_FILTER_KEYS = ["event", "input", "hook", "decision", "session"] as const;

/** A field the log filters on. */
export type LogFilterKey = (typeof LOG_FILTER_KEYS)[number];

/** A log row with its filter match. */
export type LogMatch = FilterMatch<LogRow, LogFilterKey>;

/** The searchable text of a log row. */
export const logFilterFields = (row: LogRow): Readonly<Record<LogFilterKey, string>> => ({
	event: row.event,
	input: row.input,
	hook: row.hook,
	decision: row.decision,
	session: row.session ?? "",
});

/** Short words for why hooks did not run, as the log row lists them. */
export const NOT_RUN_WORDS: Readonly<Record<NotRunReason, string>> = {
	matcher: "matcher",
	if: "if",
	disabled: "disabled",
	duplicate: "duplicate",
	all_off: "all off",
	untrusted: "untrusted",
	unapproved: "unapproved",
	no_such_event: "no such event",
	unsupported_type: "unsupported",
	type_not_on_event: "type not on event",
	once: "once",
	managed_only: "managed only",
	plugin_only: "plugin only",
	plugin_disabled: "plugin off",
	no_moment: "no moment",
	mcp_at_launch: "MCP not yet connected",
	files_changed: "files changed",
	unseen: "unseen",
};

/**
 * The rows of the records, in their order. `session` (an earlier session's id, or the running one's once
 * earlier sessions are shown) goes on every row and into its key.
 */
export const buildLogRows = (records: readonly FiringRecord[], session?: string): LogRow[] =>
	records.flatMap((record): LogRow[] => {
		const prefix = session === undefined ? "" : `${session}/`;
		const from = session === undefined ? {} : { session };
		const input = oneLine(
			// SessionStart matches on its source and shows it as its input too: say it once (`startup`).
			[
				record.test === true ? "[test]" : "",
				record.matchQuery === record.summary ? "" : (record.matchQuery ?? ""),
				record.summary,
			]
				.filter((part) => part !== "")
				.join(" "),
		);
		if (record.verdicts.length === 0) {
			const reasons = [...new Set(record.notRun.map((hook) => NOT_RUN_WORDS[hook.reason]))].join(", ");
			const hook = `${record.notRun.length} not run${reasons === "" ? "" : ` (${reasons})`}`;
			return [
				{
					key: `${prefix}${record.seq}:none`,
					record,
					verdict: undefined,
					event: record.event,
					input,
					hook,
					decision: "not run" as const,
					...from,
				},
			];
		}
		return record.verdicts.map((verdict, index) => ({
			key: `${prefix}${record.seq}:${index}`,
			record,
			verdict,
			event: record.event,
			input,
			hook: oneLine(hookLabel(verdict.entry)),
			decision: verdictResult(verdict),
			...from,
		}));
	});
