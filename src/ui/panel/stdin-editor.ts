/**
 * The test view's stdin pane: pi-tui's Editor, opened on the first line of its text and as tall as the rows the
 * view gives it. pi-tui sizes an Editor by its TUI's terminal (30% of the rows, at least 5 lines) and puts the
 * cursor at the end on `setText`; this file turns both into what the view needs.
 */
import { Editor, type EditorTheme, type TUI } from "@earendil-works/pi-tui";
import type { PanelTheme } from "../theme.ts";

/** The fewest text lines pi-tui's Editor shows (it never shows fewer than 5). */
export const MIN_EDITOR_LINES = 5;

/**
 * The terminal rows to tell pi-tui's Editor so that it shows `lines` text lines (at least
 * {@link MIN_EDITOR_LINES}): it shows 30% of the rows, rounded down.
 */
export const rowsForEditorLines = (lines: number): number => {
	const wanted = Math.max(MIN_EDITOR_LINES, Math.floor(lines));
	let rows = Math.ceil(wanted / 0.3);
	while (Math.floor(rows * 0.3) > wanted) rows--;
	while (Math.floor(rows * 0.3) < wanted) rows++;
	return rows;
};

/**
 * A multi-line Editor (Enter is the caller's: submitting is off) that shows at most `lines()` text lines between
 * its borders, read at each render, and asks for renders through `requestRender`.
 */
export const stdinEditor = (theme: PanelTheme, lines: () => number, requestRender: () => void): Editor => {
	// The Editor reads only its TUI's terminal rows and requestRender.
	const tui = {
		get terminal() {
			return { rows: rowsForEditorLines(lines()) };
		},
		requestRender,
	} as unknown as TUI;
	const editorTheme: EditorTheme = {
		borderColor: (text) => theme.fg("borderMuted", text),
		selectList: {
			selectedPrefix: (text) => theme.fg("accent", text),
			selectedText: (text) => theme.fg("accent", text),
			description: (text) => theme.fg("muted", text),
			scrollInfo: (text) => theme.fg("dim", text),
			noMatch: (text) => theme.fg("muted", text),
		},
	};
	const editor = new Editor(tui, editorTheme, { paddingX: 0 });
	editor.disableSubmit = true;
	return editor;
};

/** pi-tui's Editor's own setText, which can put the cursor on the first line (its public setText puts it last). */
interface TextPlacement {
	setTextInternal?: (text: string, cursor: "start" | "end") => void;
}

/**
 * Sets the editor's text with the cursor at its start, so the pane shows the first line; where pi-tui has no such
 * method any more, the cursor stays at the end (the pane then shows the last lines).
 */
export const setTextAtStart = (editor: Editor, text: string): void => {
	editor.setText(text);
	const place = (editor as unknown as TextPlacement).setTextInternal;
	if (typeof place === "function") place.call(editor, editor.getText(), "start");
};
