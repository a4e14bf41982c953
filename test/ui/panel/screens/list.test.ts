/**
 * The list screen of the /hooks panel (screens/list.ts): fuzzy filtering as you type at 40, 80 and 120
 * columns, the empty configuration, and switching the selected hook off and on.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEST_THEME_BGS, TEST_THEME_COLORS } from "../../../../src/ui/theme.ts";
import { cellAt, locateText, screenLines } from "../../../support/screen.ts";
import { entryWith } from "../fixtures.ts";
import { KEY, usePanelMounts } from "../harness.ts";

const WIDTHS = [40, 80, 120] as const;
const color = (token: keyof typeof TEST_THEME_COLORS): string => `p${TEST_THEME_COLORS[token]}`;
const SELECTED = `p${TEST_THEME_BGS.selectedBg}`;

const panels = usePanelMounts();

const mount = panels.fixture;

describe.each(WIDTHS)("filtering the hook list at %i columns", (cols) => {
	it("filters as you type with fuse.js, highlights the matched characters, and esc clears then closes", async () => {
		const h = await mount(cols);
		let screen = await h.type("pretier");
		const lines = screenLines(screen).join("\n");
		expect(lines).toContain("prettier · npx");
		expect(lines).not.toContain("block-rm");
		expect(lines).not.toContain("PostToolUse");
		const match = locateText(screen, "prettier");
		expect(cellAt(screen, match.row, match.col)).toMatchObject({
			underline: true,
			fg: color("accent"),
			bg: SELECTED,
		});
		expect(cellAt(screen, match.row, match.col - 2)).toMatchObject({ underline: false });
		screen = await h.send(KEY.escape);
		expect(screenLines(screen).join("\n")).toContain("block-rm");
		expect(h.closed()).toBe(false);
		await h.send(KEY.escape);
		expect(h.closed()).toBe(true);
	});

	it("filters on the source label and on several words at once", async () => {
		const h = await mount(cols);
		let text = screenLines(await h.type("pi glob")).join("\n");
		expect(text).toContain("8080/hook");
		expect(text).not.toContain("prettier");
		await h.send(KEY.ctrlU);
		text = screenLines(await h.type("post write")).join("\n");
		expect(text).toContain("log.mjs");
		expect(text).not.toContain("8080/hook");
		await h.send(KEY.ctrlU);
		text = screenLines(await h.type("zzzqqq")).join("\n");
		expect(text).toContain("No hooks match the filter.");
	});

	it("finds hooks by their state: skip, bad, off, and state: for exactly one state", async () => {
		const h = await mount(cols);
		const shown = async (query: string): Promise<string> => {
			await h.send(KEY.ctrlU);
			return screenLines(await h.type(query)).join("\n");
		};
		let text = await shown("skip");
		expect(text).toContain("Hooks 1 ");
		expect(text).toContain("TeammateIdle");
		text = await shown("state:bad");
		expect(text).toContain("Hooks 1 ");
		expect(text).toContain("UserPromptSubmit");
		expect(await shown("state:off")).toContain("No hooks match the filter.");
		await shown("block-rm");
		await h.send(KEY.ctrlT);
		text = await shown("state:off");
		expect(text).toContain("Hooks 1 ");
		expect(text).toContain("PreToolUse");
		expect(await shown("state:on pretier")).toContain("Hooks 1 ");
		expect(await shown("state:on")).toContain("Hooks 5 ");
	});
});

describe("an empty configuration", () => {
	it("says there are no hooks and how to add one", async () => {
		const harness = await panels.mount({ cols: 80, rows: 20 });
		expect(await harness.text()).toContain(
			"No hooks configured. ctrl+n adds one to any of the five settings files.",
		);
	});
});

describe("toggling a hook", () => {
	it.each(WIDTHS)(
		"switches the selected hook off and on at %i columns, persisted in the state file, never in the settings",
		async (cols) => {
			const h = await mount(cols);
			const settingsBefore = readFileSync(h.sources[0]?.file ?? "", "utf8");
			await h.type("block-rm");
			let screen = await h.send(KEY.ctrlT);
			const row = locateText(screen, "> off");
			expect(cellAt(screen, row.row, row.col + 2).fg).toBe(color("warning"));
			expect(screenLines(screen).join("\n")).toMatch(/Disabled: PreToolUse/);
			// The header counts in the words of `/hooks status` (cut at 40 columns).
			expect(screenLines(screen)[locateText(screen, "╭─").row]).toContain("7 hooks: 5 on, 1 sw");
			const guard = entryWith(h.config(), "block-rm.sh");
			expect(h.state.isEnabled(guard)).toBe(false);
			const stateFile = `${h.root}/agent/pi-hook-manager/state.json`;
			expect(Object.keys(JSON.parse(readFileSync(stateFile, "utf8")).disabled)).toEqual([guard.id]);
			expect(readFileSync(h.sources[0]?.file ?? "", "utf8")).toBe(settingsBefore);
			// The row is drawn dim (not selected) once the filter is cleared and the selection moves on.
			await h.send(KEY.escape);
			screen = await h.send(KEY.down);
			const dimRow = locateText(screen, "~/.c");
			expect(screenLines(screen)[dimRow.row]).toContain("off");
			expect(cellAt(screen, dimRow.row, dimRow.col)).toMatchObject({ fg: color("dim"), bg: "default" });
			await h.send(KEY.up);
			screen = await h.send(KEY.ctrlT);
			expect(screenLines(screen).join("\n")).toContain("Enabled: PreToolUse");
			expect(h.state.isEnabled(guard)).toBe(true);
			expect(existsSync(stateFile)).toBe(true);
		},
	);

	it("can disable a hook of an untrusted project (it stays skipped, and disabled once trusted)", async () => {
		const h = await mount(80, { trusted: false });
		await h.type("git_policy");
		const screen = await h.send(KEY.ctrlT);
		expect(screenLines(screen).join("\n")).toContain("Disabled: PreToolUse python3");
		expect(h.state.isEnabled(entryWith(h.config(), "git_policy.py"))).toBe(false);
	});
});

describe("the kill switch in the list", () => {
	it.each(WIDTHS)(
		"marks each hook it stops `off (all)`, and only a managed hook `on`, at %i columns",
		async (cols) => {
			const h = await panels.fixture(cols, {
				rows: 40,
				managed: { hooks: { Stop: [{ hooks: [{ type: "command", command: "echo managed-audit" }] }] } },
			});
			expect(await h.text()).not.toContain("off (all)");
			const lines = screenLines(await h.send(KEY.ctrlShiftH));
			const row = (text: string): string => lines.find((line) => line.includes(text)) ?? "";
			expect(row("block-rm")).toContain("off (all)");
			expect(row("prettier")).toContain("off (all)");
			// Only the managed hook still runs, so it is the only row in state `on`.
			let text = screenLines(await h.type("state:on")).join("\n");
			expect(text).toContain("Hooks 1 ");
			expect(text).toContain("managed-audit");
			await h.send(KEY.ctrlU);
			text = screenLines(await h.type("state:off")).join("\n");
			expect(text).toContain("block-rm");
			expect(text).not.toContain("managed-audit");
			await h.send(KEY.ctrlU);
			expect(screenLines(await h.send(KEY.ctrlShiftH)).join("\n")).not.toContain("off (all)");
		},
	);
});

describe("the header's counts", () => {
	it("count every hook the list shows, in the words of /hooks status and the footer", async () => {
		const h = await mount(140, { approvals: true });
		await h.type("block-rm");
		const screen = await h.send(KEY.ctrlT, KEY.escape);
		const lines = screenLines(screen);
		expect(lines[locateText(screen, "╭─").row]).toContain(
			"7 hooks: 1 on, 1 switched off, 4 waiting for approval, 1 skipped, 1 invalid entry",
		);
		// As many rows in each state as the header says.
		const rows = (state: string): number =>
			lines.filter((line) => new RegExp(`│ {3}(> | {2})${state} `).test(line)).length;
		expect([rows("on"), rows("off"), rows("skip"), rows("bad")]).toEqual([1, 1, 5, 1]);
	});
});
