/**
 * The emulated screen tests and screenshots read: a headless xterm (Unicode 11 widths, as pi-tui and tmux
 * measure) turned into a plain grid of cells with text and attributes. `emulate` puts rendered lines or a
 * tmux capture on such a screen; `screenToText` is what assertions and golden files compare.
 */

import { Unicode11Addon } from "@xterm/addon-unicode11";
import xterm, { type IBufferCell } from "@xterm/headless";

/** The xterm.js headless terminal class (the package is CommonJS). */
export type XtermTerminal = InstanceType<typeof xterm.Terminal>;

/**
 * A cell colour: `"default"` (the terminal's own colour), `"p<n>"` for palette index n (0-255, so `"p1"`
 * is ANSI red), or `"#rrggbb"` for truecolor.
 */
export type CellColor = "default" | `p${number}` | `#${string}`;

/** One character cell of the screen. */
export interface Cell {
	/** The character(s) drawn in the cell; `" "` for an empty cell, `""` for the right half of a wide character. */
	readonly char: string;
	/** 1 for most cells, 2 for a wide character, 0 for the cell after a wide character. */
	readonly width: number;
	readonly fg: CellColor;
	readonly bg: CellColor;
	readonly bold: boolean;
	readonly dim: boolean;
	readonly italic: boolean;
	readonly underline: boolean;
	readonly inverse: boolean;
	readonly strikethrough: boolean;
}

/** A screen: `rows` rows of exactly `cols` cells. */
export interface Screen {
	readonly cols: number;
	readonly rows: number;
	/** `cells[row][col]`. */
	readonly cells: readonly (readonly Cell[])[];
	/** The cursor position (0-based) when the screen was read. */
	readonly cursor: { readonly row: number; readonly col: number };
}

/** Creates a headless terminal with Unicode 11 widths (emoji and CJK are 2 cells, as in pi-tui and tmux). */
export const createXterm = (
	cols: number,
	rows: number,
	options: { readonly scrollback?: number; readonly convertEol?: boolean } = {},
): XtermTerminal => {
	const term = new xterm.Terminal({
		cols,
		rows,
		allowProposedApi: true,
		scrollback: options.scrollback ?? 0,
		convertEol: options.convertEol ?? false,
	});
	// The addon's typings name @xterm/xterm's Terminal; the headless one has the same addon API.
	term.loadAddon(new Unicode11Addon() as unknown as Parameters<XtermTerminal["loadAddon"]>[0]);
	term.unicode.activeVersion = "11";
	return term;
};

/** Writes to the terminal and resolves once xterm has parsed it (`write` is asynchronous). */
export const writeAndWait = (term: XtermTerminal, data: string): Promise<void> =>
	new Promise((resolve) => term.write(data, () => resolve()));

const colorOf = (mode: "fg" | "bg", cell: IBufferCell): CellColor => {
	if (mode === "fg") {
		if (cell.isFgRGB()) return `#${cell.getFgColor().toString(16).padStart(6, "0")}`;
		if (cell.isFgPalette()) return `p${cell.getFgColor()}`;
		return "default";
	}
	if (cell.isBgRGB()) return `#${cell.getBgColor().toString(16).padStart(6, "0")}`;
	if (cell.isBgPalette()) return `p${cell.getBgColor()}`;
	return "default";
};

const BLANK: Cell = {
	char: " ",
	width: 1,
	fg: "default",
	bg: "default",
	bold: false,
	dim: false,
	italic: false,
	underline: false,
	inverse: false,
	strikethrough: false,
};

/** Reads the terminal's visible rows (the viewport) into a {@link Screen}; `cols` keeps only the left columns. */
export const readScreen = (term: XtermTerminal, cols: number = term.cols): Screen => {
	const buffer = term.buffer.active;
	const cells: Cell[][] = [];
	for (let row = 0; row < term.rows; row++) {
		const line = buffer.getLine(buffer.viewportY + row);
		const rowCells: Cell[] = [];
		for (let col = 0; col < cols; col++) {
			const cell = line?.getCell(col);
			if (cell === undefined) {
				rowCells.push(BLANK);
				continue;
			}
			const width = cell.getWidth();
			const chars = cell.getChars();
			rowCells.push({
				char: width === 0 ? "" : chars === "" ? " " : chars,
				width,
				fg: colorOf("fg", cell),
				bg: colorOf("bg", cell),
				bold: cell.isBold() !== 0,
				dim: cell.isDim() !== 0,
				italic: cell.isItalic() !== 0,
				underline: cell.isUnderline() !== 0,
				inverse: cell.isInverse() !== 0,
				strikethrough: cell.isStrikethrough() !== 0,
			});
		}
		cells.push(rowCells);
	}
	return { cols, rows: term.rows, cells, cursor: { row: buffer.cursorY, col: buffer.cursorX } };
};

