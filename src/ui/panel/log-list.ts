/**
 * The firing log view: one row per hook run, newest first (time, event, tool and input, hook, duration, exit
 * code, decision), and one row for an event where no hook ran, so "why didn't my hook fire?" has a row to
 * open. Selection is kept by key while new records arrive.
 */
import type { FiringRecord, NotRunReason } from "../../engine/engine.ts";
import type { HookVerdict } from "../../engine/interpret.ts";
import type { UiColor } from "../theme.ts";
import { type FilterMatch, highlightFit, highlightFitMiddle } from "./filter.ts";
import { type RunDecision, verdictDecision, verdictExit } from "./firing-log.ts";
import { fit, fitRight, formatClock, formatDuration, hookTarget, oneLine } from "./format.ts";
import { KeyedList } from "./selection.ts";

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
	readonly decision: RunDecision | "not run";
}

/** The fields the log filters on. */
export const LOG_FILTER_KEYS = ["event", "input", "hook", "decision"] as const;

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
});

/** Short words for why hooks did not run, as the log row lists them. */
export const NOT_RUN_WORDS: Readonly<Record<NotRunReason, string>> = {
	matcher: "matcher",
	if: "if",
	disabled: "disabled",
	duplicate: "duplicate",
	all_off: "all off",
	untrusted: "untrusted",
	unsupported_type: "unsupported",
};

/** The rows of the records (newest first, as the log keeps them). */
export const buildLogRows = (records: readonly FiringRecord[]): LogRow[] =>
	records.flatMap((record): LogRow[] => {
		const input = oneLine([record.matchQuery ?? "", record.summary].filter((part) => part !== "").join(" "));
		if (record.verdicts.length === 0) {
			const reasons = [...new Set(record.notRun.map((hook) => NOT_RUN_WORDS[hook.reason]))].join(", ");
			const hook = `${record.notRun.length} not run${reasons === "" ? "" : ` (${reasons})`}`;
			return [
				{
					key: `${record.seq}:none`,
					record,
					verdict: undefined,
					event: record.event,
					input,
					hook,
					decision: "not run" as const,
				},
			];
		}
		return record.verdicts.map((verdict, index) => ({
			key: `${record.seq}:${index}`,
			record,
			verdict,
			event: record.event,
			input,
			hook: oneLine(hookTarget(verdict.entry)),
			decision: verdictDecision(verdict),
		}));
	});

/** The theme colour of a decision. */
export const decisionColor = (decision: LogRow["decision"]): UiColor => {
	switch (decision) {
		case "block":
		case "deny":
		case "stop":
		case "error":
			return "error";
		case "ask":
		case "timeout":
		case "cancelled":
		case "defer":
			return "warning";
		case "allow":
		case "ok":
			return "success";
		case "not run":
			return "muted";
	}
};

interface LogColumns {
	readonly event: number;
	readonly input: number;
	readonly hook: number;
	readonly duration: number;
	readonly exit: number;
}

const TIME = 9;
const DECISION = 8;
const MARKER = 2;

/** Column widths at an inner width: the event, then the numbers, then the hook go first when space is short. */
export const logColumns = (width: number): LogColumns => {
	const flex = (rest: number, hook: boolean): { input: number; hook: number } =>
		hook ? { input: Math.ceil(rest * 0.5), hook: rest - Math.ceil(rest * 0.5) } : { input: rest, hook: 0 };
	const layouts = [
		{ event: 19, duration: 7, exit: 5, hook: true },
		{ event: 0, duration: 7, exit: 5, hook: true },
		{ event: 0, duration: 0, exit: 0, hook: true },
		{ event: 0, duration: 0, exit: 0, hook: false },
	];
	for (const layout of layouts) {
		const rest = width - MARKER - TIME - DECISION - layout.event - layout.duration - layout.exit;
		if (rest >= (layout.hook ? 28 : 8))
			return { event: layout.event, duration: layout.duration, exit: layout.exit, ...flex(rest, layout.hook) };
	}
	return { event: 0, duration: 0, exit: 0, input: Math.max(1, width - MARKER - TIME - DECISION), hook: 0 };
};

/** The log view: set rows, move the selection, render a window of it. */
export class LogList extends KeyedList<LogMatch> {
	/** Exactly `height` lines of exactly `width` columns: a header row, then the rows. */
	render(width: number, height: number, emptyText: string): string[] {
		const t = this.theme;
		const columns = logColumns(width);
		const header =
			" ".repeat(MARKER) +
			fit("time", TIME) +
			fit("event", columns.event) +
			fit("tool / input", columns.input) +
			fit("hook", columns.hook) +
			fitRight("took", columns.duration - 1) +
			(columns.duration > 0 ? " " : "") +
			fitRight("exit", columns.exit - 1) +
			(columns.exit > 0 ? " " : "") +
			fit("decision", DECISION);
		const lines = [t.fg("muted", fit(header, width))];
		if (this.matches.length === 0) {
			lines.push(t.fg("muted", fit(emptyText, width)));
			while (lines.length < height) lines.push(" ".repeat(width));
			return lines.slice(0, height);
		}
		const mark = (text: string): string => t.bold(t.fg("accent", t.underline(text)));
		const focus = Math.max(
			0,
			this.matches.findIndex((match) => match.item.key === this.selection.key),
		);
		// Only the visible rows are drawn: the log can hold a thousand runs.
		const top = this.window.follow(this.matches.length, focus, height - 1);
		for (const match of this.matches.slice(top, top + height - 1)) {
			lines.push(this.rowLine(match, columns, width, match.item.key === this.selection.key, mark));
		}
		while (lines.length < height) lines.push(" ".repeat(width));
		return lines;
	}

	private rowLine(
		match: LogMatch,
		columns: LogColumns,
		width: number,
		selected: boolean,
		mark: (text: string) => string,
	): string {
		const t = this.theme;
		const row = match.item;
		const verdict = row.verdict;
		const exit = verdict === undefined ? undefined : verdictExit(verdict);
		const numbers =
			(columns.duration > 0
				? fitRight(verdict === undefined ? "" : formatDuration(verdict.outcome.durationMs), columns.duration - 1) +
					" "
				: "") +
			(columns.exit > 0
				? fitRight(exit === undefined ? (verdict === undefined ? "" : "-") : String(exit), columns.exit - 1) + " "
				: "");
		const line =
			(selected ? "> " : "  ") +
			t.fg("muted", fit(formatClock(row.record.time), TIME)) +
			(columns.event > 0
				? t.fg("accent", highlightFit(row.event, columns.event - 1, match.ranges.event, mark)) + " "
				: "") +
			highlightFit(row.input, columns.input - 1, match.ranges.input, mark) +
			" " +
			(columns.hook > 0
				? `${t.fg(verdict === undefined ? "muted" : "text", (verdict === undefined ? highlightFit : highlightFitMiddle)(row.hook, columns.hook - 1, match.ranges.hook, mark))} `
				: "") +
			t.fg("muted", numbers) +
			t.fg(decisionColor(row.decision), highlightFit(row.decision, DECISION, match.ranges.decision, mark));
		const used =
			MARKER + TIME + columns.event + columns.input + columns.hook + columns.duration + columns.exit + DECISION;
		const padded = line + " ".repeat(Math.max(0, width - used));
		return selected ? t.bg("selectedBg", padded) : padded;
	}
}
