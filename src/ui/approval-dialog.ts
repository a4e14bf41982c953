/**
 * The approval dialog for project hooks in the TUI: the whole list, scrolled inside the terminal's height.
 * Yes is refused until every line has been on screen, so one Enter can never approve hooks the user did not
 * see; the dialog says how many lines are not shown yet. Lines must already be terminal-safe.
 */
import type { Component } from "@earendil-works/pi-tui";
import { truncateToWidth, wrapTextWithAnsi } from "@earendil-works/pi-tui";
import type { PanelTheme } from "./theme.ts";

/** Moves and answers the dialog understands. */
export type DialogKey = "up" | "down" | "pageUp" | "pageDown" | "home" | "end" | "yes" | "no";

/** What the dialog is built from. */
export interface ApprovalDialogOptions {
	readonly title: string;
	/** Lines above the list (wrapped). */
	readonly intro: readonly string[];
	/** The list lines (wrapped, indentation kept). */
	readonly lines: readonly string[];
	readonly theme: PanelTheme;
	/** Terminal rows now. */
	readonly rows: () => number;
	/** Maps raw input to a key; undefined for anything else. */
	readonly key: (data: string) => DialogKey | undefined;
	/** Called once with the answer. */
	readonly done: (approved: boolean) => void;
	readonly requestRender?: () => void;
	/** What y / Enter does, as the key line says it (default "approve all of them"). */
	readonly yesText?: string;
}

/** Rows the dialog leaves to pi's own lines (the transcript's last line, the footer). */
const RESERVED_ROWS = 6;

/** Wraps one plain line to `width`, continuing lines indented like the line itself. */
const wrapLine = (line: string, width: number): string[] => {
	const indent = /^ */.exec(line)?.[0] ?? "";
	const body = line.slice(indent.length);
	const inner = Math.max(10, width - indent.length - 2);
	const wrapped = wrapTextWithAnsi(body, inner);
	return wrapped.map((part, index) => `${indent}${index === 0 ? "" : "  "}${part}`);
};

/** The scrolling approval dialog (a pi-tui component). */
export class ApprovalDialog implements Component {
	private offset = 0;
	private seenAll = false;
	private answered = false;
	private refused = false;
	private lastWindow = 1;
	private lastTotal = 0;
	private readonly options: ApprovalDialogOptions;

	constructor(options: ApprovalDialogOptions) {
		this.options = options;
	}

	invalidate(): void {}

	render(width: number): string[] {
		const { theme } = this.options;
		const safeWidth = Math.max(20, width);
		const head = [
			theme.bold(theme.fg("warning", this.options.title)),
			...this.options.intro.flatMap((l) => wrapLine(l, safeWidth)),
		];
		// Wrapped 2 columns narrower: each list line is drawn indented by 2, and a line that is too wide for the
		// terminal must never happen (cut, it would hide part of a word that is approved).
		const body = this.options.lines.flatMap((line) => wrapLine(line, safeWidth - 2));
		const fixed = head.length + 3;
		const window = Math.max(3, this.options.rows() - RESERVED_ROWS - fixed);
		this.lastWindow = window;
		this.lastTotal = body.length;
		this.offset = Math.max(0, Math.min(this.offset, body.length - window));
		const shown = body.slice(this.offset, this.offset + window);
		if (this.offset + shown.length >= body.length) this.seenAll = true;
		const below = body.length - (this.offset + shown.length);
		const position =
			body.length > window
				? theme.fg(
						below > 0 ? "warning" : "dim",
						`lines ${this.offset + 1}-${this.offset + shown.length} of ${body.length}` +
							(below > 0 ? `: ${below} more not shown (↓ PgDn End to read them)` : ""),
					)
				: "";
		const answer = this.seenAll
			? theme.fg("accent", `y / Enter: ${this.options.yesText ?? "approve all of them"}    n / Esc: decline`)
			: this.refused
				? theme.fg(
						"error",
						`Not approved: ${below} line(s) are not shown yet. Scroll to the end first; n / Esc declines.`,
					)
				: theme.fg("dim", "Approving needs the whole list on screen first; n / Esc declines.");
		const lines = [...head, ...shown.map((line) => `  ${line}`), position, answer, ""];
		return lines.map((line) => truncateToWidth(line, width));
	}

	handleInput(data: string): void {
		if (this.answered) return;
		const key = this.options.key(data);
		const page = Math.max(1, this.lastWindow - 1);
		const last = Math.max(0, this.lastTotal - this.lastWindow);
		switch (key) {
			case "up":
				this.offset = Math.max(0, this.offset - 1);
				break;
			case "down":
				this.offset = Math.min(last, this.offset + 1);
				break;
			case "pageUp":
				this.offset = Math.max(0, this.offset - page);
				break;
			case "pageDown":
				this.offset = Math.min(last, this.offset + page);
				break;
			case "home":
				this.offset = 0;
				break;
			case "end":
				this.offset = last;
				break;
			case "yes":
				if (this.seenAll) {
					this.finish(true);
					return;
				}
				this.refused = true;
				break;
			case "no":
				this.finish(false);
				return;
			default:
				return;
		}
		this.options.requestRender?.();
	}

	private finish(approved: boolean): void {
		this.answered = true;
		this.options.done(approved);
	}
}
