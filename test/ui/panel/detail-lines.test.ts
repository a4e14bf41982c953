/** The detail views' building blocks: labelled fields, section titles, capped raw text blocks and pretty JSON. */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import {
	BLOCK_CHARS,
	BLOCK_HEAD_LINES,
	BLOCK_LINES,
	BLOCK_TAIL_LINES,
	block,
	field,
	prettyJson,
	section,
} from "../../../src/ui/panel/detail-lines.ts";
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

	it(`shows a text of up to ${BLOCK_LINES} lines whole`, () => {
		const text = Array.from({ length: BLOCK_LINES }, (_, index) => `l${index}`).join("\n");
		expect(block(plainTheme, text, 60).map((line) => line.trim())).toEqual(text.split("\n"));
	});

	it("shows a longer text's first and last lines and says how many lines and characters are between", () => {
		const text = Array.from({ length: 1000 }, (_, index) => `l${index}`).join("\n");
		const lines = block(plainTheme, text, 60).map((line) => line.trim());
		expect(lines).toHaveLength(BLOCK_HEAD_LINES + 1 + BLOCK_TAIL_LINES);
		expect(lines.slice(0, BLOCK_HEAD_LINES)).toEqual(text.split("\n").slice(0, BLOCK_HEAD_LINES));
		expect(lines.slice(-BLOCK_TAIL_LINES)).toEqual(text.split("\n").slice(-BLOCK_TAIL_LINES));
		const between = text.split("\n").slice(BLOCK_HEAD_LINES, -BLOCK_TAIL_LINES);
		const chars = between.join("\n").length + 1;
		expect(lines[BLOCK_HEAD_LINES]).toBe(
			`… ${between.length} more lines (${chars.toLocaleString("en-US")} characters) not shown`,
		);
	});

	it("shows both ends of a huge one-line text (1 MiB of output) in a few lines", () => {
		const text = `${"a".repeat(500_000)}${"z".repeat(548_576)}`;
		const lines = block(plainTheme, text, 102).map((line) => line.trim());
		expect(lines).toHaveLength(BLOCK_HEAD_LINES + 1 + BLOCK_TAIL_LINES);
		expect(lines[0]).toBe("a".repeat(100));
		expect(lines.at(-1)).toBe("z".repeat(100));
		const left = text.length - (BLOCK_HEAD_LINES + BLOCK_TAIL_LINES) * 100;
		expect(lines[BLOCK_HEAD_LINES]).toBe(
			`… ${left.toLocaleString("en-US")} characters more of this line not shown`,
		);
	});

	it(`shows a text of more than ${BLOCK_CHARS} characters in few lines as an excerpt`, () => {
		const text = "z".repeat(BLOCK_CHARS * 100);
		const lines = block(plainTheme, text, 1002).map((line) => line.trim());
		// Each end holds at most BLOCK_CHARS characters: 8 lines of 1,000 here.
		expect(lines).toHaveLength(8 + 1 + BLOCK_TAIL_LINES);
		expect(lines[8]).toBe(
			`… ${(text.length - 16_000).toLocaleString("en-US")} characters more of this line not shown`,
		);
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
