/**
 * The hook list view: rows grouped event -> matcher -> handler, each handler with its state, command,
 * source, run count and last outcome; the filter's matched characters highlighted; the selected row on pi's
 * selection background.
 * Keeps the selection by hook id so it survives filtering and live reloads.
 */
import type { FilterMatch, MatchRanges } from "./filter.ts";
import { fuzzyFilter, highlightFit, highlightFitMiddle } from "./filter.ts";
import { fit, fitRight, formatDuration, oneLine, wordWrap } from "./format.ts";
import type { ListRow } from "./hook-rows.ts";
import { preflightSummary } from "./preflight-text.ts";
import { KeyedList } from "./selection.ts";

/** The fields the hook list filters on. */
export const HOOK_FILTER_KEYS = ["event", "matcher", "target", "source", "state"] as const;

/** A field the hook list filters on. */
export type HookFilterKey = (typeof HOOK_FILTER_KEYS)[number];

/** A hook list row with its filter match. */
export type HookMatch = FilterMatch<ListRow, HookFilterKey>;

/** The state of a hook that is off with every other hook. */
const ALL_OFF_LABEL = "off (all)";

/**
 * The state column of a row: `on`, `off`, `off (all)` (the kill switch or `disableAllHooks`: it does not run),
 * `skip` (cannot run) or `bad` (an invalid entry).
 */
const stateLabel = (row: ListRow): string =>
	row.kind === "issue"
		? "bad"
		: row.state === "skipped"
			? "skip"
			: row.state === "all_off"
				? ALL_OFF_LABEL
				: row.state;

/** The searchable text of a row. */
export const hookFilterFields = (row: ListRow): Readonly<Record<HookFilterKey, string>> => ({
	event: row.event,
	matcher: row.matcher,
	target: row.target,
	source: row.source,
	state: stateLabel(row),
});

/**
 * The rows matching the list filter, in their order: `state:skip` (also `on`, `off`, `bad`, or the start of one;
 * several words = any of those states) keeps only rows in that state, and every other word must match one of
 * {@link HOOK_FILTER_KEYS} fuzzily (the state column too, so `skip` alone finds skipped hooks).
 */
export const filterHookRows = (rows: readonly ListRow[], query: string): HookMatch[] => {
	const states: string[] = [];
	const words: string[] = [];
	for (const word of query.trim().split(/\s+/)) {
		const state = /^state:(.*)$/i.exec(word)?.[1];
		if (state !== undefined) states.push(state.toLowerCase());
		else if (word !== "") words.push(word);
	}
	const kept =
		states.length === 0 ? rows : rows.filter((row) => states.some((state) => stateLabel(row).startsWith(state)));
	return fuzzyFilter(kept, words.join(" "), HOOK_FILTER_KEYS, hookFilterFields);
};

const SHORT_SOURCES: Readonly<Record<string, string>> = {
	"Claude user": "C user",
	"Claude project": "C proj",
	"Claude local": "C local",
	"pi global": "pi glob",
	"pi project": "pi proj",
};

/** Column widths of a row at an inner width; 0 = the column is left out. */
interface Columns {
	readonly indent: number;
	readonly state: number;
	/** The handler type (`cmd`, `http`, `prompt`...); 0 = written in front of the target instead. */
	readonly type: number;
	readonly target: number;
	readonly source: number;
	readonly shortSource: boolean;
	readonly runs: number;
	readonly last: number;
}

const MARKER = 2;
const INDENT = 2;

/** Widest full source column: a long `Plugin name@marketplace` label is cut beyond it. */
const MAX_SOURCE = 32;

/**
 * Lays out the columns: the command keeps at least 24 columns; the last outcome, the run count, the full
 * source labels, then the type column and the indentation give way first. `longestSource` (characters) widens
 * the source column for long labels such as `Plugin guard@my-marketplace`, up to 32 columns; `longestState` the
 * state column for `off (all)`.
 */
export const listColumns = (width: number, longestSource = 0, longestState = 4): Columns => {
	const source = Math.max(15, Math.min(MAX_SOURCE, longestSource + 1));
	const state = Math.max(5, longestState + 1);
	const options: Omit<Columns, "target">[] = [
		{ indent: INDENT, state, type: 7, source, shortSource: false, runs: 6, last: 14 },
		{ indent: INDENT, state, type: 7, source, shortSource: false, runs: 6, last: 0 },
		{ indent: INDENT, state, type: 7, source, shortSource: false, runs: 0, last: 0 },
		{ indent: INDENT, state, type: 7, source: 15, shortSource: false, runs: 0, last: 0 },
		{ indent: INDENT, state, type: 7, source: 8, shortSource: true, runs: 0, last: 0 },
	];
	for (const option of options) {
		const target =
			width - option.indent - MARKER - option.state - option.type - option.source - option.runs - option.last;
		if (target >= 24) return { ...option, target };
	}
	const narrow = { indent: 0, state, type: 0, source: 8, shortSource: true, runs: 0, last: 0 };
	return { ...narrow, target: Math.max(1, width - MARKER - narrow.state - narrow.source) };
};

