/**
 * The panel's box and help line: a rounded border in the theme's border colour with a title, inner lines
 * padded to the width, and key hints wrapped by whole items. Every line is exactly the width. Pure.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import type { PanelTheme, UiColor } from "../theme.ts";
import { fit, wordWrap } from "./format.ts";

/** Columns the frame takes from the width: a border and a space on each side. */
export const FRAME_COLUMNS = 4;

/**
 * Wraps `inner` lines (each at most `width - 4` columns) in a box of exactly `width` columns, with `title` at
 * the top left and `right` (plain text, drawn in `rightColor`) at the top right.
 */
export const frame = (
	theme: PanelTheme,
	title: string,
	right: string,
	inner: readonly string[],
	width: number,
	rightColor: UiColor = "muted",
): string[] => {
	const b = (text: string): string => theme.fg("border", text);
	const innerWidth = width - FRAME_COLUMNS;
	const titleText = fit(` ${title} `, Math.max(0, Math.min(visibleWidth(title) + 2, width - 4)));
	const rightText =
		right === ""
			? ""
			: fit(` ${right} `, Math.max(0, Math.min(visibleWidth(right) + 2, width - 6 - visibleWidth(titleText))));
	const rule = Math.max(0, width - 3 - visibleWidth(titleText) - visibleWidth(rightText));
	const top =
		b("╭─") +
		theme.bold(theme.fg("accent", titleText)) +
		b("─".repeat(rule)) +
		theme.fg(rightColor, rightText) +
		b("╮");
	const body = inner.map(
		(line) => `${b("│")} ${line}${" ".repeat(Math.max(0, innerWidth - visibleWidth(line)))} ${b("│")}`,
	);
	return [top, ...body, b(`╰${"─".repeat(Math.max(0, width - 2))}╯`)];
};

/** One entry of the help line: the key's label and what it does. */
export type Hint = readonly [key: string, does: string];

/** A line under the list: what an action did (`info`) or why it did not (`error`). */
export interface Message {
	readonly text: string;
	readonly level: "error" | "info";
}

/** A message word-wrapped to at most three lines of exactly `width` columns, red for an error, else green. */
export const messageLines = (theme: PanelTheme, message: Message, width: number): string[] =>
	wordWrap(message.text, width)
		.slice(0, 3)
		.map((line) => theme.fg(message.level === "error" ? "error" : "success", fit(line, width)));

/** Key hints `key action` joined by ` · `, wrapped by whole hints into lines of exactly `width` columns. */
export const helpLines = (theme: PanelTheme, hints: readonly Hint[], width: number): string[] => {
	const lines: string[] = [];
	let current = "";
	for (const [key, action] of hints) {
		const hint = `${key} ${action}`;
		const next = current === "" ? hint : `${current} · ${hint}`;
		if (visibleWidth(next) > width && current !== "") {
			lines.push(current);
			current = hint;
		} else {
			current = next;
		}
	}
	if (current !== "") lines.push(current);
	return lines.map((line) => theme.fg("dim", fit(line, width)));
};
