/**
 * Pure text helpers of the /hooks panel: durations, clock times, one-line shortening, and fitting styled
 * text into an exact number of terminal columns (measured with pi-tui, never with `.length`).
 */

import { sliceByColumn, visibleWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui";
import { sourceLabel } from "../../engine/config/sources.ts";
import { handlerTarget, visibleText } from "../../engine/text/messages.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import type { HookEntry } from "../../engine/types.ts";
import { hookShortName } from "../card-format.ts";

// The one duration format of cards and panel lives with the cards (src/ui/card-format.ts), below the panel.
export { formatDuration } from "../card-format.ts";

/** `14:03:07`: local clock time of an epoch-milliseconds instant. */
export const formatClock = (epochMs: number): string => {
	const date = new Date(epochMs);
	return [date.getHours(), date.getMinutes(), date.getSeconds()]
		.map((part) => String(part).padStart(2, "0"))
		.join(":");
};

/** Collapses whitespace (newlines included) to single spaces, so any text fits on one row; terminal-safe. */
export const oneLine = (text: string): string => terminalSafe(text.replace(/[ \t\n\r\f\v]+/g, " ").trim());

/** The first `width` columns of plain text (a wide character that does not fit is left out). */
const head = (text: string, width: number): string => sliceByColumn(text, 0, width, true);

/** The kept start of `text` and what follows it (`...` and padding) when fitted into `width` columns. */
export const fitParts = (text: string, width: number): { readonly kept: string; readonly tail: string } => {
	if (width <= 0) return { kept: "", tail: "" };
	const textWidth = visibleWidth(text);
	if (textWidth <= width) return { kept: text, tail: " ".repeat(width - textWidth) };
	const kept = head(text, width <= 3 ? width : width - 3);
	const ellipsis = width <= 3 ? "" : "...";
	return { kept, tail: ellipsis + " ".repeat(Math.max(0, width - visibleWidth(kept) - ellipsis.length)) };
};

/** A kept piece of a text fitted in the middle: `text.slice(start, end)`. */
export interface KeptPiece {
	readonly start: number;
	readonly end: number;
}

/**
 * Plain text in exactly `width` columns, cut in the middle (`~/.cl...block-rm.sh`) when longer, so both the
 * start of a command and its script name stay visible. Returns the pieces of `text` that were kept.
 */
export const fitMiddleParts = (
	text: string,
	width: number,
): { readonly line: string; readonly pieces: readonly KeptPiece[] } => {
	const textWidth = visibleWidth(text);
	if (textWidth <= width || width < 12) {
		const { kept, tail } = fitParts(text, width);
		return { line: kept + tail, pieces: [{ start: 0, end: kept.length }] };
	}
	const available = width - 3;
	const headWidth = Math.floor(available * 0.35);
	const front = head(text, headWidth);
	const back = sliceByColumn(text, textWidth - (available - headWidth), available - headWidth, true);
	const line = `${front}...${back}`;
	return {
		line: line + " ".repeat(Math.max(0, width - visibleWidth(line))),
		pieces: [
			{ start: 0, end: front.length },
			{ start: text.length - back.length, end: text.length },
		],
	};
};

/**
 * Plain text in exactly `width` columns: cut with `...` when longer, padded with spaces when shorter. Adds no
 * escape codes, so the result can be styled as a whole (a selected row keeps its background to its end).
 */
export const fit = (text: string, width: number): string => {
	const { kept, tail } = fitParts(text, width);
	return kept + tail;
};

/** Plain text right-aligned in exactly `width` columns (cut from the right when longer). */
export const fitRight = (text: string, width: number): string => {
	if (width <= 0) return "";
	const cut = head(text, width);
	return " ".repeat(Math.max(0, width - visibleWidth(cut))) + cut;
};

/**
 * What a hook runs, for display: the command (plus args), the URL of an http hook, the prompt of a prompt hook;
 * secrets masked, as the stores (the journal, state.json, approvals.json) keep it: the panel is read over
 * shoulders and in screen shares. The editor shows the definition itself.
 */
export const hookTarget = (entry: HookEntry): string => visibleText(redactSecrets(handlerTarget(entry)));

/**
 * A hook as the list and the log name it: the script name first, as the cards say it (`x.py`, see
 * hookShortName), then the whole command for the spare width, then its `if` and `timeout` when set, so two
 * hooks that differ only there do not look the same: `x.py · python3 "$DIR/x.py" · if Bash(git *) · 5 s`.
 */
export const hookLabel = (entry: HookEntry): string => {
	const target = hookTarget(entry);
	const name = entry.handler.type === "command" ? hookShortName(target, 40) : "";
	// The name goes in front unless the command already starts with it (`company-guard --strict`).
	const parts = [name !== "" && !target.startsWith(name) ? `${name} · ${target}` : target];
	if (entry.handler.if !== undefined) parts.push(`if ${terminalSafe(entry.handler.if)}`);
	if (entry.handler.timeout !== undefined) parts.push(`timeout ${entry.handler.timeout} s`);
	return parts.join(" · ");
};

/** The matcher as the list shows it: `*` for "every tool" (none, `""` or `*`). */
export const matcherLabel = (entry: HookEntry): string => {
	const source = entry.matcher.source;
	return source === undefined || source === "" ? "*" : terminalSafe(source);
};

/** The source label of an entry, e.g. `Claude project`. */
export const entrySource = (entry: HookEntry): string => sourceLabel(entry.source);

/** The value below which `fraction` of `values` lie (nearest rank); undefined for no values. */
export const percentile = (values: readonly number[], fraction: number): number | undefined => {
	if (values.length === 0) return undefined;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
	return sorted[rank - 1];
};

/** Splits text into lines of at most `width` columns (hard wrap, no styling), for raw output such as stdout. */
export const hardWrap = (text: string, width: number): string[] => {
	const lines: string[] = [];
	for (const raw of text.replace(/\r\n/g, "\n").replace(/\t/g, "  ").split("\n")) {
		// Control characters would move the cursor; show them as visible escapes instead.
		let rest = terminalSafe(raw);
		if (rest === "") lines.push("");
		while (rest !== "") {
			const piece = head(rest, width);
			const taken = piece.length === 0 ? rest.slice(0, 1) : piece;
			lines.push(taken);
			rest = rest.slice(taken.length);
		}
	}
	return lines;
};

/** Wraps prose (hints, messages) at word boundaries into lines of at most `width` columns. */
export const wordWrap = (text: string, width: number): string[] =>
	text === "" ? [""] : wrapTextWithAnsi(oneLine(text), Math.max(1, width));
