/**
 * The /hooks panel's router as a person sees it in pi (an overlay on pi-tui's TUI, on a headless terminal) at
 * widths 40, 80 and 120: the grouped list with sources, skipped and invalid entries inside the frame, the
 * kill switch on every screen and its banner. Each screen's own behaviour is tested in screens/.
 */
import { describe, expect, it } from "vitest";
import { TEST_THEME_BGS, TEST_THEME_COLORS } from "../../../src/ui/theme.ts";
import { cellAt, findText, locateText, type Screen, screenLines } from "../../support/screen.ts";
import { KEY, usePanelMounts } from "./harness.ts";

const WIDTHS = [40, 80, 120] as const;
const color = (token: keyof typeof TEST_THEME_COLORS): string => `p${TEST_THEME_COLORS[token]}`;
const SELECTED = `p${TEST_THEME_BGS.selectedBg}`;

const panels = usePanelMounts();

const mount = panels.fixture;

/** Every row of the frame has its left and right border in the same two columns. */
const expectFramed = (screen: Screen): void => {
	const top = locateText(screen, "╭─");
	const lines = screenLines(screen);
	const right = (lines[top.row] ?? "").lastIndexOf("╮");
	expect(right).toBeGreaterThan(top.col);
	let row = top.row + 1;
	for (; row < screen.rows && cellAt(screen, row, top.col).char !== "╰"; row++) {
		expect(cellAt(screen, row, top.col).char, `left border of row ${row}`).toBe("│");
		expect(cellAt(screen, row, right).char, `right border of row ${row}`).toBe("│");
	}
	expect(cellAt(screen, row, right).char).toBe("╯");
};

describe.each(WIDTHS)("the hook list at %i columns", (cols) => {
	it("lists every hook grouped by event and matcher, with sources, skipped and invalid entries marked", async () => {
		const h = await mount(cols);
		const screen = await h.screen();
		expectFramed(screen);
		const text = screenLines(screen).join("\n");
		for (const expected of [
			"PreToolUse",
			"matcher Bash",
			"matcher Edit|Write",
			"PostToolUse",
			"TeammateIdle",
			"UserPromptSubmit",
			"invalid entries",
		]) {
			expect(text).toContain(expected);
		}
		expect(text).toMatch(
			cols >= 80
				? /on +cmd +block-rm\.sh · ~\/\.claude\/hooks\/b\S*( · timeout 10 s)? +Claude user/
				: /on +block-rm\.sh · ~\S* +C user/,
		);
		expect(text).toMatch(cols >= 80 ? /skip +mcp +tests\/check_tests_pass/ : /skip +mcp:/);
		expect(text).toMatch(/bad +a command hook/);
		// The rows of one event follow its header: PreToolUse's matchers come before PostToolUse.
		expect(locateText(screen, "matcher Edit|Write").row).toBeLessThan(locateText(screen, "PostToolUse").row);
		expect(text).toContain("esc close");
	});

	it("shows the selected row on the selection background to the edge, skipped rows dim, invalid red", async () => {
		const h = await mount(cols);
		let screen = await h.send(KEY.down);
		const selected = locateText(screen, "> on");
		expect(cellAt(screen, selected.row, selected.col + 2).bg).toBe(SELECTED);
		const rightBorder = (screenLines(screen)[selected.row] ?? "").lastIndexOf("│");
		expect(cellAt(screen, selected.row, rightBorder - 2).bg).toBe(SELECTED);
		const other = locateText(screen, "git_policy");
		expect(cellAt(screen, other.row, other.col).bg).toBe("default");
		const skipped = locateText(screen, "tests_pass");
		expect(screenLines(screen)[skipped.row]).toContain("skip");
		expect(cellAt(screen, skipped.row, skipped.col)).toMatchObject({ fg: color("dim"), bg: "default" });
		screen = await h.screen();
		const bad = locateText(screen, "bad");
		expect(cellAt(screen, bad.row, bad.col).fg).toBe(color("error"));
		const message = locateText(screen, "a comm");
		expect(message.row).toBe(bad.row);
		expect(cellAt(screen, message.row, message.col).fg).toBe(color("error"));
	});
});

describe("the kill switch", () => {
	it.each(WIDTHS)(
		"ctrl+shift+h switches every hook off with a plain banner in the error colour, and on again at %i columns",
		async (cols) => {
			const h = await mount(cols);
			let screen = await h.send(KEY.ctrlShiftH);
			expect(h.killSwitch.isOff()).toBe(true);
			const banner = locateText(screen, "ALL HOOKS ARE OFF");
			expect(cellAt(screen, banner.row, banner.col)).toMatchObject({ fg: color("error"), bold: true });
			expect(screenLines(screen)[locateText(screen, "╭─").row]).toContain("ALL OFF");
			expect(screenLines(screen).join("\n")).toContain("all on");
			expectFramed(screen);
			screen = await h.send(KEY.ctrlShiftH);
			expect(h.killSwitch.isOff()).toBe(false);
			expect(findText(screen, "ALL HOOKS ARE OFF")).toBeUndefined();
		},
	);
});

describe("the router", () => {
	it("sends the kill switch to the switch from every screen, and every other key to the screen shown", async () => {
		const h = await mount(80);
		let screen = await h.send(KEY.ctrlN);
		expect(screenLines(screen)[locateText(screen, "╭─").row]).toContain("Hooks > editor");
		screen = await h.send(KEY.ctrlShiftH);
		expect(h.killSwitch.isOff()).toBe(true);
		expect(screenLines(screen)[locateText(screen, "╭─").row]).toContain("Hooks > editor");
		expect(screenLines(screen).join("\n")).toContain("ALL HOOKS ARE OFF");
		// The filter and the list's messages show on the list only.
		expect(screenLines(screen).join("\n")).not.toContain("Filter:");
		await h.send(KEY.ctrlShiftH, KEY.escape);
		screen = await h.send(KEY.enter);
		expect(screenLines(screen)[locateText(screen, "╭─").row]).toContain("Hooks > details");
		await h.send(KEY.ctrlShiftH);
		expect(h.killSwitch.isOff()).toBe(true);
	});
});
