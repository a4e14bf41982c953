/**
 * Building blocks of the detail views: labelled fields whose values wrap under themselves, section titles,
 * and raw text blocks (JSON, stdout, stderr) capped to a number of lines. Every line fits the width. Pure.
 */
import type { PanelTheme, UiColor } from "../theme.ts";
import { fit, hardWrap, wordWrap } from "./format.ts";

/** Width of the label column of a field. */
const LABEL = 12;

/** Lines of raw text shown per block before the rest is cut. */
export const BLOCK_LINES = 40;

/** Characters of raw text considered per block (stdout can be 1 MiB). */
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

/**
 * Raw text (stdin JSON, stdout, stderr) indented by two, at most {@link BLOCK_LINES} lines of it, with a note
 * saying how much was left out. `empty` is shown for empty text.
 */
export const block = (
	theme: PanelTheme,
	text: string,
	width: number,
	empty = "(empty)",
	color: UiColor = "toolOutput",
): string[] => {
	if (text === "") return [`  ${theme.fg("muted", fit(empty, width - 2))}`];
	const considered = text.length > BLOCK_CHARS ? text.slice(0, BLOCK_CHARS) : text;
	const lines = hardWrap(considered.replace(/\n$/, ""), Math.max(1, width - 2));
	const shown = lines.slice(0, BLOCK_LINES);
	const out = shown.map((line) => `  ${theme.fg(color, fit(line, width - 2))}`);
	if (lines.length > shown.length || considered.length < text.length) {
		const note = `... ${text.length - shown.join("\n").length} more characters not shown`;
		out.push(`  ${theme.fg("muted", fit(note, width - 2))}`);
	}
	return out;
};

/** Pretty-prints JSON text; returns the text unchanged when it is not JSON. */
export const prettyJson = (text: string): string => {
	try {
		return JSON.stringify(JSON.parse(text), null, 2);
	} catch {
		return text;
	}
};
