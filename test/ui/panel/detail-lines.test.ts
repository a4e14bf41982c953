/** The detail views' building blocks: labelled fields, section titles, capped raw text blocks and pretty JSON. */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { BLOCK_CHARS, BLOCK_LINES, block, field, prettyJson, section } from "../../../src/ui/panel/detail-lines.ts";
import type { PanelTheme } from "../../../src/ui/theme.ts";
import { plainTheme } from "../../../src/ui/theme.ts";

/** A theme that writes each colour's name around the text, so a test sees which colour a part got. */
const tagTheme: PanelTheme = {
	...plainTheme,
	fg: (color, text) => `<${color}>${text}</${color}>`,
	bold: (text) => `*${text}*`,
};

const widths = (lines: readonly string[]) => lines.map((line) => visibleWidth(line));

describe("field", () => {
	it("puts the label in a 12-column column and the value after it, padded to the width", () => {
		expect(field(plainTheme, "Exit", "2", 40)).toEqual([`Exit        2${" ".repeat(27)}`]);
	});

	it("wraps a long value under itself", () => {
		const lines = field(plainTheme, "Reason", "one two three four five six seven eight", 32);
		expect(lines.length).toBeGreaterThan(1);
		expect(lines[0]?.startsWith("Reason      one")).toBe(true);
		for (const line of lines.slice(1)) expect(line.startsWith(" ".repeat(12))).toBe(true);
		expect(widths(lines)).toEqual(lines.map(() => 32));
		expect(lines.join(" ").replace(/\s+/g, " ").trim()).toBe("Reason one two three four five six seven eight");
	});

	it("puts the value under the label when the width is narrow", () => {
		const lines = field(plainTheme, "Reason", "short", 20);
		expect(lines).toEqual([`Reason${" ".repeat(14)}`, `  short${" ".repeat(13)}`]);
	});

	it("shows - for an empty value, the label muted and the value in the given colour", () => {
		const [line] = field(tagTheme, "Matcher", "", 40, "error");
		expect(line).toContain("<muted>Matcher");
		expect(line).toContain("<error>-");
	});
});

describe("section", () => {
	it("is an empty line, then the bold accented title", () => {
		expect(section(tagTheme, "Outputs", 10)).toEqual([" ".repeat(10), "*<accent>Outputs   </accent>*"]);
	});
});

describe("block", () => {
	it("shows the empty note for empty text", () => {
		expect(block(plainTheme, "", 20)).toEqual([`  (empty)${" ".repeat(11)}`]);
		expect(block(plainTheme, "", 20, "(no stdout)")[0]?.trim()).toBe("(no stdout)");
	});

	it("indents by two, wraps long lines hard and drops one trailing newline", () => {
		const lines = block(plainTheme, "abcdefghij\nxy\n", 8);
		expect(lines).toEqual(["  abcdef", "  ghij  ", "  xy    "]);
	});

	it(`shows at most ${BLOCK_LINES} lines and says how much was left out`, () => {
		const text = Array.from({ length: BLOCK_LINES + 10 }, (_, index) => `l${index}`).join("\n");
		const lines = block(plainTheme, text, 60);
		expect(lines).toHaveLength(BLOCK_LINES + 1);
		expect(lines[BLOCK_LINES - 1]?.trim()).toBe(`l${BLOCK_LINES - 1}`);
		const shown = Array.from({ length: BLOCK_LINES }, (_, index) => `l${index}`).join("\n");
		expect(lines[BLOCK_LINES]?.trim()).toBe(`... ${text.length - shown.length} more characters not shown`);
	});

	it(`considers only the first ${BLOCK_CHARS} characters of a huge one-line text`, () => {
		const text = "z".repeat(BLOCK_CHARS * 100);
		const lines = block(plainTheme, text, 1000);
		// 8,000 characters at 998 columns are 9 lines, then the note.
		expect(lines).toHaveLength(10);
		const left = Number(/\.\.\. (\d+) more characters not shown/.exec(lines.at(-1) ?? "")?.[1]);
		expect(left).toBeGreaterThanOrEqual(text.length - BLOCK_CHARS - 9);
		expect(left).toBeLessThanOrEqual(text.length - BLOCK_CHARS);
	});

	it("adds no note when everything is shown", () => {
		expect(block(plainTheme, "a\nb", 10).some((line) => line.includes("not shown"))).toBe(false);
	});
});

describe("prettyJson", () => {
	it("indents JSON by two spaces and leaves other text as it is", () => {
		expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
		expect(prettyJson("not json {")).toBe("not json {");
	});
});
