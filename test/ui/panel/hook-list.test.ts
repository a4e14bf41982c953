/**
 * The hook list on its own: how its columns give way as the width shrinks, and rows rendered at exact sizes,
 * grouped event -> matcher, the selection kept by hook id across filtering, a skipped hook's reason under it.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { fuzzyFilter } from "../../../src/ui/panel/filter.ts";
import { NO_STATS } from "../../../src/ui/panel/firing-log.ts";
import { HOOK_FILTER_KEYS, HookList, hookFilterFields, listColumns } from "../../../src/ui/panel/hook-list.ts";
import { buildRows, type ListRow } from "../../../src/ui/panel/hook-rows.ts";
import { plainTheme } from "../../../src/ui/theme.ts";
import { fixtureConfig, SOURCES } from "./fixtures.ts";

const rows = (trusted = true): ListRow[] =>
	buildRows(fixtureConfig(trusted), { isEnabled: () => true, stats: () => NO_STATS, sources: SOURCES });

/** A list over the fixture hooks filtered by `query`. */
const listOf = (query = "", trusted = true): HookList => {
	const list = new HookList(plainTheme);
	list.setMatches(fuzzyFilter(rows(trusted), query, HOOK_FILTER_KEYS, hookFilterFields));
	return list;
};

const sum = (columns: ReturnType<typeof listColumns>): number =>
	columns.indent + 2 + columns.state + columns.type + columns.target + columns.source + columns.runs + columns.last;

describe("listColumns", () => {
	it("fills the width exactly, keeping the command at least 24 columns wide while it can", () => {
		for (const width of [60, 70, 80, 90, 100, 120, 200]) {
			const columns = listColumns(width);
			expect(sum(columns)).toBe(width);
			expect(columns.target).toBeGreaterThanOrEqual(24);
		}
	});

	it("gives way in order: the last outcome, the run count, the full source, the type and the indent", () => {
		expect(listColumns(120)).toMatchObject({ last: 14, runs: 6, shortSource: false, type: 7, indent: 2 });
		expect(listColumns(70)).toMatchObject({ last: 0, runs: 6, shortSource: false });
		expect(listColumns(60)).toMatchObject({ last: 0, runs: 0, source: 15, shortSource: false });
		expect(listColumns(50)).toMatchObject({ runs: 0, source: 8, shortSource: true, type: 7, indent: 2 });
		expect(listColumns(40)).toMatchObject({ type: 0, indent: 0, source: 8, shortSource: true });
	});

	it("widens the source column for long labels, up to 32 columns, and never below 15", () => {
		expect(listColumns(200, 5).source).toBe(15);
		expect(listColumns(200, 26).source).toBe(27);
		expect(listColumns(200, 80).source).toBe(32);
	});

	it("keeps at least one column for the command however narrow the list is", () => {
		for (const width of [0, 5, 15, 20]) expect(listColumns(width).target).toBeGreaterThanOrEqual(1);
	});
});

describe("HookList", () => {
	it.each([30, 40, 80, 120])("renders exactly the height asked, every line exactly %i columns", (width) => {
		const list = listOf();
		for (const height of [1, 5, 40]) {
			const lines = list.render(width, height);
			expect(lines).toHaveLength(height);
			for (const line of lines) expect(visibleWidth(line)).toBe(width);
		}
	});

	it("groups rows under their event and matcher headers, a skipped hook's reason right under it", () => {
		const lines = listOf("", false).render(120, 40);
		const at = (text: string): number => lines.findIndex((line) => line.includes(text));
		expect(at("PreToolUse")).toBeLessThan(at("matcher Bash"));
		expect(at("matcher Bash")).toBeLessThan(at("block-rm.sh"));
		expect(lines.filter((line) => line.trim() === "PreToolUse")).toHaveLength(1);
		const skipped = at("git_policy.py");
		expect(lines[skipped]).toMatch(/skip/);
		expect(lines[skipped + 1]).toContain("project is not trusted");
		expect(lines[at("invalid entries") + 1]).toMatch(/bad/);
	});

	it("marks the selected row and keeps it selected by id when a filter hides other rows", () => {
		const list = listOf();
		const target = rows().find((row) => row.target.startsWith("prettier"));
		list.select(target?.key ?? "");
		expect(list.render(120, 40).find((line) => line.includes("> "))).toContain("prettier");
		list.setMatches(fuzzyFilter(rows(), "prettier", HOOK_FILTER_KEYS, hookFilterFields));
		expect(list.selected()?.key).toBe(target?.key);
		expect(list.render(120, 40).find((line) => line.includes("> "))).toContain("prettier");
	});

	it("writes a hook's type in front of its target when there is no type column", () => {
		const narrow = listOf().render(40, 40);
		// A URL keeps its start and its end when cut.
		expect(narrow.some((line) => /http: h.*8080\/hook/.test(line))).toBe(true);
		const wide = listOf().render(120, 40);
		expect(wide.some((line) => /http\s+http:\/\/127\.0\.0\.1/.test(line))).toBe(true);
	});

	it("says so when nothing matches, wrapped and padded to the size asked", () => {
		const lines = listOf("zzzz-no-such-hook").render(20, 4, "No hooks match the filter.");
		expect(lines).toHaveLength(4);
		expect(lines.join(" ").replace(/\s+/g, " ").trim()).toBe("No hooks match the filter.");
		for (const line of lines) expect(visibleWidth(line)).toBe(20);
	});
});
