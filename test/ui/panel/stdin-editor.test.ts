/** The stdin pane's Editor: as many lines as it is given, opened on the first line of its text. */
import { describe, expect, it } from "vitest";
import { rowsForEditorLines, setTextAtStart, stdinEditor } from "../../../src/ui/panel/stdin-editor.ts";
import { plainTheme } from "../../../src/ui/theme.ts";

describe("rowsForEditorLines", () => {
	it("gives the rows whose 30% (rounded down) pi-tui's Editor shows as exactly that many lines, at least 5", () => {
		for (let lines = 0; lines <= 300; lines++)
			expect(Math.floor(rowsForEditorLines(lines) * 0.3)).toBe(Math.max(5, lines));
	});
});

describe("stdinEditor", () => {
	it("shows as many lines as asked, from the first line, with the cursor there", () => {
		let lines = 8;
		const editor = stdinEditor(
			plainTheme,
			() => lines,
			() => {},
		);
		const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
		setTextAtStart(editor, text);
		expect(editor.getText()).toBe(text);
		expect(editor.getCursor()).toEqual({ line: 0, col: 0 });
		let rendered = editor.render(40);
		// The borders, then lines 0 to 7.
		expect(rendered).toHaveLength(lines + 2);
		expect(rendered[1]).toContain("ine 0");
		expect(rendered[8]).toContain("line 7");
		lines = 20;
		rendered = editor.render(40);
		expect(rendered).toHaveLength(22);
		expect(rendered[20]).toContain("line 19");
		// Enter is the caller's: the editor does not submit.
		expect(editor.disableSubmit).toBe(true);
	});
});