/** The text of one row, trailing blanks removed. */
export const rowText = (screen: Screen, row: number): string =>
	(screen.cells[row] ?? [])
		.map((cell) => cell.char)
		.join("")
		.replace(/\s+$/, "");

/** The visible text: one line per row, trailing blanks and trailing empty rows removed. */
export const screenToText = (screen: Screen): string => {
	const lines = screen.cells.map((_, row) => rowText(screen, row));
	while (lines.length > 0 && lines.at(-1) === "") lines.pop();
	return lines.join("\n");
};

/** Every row's text (trailing blanks removed), including empty rows. */
export const screenLines = (screen: Screen): string[] => screen.cells.map((_, row) => rowText(screen, row));

/** Where `text` first appears on the screen (row and column of its first character), or undefined. */
export const findText = (screen: Screen, text: string): { row: number; col: number } | undefined => {
	for (let row = 0; row < screen.rows; row++) {
		const cells = screen.cells[row] ?? [];
		// Map string offsets to columns: wide characters occupy two cells but one string position.
		let line = "";
		const columnAt: number[] = [];
		cells.forEach((cell, col) => {
			for (let i = 0; i < cell.char.length; i++) columnAt.push(col);
			line += cell.char;
		});
		const index = line.indexOf(text);
		if (index >= 0) return { row, col: columnAt[index] ?? 0 };
	}
	return undefined;
};

/** Where `text` first appears on the screen, as {@link findText}; throws with the whole screen when it is not on it. */
export const locateText = (screen: Screen, text: string): { row: number; col: number } => {
	const found = findText(screen, text);
	if (found === undefined) throw new Error(`"${text}" is not on screen:\n${screenLines(screen).join("\n")}`);
	return found;
};

/**
 * A framed overlay's inside only: each row between its first and last `│`, rows without a frame left out, all
 * white space removed, so wrapped text reads in one piece and the transcript around the frame does not leak in.
 */
export const frameInside = (screen: Screen): string =>
	screenLines(screen)
		.map((line) => {
			const left = line.indexOf("│");
			const right = line.lastIndexOf("│");
			return left >= 0 && right > left ? line.slice(left + 1, right) : "";
		})
		.join("")
		.replace(/\s/g, "");

/** The cell at (row, col); a blank cell outside the screen. */
export const cellAt = (screen: Screen, row: number, col: number): Cell => screen.cells[row]?.[col] ?? BLANK;

/** Extra emulator columns beyond the screen, so over-wide lines are cut at the screen edge, not overwritten. */
const CLIP_MARGIN = 256;

/** Options of {@link emulate}. */
export interface EmulateOptions {
	readonly cols: number;
	/** Default: the number of lines. */
	readonly rows?: number;
}

/**
 * Puts already-rendered lines (a component's `render(width)` output, or `tmux capture-pane -p -e -N` rows)
 * on a fresh screen: each line is placed with a cursor move and auto-wrap is off, on an emulator wider than
 * the screen, so a line the emulator measures wider than the renderer did is clipped at `cols` instead of
 * wrapping and shifting every row below it.
 */
export const emulate = async (lines: readonly string[], options: EmulateOptions): Promise<Screen> => {
	const rows = options.rows ?? Math.max(1, lines.length);
	const term = createXterm(options.cols + CLIP_MARGIN, rows);
	let data = "\x1b[?7l";
	lines.slice(0, rows).forEach((line, row) => {
		data += `\x1b[${row + 1};1H${line}\x1b[0m`;
	});
	await writeAndWait(term, data);
	const screen = readScreen(term, options.cols);
	term.dispose();
	return screen;
};
