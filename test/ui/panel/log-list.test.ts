/**
 * The firing log tab: newest first, updating while the panel is open with no key press, one row per hook
 * run plus one for events where nothing ran, columns fitted to 40/80/120, bounded in memory.
 */
import { describe, expect, it } from "vitest";
import { createFiringLog } from "../../../src/ui/panel/firing-log.ts";
import { TEST_THEME_BGS, TEST_THEME_COLORS } from "../../../src/ui/theme.ts";
import { cellAt, findText, screenLines } from "../../support/screen.ts";
import { entryWith, exitedWith, firingRecord, fixtureConfig } from "./fixtures.ts";
import { KEY, usePanelMounts } from "./harness.ts";

const panels = usePanelMounts();

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");
const at = (hour: number, minute: number, second: number): number =>
	new Date(2026, 0, 2, hour, minute, second).getTime();

describe("the firing log behind the tab", () => {
	it("keeps every record of a long session within the default byte budget (not a small count)", () => {
		const log = createFiringLog();
		for (let seq = 1; seq <= 100_000; seq++) log.add(firingRecord(seq, seq, [[guard, exitedWith(0, 1)]]));
		expect(log.added()).toBe(100_000);
		expect(log.firstKept()).toBe(0);
		expect(log.since(99_999).map((record) => record.seq)).toEqual([100_000]);
	});
});

describe.each([40, 80, 120])("the log tab at %i columns", (cols) => {
	it("updates live while open, newest first: time, input, decision, (when wide) hook, duration, exit", async () => {
		const h = await panels.fixture(cols, { rows: 30 });
		let screen = await h.send(KEY.tab);
		expect(screenLines(screen).join("\n")).toContain("Nothing has fired yet");
		const live = entryWith(h.config(), "block-rm.sh");
		h.log.add(firingRecord(1, at(14, 2, 1), [[live, exitedWith(0, 12)]], [], "ls -la"));
		screen = await h.waitFor("14:02:01");
		h.log.add(firingRecord(2, at(14, 2, 7), [[live, exitedWith(2, 35, "", "Dangerous command blocked")]]));
		screen = await h.waitFor("14:02:07");
		const newest = findText(screen, "14:02:07");
		const older = findText(screen, "14:02:01");
		expect(newest?.row).toBeLessThan(older?.row ?? 0);
		const lines = screenLines(screen);
		const row = lines[newest?.row ?? 0] ?? "";
		expect(row).toContain(cols >= 80 ? "Bash rm -rf build" : "Bash rm -rf");
		expect(row).toContain("block");
		if (cols >= 80) expect(row).toMatch(/block-rm\.sh · \S* +35ms +2 block/);
		if (cols >= 120) expect(row).toContain("PreToolUse");
		// The decision column's word is drawn in the error colour.
		const blockCell = cellAt(screen, newest?.row ?? 0, row.lastIndexOf("block"));
		expect(blockCell.char).toBe("b");
		expect(blockCell.fg).toBe(`p${TEST_THEME_COLORS.error}`);
		// The selection stays on the row it had (the first record) while newer records arrive above it.
		expect(cellAt(screen, older?.row ?? 0, (older?.col ?? 0) + 1).bg).toBe(`p${TEST_THEME_BGS.selectedBg}`);
		expect(cellAt(screen, newest?.row ?? 0, (newest?.col ?? 0) + 1).bg).toBe("default");
	});
});

describe("the exit column", () => {
	it("shows a command hook's exit code and a dash for a hook with no process (http, mcp_tool)", async () => {
		const h = await panels.fixture(120, { rows: 30 });
		h.log.add(firingRecord(1, at(9, 0, 1), [[entryWith(h.config(), "8080/hook"), exitedWith(0, 12)]]));
		h.log.add(firingRecord(2, at(9, 0, 2), [[entryWith(h.config(), "block-rm.sh"), exitedWith(0, 12)]]));
		const lines = screenLines(await h.send(KEY.tab));
		expect(lines.find((line) => line.includes("09:00:01"))).toMatch(/8080\/hook .*12ms +- ok/);
		expect(lines.find((line) => line.includes("09:00:02"))).toMatch(/block-rm\.sh .* 12ms +0 ok/);
	});
});

describe("filtering the log", () => {
	it("filters log rows by input, hook and decision", async () => {
		const h = await panels.fixture(100, { rows: 30 });
		const live = entryWith(h.config(), "block-rm.sh");
		h.log.add(firingRecord(1, at(9, 0, 1), [[live, exitedWith(0, 5)]], [], "ls -la"));
		h.log.add(firingRecord(2, at(9, 0, 2), [[live, exitedWith(2, 5, "", "no")]], [], "rm -rf build"));
		await h.send(KEY.tab);
		const text = screenLines(await h.type("build")).join("\n");
		expect(text).toContain("rm -rf build");
		expect(text).not.toContain("ls -la");
	});
});

describe("the log tab at 100,000 rows", () => {
	it("shows the newest rows, filters, and takes a new record in while filtered", async () => {
		const h = await panels.fixture(100, { rows: 30 });
		const live = entryWith(h.config(), "block-rm.sh");
		for (let seq = 1; seq <= 100_000; seq++)
			h.log.add(firingRecord(seq, at(9, 0, 0) + seq, [[live, exitedWith(0, 5)]], [], `echo n${seq}`));
		let text = screenLines(await h.send(KEY.tab)).join("\n");
		expect(text).toContain("Log 100000");
		expect(text).toContain("echo n100000");
		text = screenLines(await h.type("n99999")).join("\n");
		expect(text).toContain("echo n99999");
		expect(text).not.toContain("echo n100000");
		expect(text).toContain("Log 1 ");
		h.log.add(firingRecord(100_001, at(9, 30, 0), [[live, exitedWith(2, 5)]], [], "echo n99999 again"));
		text = screenLines(await h.waitFor("Log 2 ")).join("\n");
		expect(text).toMatch(/09:30:00 .*echo n99999.* block/);
	});
});
