/** The panel's fuzzy filter and the highlighting of what it matched, fitted to a width. */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { fuzzyFilter, highlightFit, highlightFitMiddle } from "../../../src/ui/panel/filter.ts";

interface Row {
	readonly event: string;
	readonly command: string;
}

const ROWS: Row[] = [
	{ event: "PreToolUse", command: "~/.claude/hooks/block-rm.sh" },
	{ event: "PostToolUse", command: "npx prettier --write" },
	{ event: "Stop", command: "./check-tests.sh" },
	{ event: "PreToolUse", command: "./audit.sh" },
];
const KEYS = ["event", "command"] as const;
const fields = (row: Row) => ({ event: row.event, command: row.command });
const mark = (text: string) => `[${text}]`;

describe("fuzzyFilter", () => {
	it("matches everything, without ranges, for a blank query", () => {
		const matches = fuzzyFilter(ROWS, "   ", KEYS, fields);
		expect(matches.map((match) => match.item)).toEqual(ROWS);
		expect(matches.every((match) => Object.keys(match.ranges).length === 0)).toBe(true);
	});

	it("keeps the matching rows in their original order", () => {
		const matches = fuzzyFilter(ROWS, "pretooluse", KEYS, fields);
		expect(matches.map((match) => match.item)).toEqual([ROWS[0], ROWS[3]]);
	});

	it("needs every word to match some field", () => {
		const matches = fuzzyFilter(ROWS, "pretooluse audit", KEYS, fields);
		expect(matches.map((match) => match.item)).toEqual([ROWS[3]]);
	});

	it("tolerates a typo", () => {
		const matches = fuzzyFilter(ROWS, "prettier", KEYS, fields);
		expect(matches.map((match) => match.item)).toEqual([ROWS[1]]);
		expect(fuzzyFilter(ROWS, "prettirr", KEYS, fields).map((match) => match.item)).toContain(ROWS[1]);
	});

	it("reports the matched ranges in the field that matched", () => {
		const [match] = fuzzyFilter(ROWS, "audit", KEYS, fields);
		const ranges = match?.ranges.command ?? [];
		expect(ranges.length).toBeGreaterThan(0);
		const covered = ranges.map(([start, end]) => ROWS[3]?.command.slice(start, end + 1)).join("");
		expect(covered).toContain("audit");
	});

	it("finds nothing for a word no row has", () => {
		expect(fuzzyFilter(ROWS, "qqqqzzzz", KEYS, fields)).toEqual([]);
	});
});

describe("highlightFit", () => {
	it("marks the ranges and pads to the width", () => {
		expect(highlightFit("block-rm.sh", 14, [[6, 7]], mark)).toBe("block-[rm].sh   ");
	});

	it("joins adjacent marked characters into one mark and marks several ranges", () => {
		expect(
			highlightFit(
				"abcdef",
				6,
				[
					[0, 1],
					[2, 2],
					[4, 4],
				],
				mark,
			),
		).toBe("[abc]d[e]f");
	});

	it("drops the part of a range beyond the cut and keeps the ellipsis", () => {
		const line = highlightFit("abcdefghij", 6, [[1, 8]], mark);
		expect(line).toBe("a[bc]...");
	});

	it("is the plain fitted text without ranges", () => {
		expect(highlightFit("abc", 5, undefined, mark)).toBe("abc  ");
		expect(highlightFit("abc", 5, [], mark)).toBe("abc  ");
	});
});

describe("highlightFitMiddle", () => {
	const command = "~/.claude/hooks/some/deeply/nested/folder/block-rm.sh";

	it("cuts a long text in the middle and marks a range in its end", () => {
		const start = command.indexOf("block");
		const line = highlightFitMiddle(command, 30, [[start, start + 4]], mark);
		expect(line).toContain("...");
		expect(line).toContain("[block]-rm.sh");
		expect(visibleWidth(line.replaceAll("[", "").replaceAll("]", ""))).toBe(30);
	});

	it("marks a range in the kept front", () => {
		const line = highlightFitMiddle(command, 30, [[3, 8]], mark);
		expect(line.startsWith("~/.[claude]")).toBe(true);
	});

	it("drops a range that falls in the cut-out middle", () => {
		const start = command.indexOf("deeply");
		const line = highlightFitMiddle(command, 30, [[start, start + 5]], mark);
		expect(line).not.toContain("[");
	});

	it("is highlightFit for a text that fits", () => {
		expect(highlightFitMiddle("short.sh", 12, [[0, 4]], mark)).toBe(highlightFit("short.sh", 12, [[0, 4]], mark));
	});
});
