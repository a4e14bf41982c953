/**
 * Building blocks of the detail views: labelled fields whose values wrap under themselves, section titles,
 * and raw text blocks (JSON, stdout, stderr) capped to a number of lines. Every line fits the width. Pure.
 */
import type { PanelTheme, UiColor } from "../theme.ts";
import { fit, hardWrap, wordWrap } from "./format.ts";

/** Width of the label column of a field. */
const LABEL = 12;

/** Most lines of raw text a block shows whole; a longer text shows its first and last lines. */
export const BLOCK_LINES = 40;

/** Lines shown from the start, then from the end, of a text longer than {@link BLOCK_LINES}. */
export const BLOCK_HEAD_LINES = 24;
export const BLOCK_TAIL_LINES = 8;

/** Characters of raw text shown whole per block (stdout can be 1 MiB); a longer text shows its two ends. */
export const BLOCK_CHARS = 8000;

/** `label   value`, the value wrapped under itself; a narrow width puts the value under the label. */
export const field = (
	theme: PanelTheme,
	label: string,
	value: string,
	width: number,
	color: UiColor = "text",
): string[] => {
	const labelWidth = width >= 30 ? LABEL : 0;
	const valueWidth = Math.max(1, width - labelWidth);
	const wrapped = wordWrap(value === "" ? "-" : value, labelWidth === 0 ? valueWidth - 2 : valueWidth);
	if (labelWidth === 0) {
		return [
			theme.fg("muted", fit(label, width)),
			...wrapped.map((line) => `  ${theme.fg(color, fit(line, width - 2))}`),
		];
	}
	return wrapped.map(
		(line, index) =>
			theme.fg("muted", fit(index === 0 ? label : "", labelWidth)) + theme.fg(color, fit(line, valueWidth)),
	);
};

/** A section title on its own line, bold, after an empty line. */
export const section = (theme: PanelTheme, title: string, width: number): string[] => [
	" ".repeat(width),
	theme.bold(theme.fg("accent", fit(title, width))),
];

const count = (value: number): string => value.toLocaleString("en-US");

/**
 * Where the first `rows` screen lines of `text` at `width` columns end (a character index), counting from the
 * start, or from the end when `fromEnd` (then where they begin). A line longer than the width takes several rows;
 * wide characters may take more, which the caller's cut to `rows` absorbs.
 */
const rowsEnd = (text: string, width: number, rows: number, fromEnd: boolean): number => {
	let left = rows;
	let pos = fromEnd ? text.length : 0;
	while (left > 0 && (fromEnd ? pos > 0 : pos < text.length)) {
		const newline = fromEnd ? text.lastIndexOf("\n", pos - 1) : text.indexOf("\n", pos);
		const length = fromEnd ? pos - (newline + 1) : (newline === -1 ? text.length : newline) - pos;
		const need = Math.max(1, Math.ceil(length / width));
		if (need > left) return fromEnd ? pos - left * width : pos + left * width;
		left -= need;
		pos = fromEnd ? Math.max(0, newline) : newline === -1 ? text.length : newline + 1;
	}
	// From the end, a whole line begins after its line break.
	return fromEnd && pos > 0 && text[pos] === "\n" ? pos + 1 : pos;
};

/** The note between the two ends of a long text: how many lines and characters are left out. */
const omittedNote = (omitted: string): string => {
	const breaks = omitted.split("\n").length - 1;
	const chars = `${count(omitted.length)} character${omitted.length === 1 ? "" : "s"}`;
	return breaks === 0
		? `… ${chars} more of this line not shown`
		: `… ${count(breaks)} more line${breaks === 1 ? "" : "s"} (${chars}) not shown`;
};

/**
 * Raw text (stdin JSON, stdout, stderr) indented by two. A text of at most {@link BLOCK_LINES} screen lines and
 * {@link BLOCK_CHARS} characters is shown whole; a longer one (a hook may print 1 MiB) as an excerpt: its first
 * {@link BLOCK_HEAD_LINES} and last {@link BLOCK_TAIL_LINES} lines around a note saying how many lines and
 * characters are not shown, so the rest of a view stays a few lines away. `empty` is shown for empty text.
 */
export const block = (
	theme: PanelTheme,
	text: string,
	width: number,
	empty = "(empty)",
	color: UiColor = "toolOutput",
): string[] => {
	if (text === "") return [`  ${theme.fg("muted", fit(empty, width - 2))}`];
	const inner = Math.max(1, width - 2);
	const body = text.replace(/\n$/, "");
	const draw = (line: string): string => `  ${theme.fg(color, fit(line, inner))}`;
	if (body.length <= BLOCK_CHARS && rowsEnd(body, inner, BLOCK_LINES, false) >= body.length) {
		const lines = hardWrap(body, inner);
		if (lines.length <= BLOCK_LINES) return lines.map(draw);
	}
	const headEnd = Math.min(rowsEnd(body, inner, BLOCK_HEAD_LINES, false), BLOCK_CHARS);
	const tailStart = Math.max(rowsEnd(body, inner, BLOCK_TAIL_LINES, true), body.length - BLOCK_CHARS, headEnd);
	const head = hardWrap(body.slice(0, headEnd).replace(/\n$/, ""), inner).slice(0, BLOCK_HEAD_LINES);
	const tail = tailStart >= body.length ? [] : hardWrap(body.slice(tailStart), inner).slice(-BLOCK_TAIL_LINES);
	return [
		...head.map(draw),
		`  ${theme.fg("muted", fit(omittedNote(body.slice(headEnd, tailStart)), inner))}`,
		...tail.map(draw),
	];
};

/** Pretty-prints JSON text; returns the text unchanged when it is not JSON. */
export const prettyJson = (text: string): string => {
	try {
		return JSON.stringify(JSON.parse(text), null, 2);
	} catch {
		return text;
	}
};
