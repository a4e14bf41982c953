/**
 * The firing log view: one row per hook run, newest first (time, event, tool and input, hook, duration, exit
 * code, decision), and one row for an event where no hook ran, so "why didn't my hook fire?" has a row to
 * open. Selection is kept by key while new records arrive.
 */
import { verdictExit } from "../../engine/record/result-kind.ts";
import type { PanelTheme, UiColor } from "../theme.ts";
import { highlightFit } from "./filter.ts";
import { fit, fitRight, formatClock, formatDuration } from "./format.ts";
import type { IndexedRow } from "./log-index.ts";
import { type LogQuery, parseLogQuery, queryRanges } from "./log-query.ts";
import { type LogMatch, type LogRow, SHORT_SESSION, shortSession } from "./log-rows.ts";
import { ScrollWindow } from "./selection.ts";

/** The theme colour of a decision. */
export const resultColor = (decision: LogRow["decision"]): UiColor => {
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
	/** The time column: `14:02:07`, or `11-28 14:02` while earlier sessions are shown. */
	readonly time: number;
	/** The session column (its short id), while earlier sessions are shown; else 0. */
	readonly session: number;
}

const TIME = 9;
/** The time column with the day, for rows of earlier sessions. */
const DATED_TIME = 12;

const two = (value: number): string => String(value).padStart(2, "0");