/** Short names of the handler types for the type column. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
	command: "cmd",
	http: "http",
	prompt: "prompt",
	agent: "agent",
	mcp_tool: "mcp",
};

/** The hook list: set rows, move the selection, render a window of it. */
export class HookList extends KeyedList<HookMatch> {
	/** Exactly `height` lines of exactly `width` columns; `emptyText` when there is no row to show. */
	render(width: number, height: number, emptyText = "No hooks match the filter."): string[] {
		const t = this.theme;
		if (this.matches.length === 0) {
			const text = wordWrap(emptyText, width).map((line) => t.fg("muted", fit(line, width)));
			return [...text, ...Array<string>(Math.max(0, height - text.length)).fill(" ".repeat(width))].slice(
				0,
				height,
			);
		}
		const columns = listColumns(
			width,
			Math.max(0, ...this.matches.map((match) => match.item.source.length)),
			Math.max(0, ...this.matches.map((match) => stateLabel(match.item).length)),
		);
		const mark = (text: string): string => t.bold(t.fg("accent", t.underline(text)));
		const lines: string[] = [];
		let selectedLine = 0;
		let event: string | undefined;
		let matcher: string | undefined;
		for (const match of this.matches) {
			const row = match.item;
			if (row.event !== event) {
				event = row.event;
				matcher = undefined;
				lines.push(t.bold(t.fg("accent", highlightFit(row.event, width, match.ranges.event, mark))));
			}
			if (row.matcher !== matcher) {
				matcher = row.matcher;
				const label = row.kind === "issue" ? "invalid entries" : `matcher ${row.matcher}`;
				const ranges: MatchRanges | undefined =
					row.kind === "issue" ? undefined : shift(match.ranges.matcher, "matcher ".length);
				lines.push(" ".repeat(INDENT) + t.fg("muted", highlightFit(label, width - INDENT, ranges, mark)));
			}
			const selected = row.key === this.selection.key;
			if (selected) selectedLine = lines.length;
			lines.push(this.rowLine(match, columns, width, selected, mark));
			// A skipped hook says why right under it, and so does one that is on but can never fire or cannot run here.
			const under =
				row.kind === "hook"
					? row.state === "skipped"
						? row.note
						: (row.warning ?? preflightSummary(row.preflight))
					: undefined;
			const pad = columns.indent + MARKER + columns.state;
			if (under !== undefined) lines.push(" ".repeat(pad) + t.fg("warning", fit(oneLine(under), width - pad)));
			// A hook of an event only other extensions fire: who fires it, or why nothing does.
			else if (row.kind === "hook" && row.state !== "skipped" && row.firedBy !== undefined) {
				const color = row.firedBy.live === false ? "warning" : "muted";
				lines.push(" ".repeat(pad) + t.fg(color, fit(oneLine(row.firedBy.text), width - pad)));
			}
		}
		// The window keeps the selected row in view, with its group headers when they fit.
		return this.window.view(lines, selectedLine, height, width);
	}

	private rowLine(
		match: HookMatch,
		columns: Columns,
		width: number,
		selected: boolean,
		mark: (text: string) => string,
	): string {
		const t = this.theme;
		const row = match.item;
		const state = stateLabel(row);
		const stateColor = state === "on" ? "success" : state === "bad" ? "error" : "warning";
		const source = columns.shortSource ? (SHORT_SOURCES[row.source] ?? row.source) : row.source;
		const muted = row.kind === "issue" || row.state !== "on";
		const textColor = row.kind === "issue" ? "error" : muted ? "dim" : "text";
		const type = row.kind === "hook" ? (TYPE_LABELS[row.entry.handler.type] ?? row.entry.handler.type) : "";
		// Without a type column, a hook that is not a command says its type in front of its target.
		const prefix =
			columns.type === 0 && row.kind === "hook" && row.entry.handler.type !== "command" ? `${type}: ` : "";
		// A command's script name comes first, then the command in the spare width, cut at its end; a URL or
		// prompt keeps its start and its end.
		const fitTarget =
			row.kind === "hook" && row.entry.handler.type !== "command" ? highlightFitMiddle : highlightFit;
		const target = fitTarget(prefix + row.target, columns.target, shift(match.ranges.target, prefix.length), mark);
		const sourceCell = highlightFit(
			source,
			columns.source - 1,
			columns.shortSource ? undefined : match.ranges.source,
			mark,
		);
		let stats = "";
		if (columns.runs > 0 && row.kind === "hook")
			stats += fitRight(row.stats.runs === 0 ? "-" : `${row.stats.runs}x`, columns.runs - 1) + " ";
		else if (columns.runs > 0) stats += " ".repeat(columns.runs);
		if (columns.last > 0) {
			const last = row.kind === "hook" ? row.stats.last : undefined;
			stats += fit(last === undefined ? "" : `${last.decision} ${formatDuration(last.durationMs)}`, columns.last);
		}
		const body =
			" ".repeat(columns.indent) +
			(selected ? "> " : "  ") +
			t.fg(stateColor, fit(state, columns.state)) +
			t.fg("muted", fit(type, columns.type)) +
			t.fg(textColor, target) +
			" " +
			t.fg("muted", sourceCell) +
			t.fg("muted", stats);
		const used =
			columns.indent +
			MARKER +
			columns.state +
			columns.type +
			columns.target +
			columns.source +
			columns.runs +
			columns.last;
		const line = body + " ".repeat(Math.max(0, width - used));
		return selected ? t.bg("selectedBg", line) : line;
	}
}

/** Moves ranges right by `offset` characters (a label was put in front of the matched text). */
const shift = (ranges: MatchRanges | undefined, offset: number): MatchRanges | undefined =>
	ranges?.map(([start, end]) => [start + offset, end + offset] as const);
