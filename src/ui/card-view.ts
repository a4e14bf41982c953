/**
 * The card drawn in the transcript for each hook decision: one line by default (marker and
 * colour of the kind, what it was about, the hook's short name, the reason), the whole record when the
 * user expands tool output. A pure renderer: every line fits the width it is given.
 */
import { type Component, truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui";
import type { Card, CardHook } from "../engine/plan/card.ts";
import {
	cardSubject,
	displayText,
	formatDuration,
	formatTime,
	hooksShortName,
	kindStyle,
	reasonSummary,
	saidSummary,
} from "./card-format.ts";

import { type PanelTheme, plainTheme } from "./theme.ts";

/** How to draw a card. */
export interface CardViewOptions {
	/** Draw the whole record instead of one line. */
	readonly expanded: boolean;
	readonly theme: PanelTheme;
	/** A line under an expanded card, e.g. pi's `keyHint("app.tools.expand", "to collapse")`; none when undefined. */
	readonly collapseHint?: string;
}

/** Columns before the marker. */
const PAD = 1;
/** Columns before a detail label (under the label text of the header). */
const DETAIL_INDENT = 3;
/** Columns of a detail label, including the space after it. */
const LABEL_WIDTH = 9;
/** The narrowest value column; narrower terminals get truncated lines instead of one character per line. */
const MIN_VALUE_WIDTH = 8;

const SEPARATOR = " \u00b7 ";

const fit = (line: string, width: number): string =>
	visibleWidth(line) <= width ? line : truncateToWidth(line, width, "...");

/** Characters a hook's short name may take at `width`: enough to recognise it, but the reason must fit too. */
const nameBudget = (width: number): number => (width < 60 ? 10 : Math.min(32, Math.floor(width * 0.3)));

/** The header: marker and label in the kind's colour, the subject, and the hooks' short names. */
const header = (record: Card, width: number, theme: PanelTheme): string => {
	const style = kindStyle(record);
	const names = hooksShortName(record, nameBudget(width));
	const parts = [
		theme.fg(style.color, theme.bold(`${style.marker} ${style.label}`)),
		` ${theme.bold(cardSubject(record))}`,
		names === "" ? "" : `${theme.fg("dim", SEPARATOR)}${theme.fg("muted", names)}`,
	];
	return `${" ".repeat(PAD)}${parts.join("")}`;
};

/** `cut to 10,000 of 25,000 characters` for a record whose context the model saw capped; `""` otherwise. */
const cutText = (record: Card): string => {
	const cut = record.contextCut;
	if (cut === undefined) return "";
	return `cut to ${cut.shown.toLocaleString("en-US")} of ${cut.original.toLocaleString("en-US")} characters`;
};

/** The one-line card. */
const compactLine = (record: Card, width: number, theme: PanelTheme): string => {
	const cut = cutText(record);
	const summary = record.said === undefined ? reasonSummary(record.reason) : saidSummary(record.said);
	const reason = cut === "" ? summary : `${cut}: ${summary}`;
	const head = header(record, width, theme);
	const line = reason === "" ? head : `${head}${theme.fg("dim", SEPARATOR)}${reason}`;
	return fit(line, width);
};

/** One labelled detail: the value wrapped under itself, continuation lines indented to the value column. */
const detail = (
	label: string,
	value: string,
	width: number,
	theme: PanelTheme,
	style: (text: string) => string = (t) => t,
): string[] => {
	const valueWidth = Math.max(MIN_VALUE_WIDTH, width - DETAIL_INDENT - LABEL_WIDTH);
	const wrapped = displayText(value)
		.split("\n")
		.flatMap((line) => (line === "" ? [""] : wrapTextWithAnsi(line, valueWidth)));
	while (wrapped.length > 1 && wrapped.at(-1) === "") wrapped.pop();
	const labelText = theme.fg("dim", label.padEnd(LABEL_WIDTH));
	return wrapped.map((line, index) =>
		fit(
			" ".repeat(DETAIL_INDENT) +
				(index === 0 ? labelText : " ".repeat(LABEL_WIDTH)) +
				(line === "" ? "" : style(line)),
			width,
		),
	);
};

const ANSWER_TEXT: Readonly<Record<NonNullable<Card["answer"]>, string>> = {
	allowed: "allowed by the user",
	denied: "denied by the user",
	no_ui: "no UI to ask, so the call was blocked",
};

const hookResult = (hook: CardHook): string =>
	[
		hook.exitCode === undefined ? "no exit code" : `exit ${hook.exitCode}`,
		formatDuration(hook.durationMs),
		hook.status,
	].join(SEPARATOR);

/** The lines of one hook behind the decision. */
const hookDetails = (hook: CardHook, label: string, width: number, theme: PanelTheme): string[] => {
	const output = (text: string) => theme.fg("toolOutput", text);
	return [
		...detail(label, hook.command, width, theme),
		...detail("matcher", hook.matcher ?? "(none: every call)", width, theme),
		...detail("source", `${hook.source}${SEPARATOR}${hook.file}`, width, theme),
		...detail("result", hookResult(hook), width, theme),
		...(hook.stdout.trim() === "" ? [] : detail("stdout", hook.stdout, width, theme, output)),
		...(hook.stderr.trim() === "" ? [] : detail("stderr", hook.stderr, width, theme, output)),
	];
};

/** The expanded card: the header, then every field of the record. */
const expandedLines = (record: Card, width: number, options: CardViewOptions): string[] => {
	const { theme } = options;
	const lines = [fit(header(record, width, theme), width)];
	lines.push(...detail("event", record.event, width, theme));
	if (record.tool !== undefined && record.tool !== "") lines.push(...detail("tool", record.tool, width, theme));
	if (record.input !== "") lines.push(...detail("input", record.input, width, theme));
	// The hooks' own words first; the whole text (with the command, as the model or the notice got it) after.
	const said = record.said?.join("\n").trim() ?? "";
	if (said !== "") lines.push(...detail("reason", said, width, theme));
	if (record.reason !== "" && record.reason.trim() !== said)
		lines.push(...detail(said === "" ? "reason" : "message", record.reason, width, theme));
	if (record.contextCut !== undefined)
		lines.push(...detail("cut", `the model saw it ${cutText(record)}`, width, theme));
	if (record.answer !== undefined) lines.push(...detail("answer", ANSWER_TEXT[record.answer], width, theme));
	lines.push(...detail("time", formatTime(record.time), width, theme));
	record.hooks.forEach((hook, index) => {
		lines.push(...hookDetails(hook, record.hooks.length === 1 ? "hook" : `hook ${index + 1}`, width, theme));
	});
	if (options.collapseHint !== undefined)
		lines.push(fit(`${" ".repeat(DETAIL_INDENT)}${options.collapseHint}`, width));
	return lines;
};

/** The card's lines at `width`: one line, or the whole record when `options.expanded`. */
export const renderCard = (record: Card, width: number, options: CardViewOptions): string[] =>
	options.expanded ? expandedLines(record, width, options) : [compactLine(record, width, options.theme)];

/** Wide enough that a one-line card is never cut. */
const UNCUT = 100_000;

/**
 * The one-line card as plain text, uncut (`! failed PreToolUse · x.py · could not start: ...`): what print and
 * JSON mode write on stderr, so a failure reads the same with and without a UI.
 */
export const cardText = (record: Card): string => compactLine(record, UNCUT, plainTheme).trim();

/** A card as a pi-tui component (cached per width). */
export class CardView implements Component {
	private readonly record: Card;
	private readonly options: CardViewOptions;
	private cache: { width: number; lines: string[] } | undefined;

	constructor(record: Card, options: CardViewOptions) {
		// Plain fields, not parameter properties: scripts run this file with Node's type stripping.
		this.record = record;
		this.options = options;
	}

	render(width: number): string[] {
		if (this.cache?.width !== width) this.cache = { width, lines: renderCard(this.record, width, this.options) };
		return this.cache.lines;
	}

	invalidate(): void {
		this.cache = undefined;
	}
}