/** `11-28 14:02`: local month, day and clock time (rows of earlier sessions). */
export const formatDayClock = (epochMs: number): string => {
	const date = new Date(epochMs);
	return `${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
};
const DECISION = 8;
const MARKER = 2;
/** The session column: a short id and a space. */
const SESSION = SHORT_SESSION + 1;

/**
 * Column widths at an inner width: the event, then the numbers, then the hook go first when space is short.
 * `dated` (earlier sessions shown) adds the session column and widens the time column to hold the day; too
 * narrow for both, the time keeps only the clock, and narrower still it goes (a row's details say it).
 */
export const logColumns = (width: number, dated = false): LogColumns => {
	const session = dated ? SESSION : 0;
	const flex = (rest: number, hook: boolean): { input: number; hook: number } =>
		hook ? { input: Math.ceil(rest * 0.5), hook: rest - Math.ceil(rest * 0.5) } : { input: rest, hook: 0 };
	const layouts = [
		{ event: 19, duration: 7, exit: 5, hook: true },
		{ event: 0, duration: 7, exit: 5, hook: true },
		{ event: 0, duration: 0, exit: 0, hook: true },
		{ event: 0, duration: 0, exit: 0, hook: false },
	];
	// With the session column, a row keeps room for its input before its time (the details have the time).
	const least = dated ? 16 : 8;
	for (const time of dated ? [DATED_TIME, TIME] : [TIME])
		for (const layout of layouts) {
			const rest = width - MARKER - time - session - DECISION - layout.event - layout.duration - layout.exit;
			if (rest >= (layout.hook ? 28 : least))
				return {
					event: layout.event,
					duration: layout.duration,
					exit: layout.exit,
					time,
					session,
					...flex(rest, layout.hook),
				};
		}
	const time = dated ? 0 : TIME;
	const input = Math.max(1, width - MARKER - time - session - DECISION);
	return { event: 0, duration: 0, exit: 0, time, session, input, hook: 0 };
};

/** The log view: set rows, move the selection, render a window of it. Work per frame is the visible rows only. */
export class LogList {
	private rows: readonly IndexedRow[] = [];
	private query: LogQuery = parseLogQuery("", 0);
	private selectedN: number | undefined;
	private dated = false;
	private readonly window = new ScrollWindow();
	private readonly theme: PanelTheme;

	constructor(theme: PanelTheme) {
		this.theme = theme;
	}

	/**
	 * The rows to show (oldest first, as the index keeps them; drawn newest first) and the query to highlight;
	 * `dated` shows each row's day too (earlier sessions are in the list).
	 */
	setRows(rows: readonly IndexedRow[], query: LogQuery, dated = false): void {
		this.rows = rows;
		this.query = query;
		this.dated = dated;
	}

	/** Number of rows shown (after filtering). */
	count(): number {
		return this.rows.length;
	}

	/** Index in `rows` of the selected row (binary search by `n`); the newest row when the selection is gone. */
	private selectedIndex(): number {
		const rows = this.rows;
		if (rows.length === 0) return -1;
		const n = this.selectedN;
		if (n !== undefined) {
			let low = 0;
			let high = rows.length - 1;
			while (low <= high) {
				const mid = (low + high) >> 1;
				const at = rows[mid]?.n ?? 0;
				if (at === n) return mid;
				if (at < n) low = mid + 1;
				else high = mid - 1;
			}
		}
		this.selectedN = rows[rows.length - 1]?.n;
		return rows.length - 1;
	}

	/** The selected row; undefined when the list is empty. */
	selected(): LogRow | undefined {
		return this.rows[this.selectedIndex()]?.row;
	}

	/** Selects the newest row that `which` accepts (e.g. the row selected before the rows were rebuilt). */
	select(which: (row: LogRow) => boolean): void {
		for (let index = this.rows.length - 1; index >= 0; index--) {
			const indexed = this.rows[index];
			if (indexed !== undefined && which(indexed.row)) {
				this.selectedN = indexed.n;
				return;
			}
		}
	}

	/**
	 * Moves the selection by `delta` rows on screen (newest first); single steps wrap around, pages stop at the ends.
	 */
	move(delta: number): void {
		const count = this.rows.length;
		if (count === 0) return;
		const shown = count - 1 - this.selectedIndex();
		const next =
			Math.abs(delta) === 1 ? (shown + delta + count) % count : Math.min(count - 1, Math.max(0, shown + delta));
		this.selectedN = this.rows[count - 1 - next]?.n;
	}

	/** Exactly `height` lines of exactly `width` columns: a header row, then the rows. */
	render(width: number, height: number, emptyText: string): string[] {
		const t = this.theme;
		const columns = logColumns(width, this.dated);
		const header =
			" ".repeat(MARKER) +
			fit("time", columns.time) +
			fit("session", columns.session) +
			fit("event", columns.event) +
			fit("tool / input", columns.input) +
			fit("hook", columns.hook) +
			fitRight("took", columns.duration - 1) +
			(columns.duration > 0 ? " " : "") +
			fitRight("exit", columns.exit - 1) +
			(columns.exit > 0 ? " " : "") +
			fit("decision", DECISION);
		const lines = [t.fg("muted", fit(header, width))];
		if (this.rows.length === 0) {
			lines.push(t.fg("muted", fit(emptyText, width)));
			while (lines.length < height) lines.push(" ".repeat(width));
			return lines.slice(0, height);
		}
		const mark = (text: string): string => t.bold(t.fg("accent", t.underline(text)));
		const count = this.rows.length;
		const selected = this.selectedIndex();
		// Only the visible rows are drawn (and only they get highlight ranges): the log can hold 100,000 runs.
		const top = this.window.follow(count, count - 1 - selected, height - 1);
		for (let shown = top; shown < Math.min(count, top + height - 1); shown++) {
			const index = count - 1 - shown;
			const indexed = this.rows[index];
			if (indexed === undefined) continue;
			lines.push(this.rowLine(this.highlight(indexed.row), columns, width, index === selected, mark));
		}
		while (lines.length < height) lines.push(" ".repeat(width));
		return lines;
	}

	private highlight(row: LogRow): LogMatch {
		if (this.query.words.length === 0) return { item: row, ranges: {} };
		return {
			item: row,
			ranges: {
				event: queryRanges(row.event, "event", this.query),
				input: queryRanges(row.input, "input", this.query),
				hook: queryRanges(row.hook, "hook", this.query),
				decision: queryRanges(row.decision, "decision", this.query),
				session: queryRanges(shortSession(row.session ?? ""), "session", this.query),
			},
		};
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
				? fitRight(
						verdict === undefined ? "" : formatDuration(verdict.outcome.durationMs),
						columns.duration - 1,
					) + " "
				: "") +
			(columns.exit > 0
				? fitRight(exit === undefined ? (verdict === undefined ? "" : "-") : String(exit), columns.exit - 1) +
					" "
				: "");
		const time = columns.time === DATED_TIME ? formatDayClock(row.record.time) : formatClock(row.record.time);
		const line =
			(selected ? "> " : "  ") +
			t.fg("muted", fit(time, columns.time)) +
			(columns.session > 0
				? t.fg(
						"dim",
						highlightFit(shortSession(row.session ?? ""), SHORT_SESSION, match.ranges.session, mark),
					) + " "
				: "") +
			(columns.event > 0
				? t.fg("accent", highlightFit(row.event, columns.event - 1, match.ranges.event, mark)) + " "
				: "") +
			highlightFit(row.input, columns.input - 1, match.ranges.input, mark) +
			" " +
			(columns.hook > 0
				? t.fg(
						verdict === undefined ? "muted" : "text",
						highlightFit(row.hook, columns.hook - 1, match.ranges.hook, mark),
					) + " "
				: "") +
			t.fg("muted", numbers) +
			t.fg(resultColor(row.decision), highlightFit(row.decision, DECISION, match.ranges.decision, mark));
		const used =
			MARKER +
			columns.time +
			columns.session +
			columns.event +
			columns.input +
			columns.hook +
			columns.duration +
			columns.exit +
			DECISION;
		const padded = line + " ".repeat(Math.max(0, width - used));
		return selected ? t.bg("selectedBg", padded) : padded;
	}
}
