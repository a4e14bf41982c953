/**
 * The approval screen of the /hooks panel (screens/approve.ts): a project hook that waits for approval shows
 * its whole definition first, and only Enter once all of it was on screen approves it; Ctrl+Y shows every
 * waiting hook at once. Enter approves what was shown: a covered script rewritten meanwhile approves nothing.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_THEME_COLORS } from "../../../../src/ui/theme.ts";
import { cellAt, findText, type Screen, screenLines } from "../../../support/screen.ts";
import { KEY, type PanelHarness, usePanelMounts } from "../harness.ts";

const color = (token: keyof typeof TEST_THEME_COLORS): string => `p${TEST_THEME_COLORS[token]}`;

const panels = usePanelMounts();

const mount = (cols: number, rows = 34): Promise<PanelHarness> => panels.fixture(cols, { rows, approvals: true });

const text = (screen: Screen): string => screenLines(screen).join("\n");
/** True once the live configuration runs a hook whose handler mentions `name`. */
const runs = (h: PanelHarness, name: string): boolean =>
	h.config().entries.some((entry) => JSON.stringify(entry.handler).includes(name));

describe("approving a project hook", () => {
	it("switching on a new project hook approves it (change-aware trust), and it then runs", async () => {
		const h = await mount(80);
		await h.type("git_policy");
		let screen = await h.screen();
		expect(screenLines(screen).join("\n")).toContain("skip");
		const waiting = h
			.config()
			.skipped.find(
				(skipped) =>
					skipped.entry.jsonPath.length > 0 && JSON.stringify(skipped.entry.handler).includes("git_policy"),
			);
		expect(waiting?.message).toContain("new or changed project hook");
		// Ctrl+T shows the whole definition first; only Enter on it approves.
		screen = await h.send(KEY.ctrlT);
		expect(screenLines(screen).join("\n")).toContain("Approve this project hook? It runs exactly this:");
		expect(screenLines(screen).join("\n")).toContain("git_policy.py");
		expect(h.config().entries.some((entry) => JSON.stringify(entry.handler).includes("git_policy"))).toBe(false);
		screen = await h.send(KEY.enter);
		expect(screenLines(screen).join("\n")).toContain("Approved: PreToolUse python3");
		expect(h.config().entries.some((entry) => JSON.stringify(entry.handler).includes("git_policy"))).toBe(true);
		expect(existsSync(`${h.root}/agent/pi-hook-manager/approvals.json`)).toBe(true);
	});
});

describe("approving what was shown (issue #40)", () => {
	it("a covered script rewritten while shown: Enter approves nothing and shows the hook again", async () => {
		const h = await mount(100, 40);
		const script = join(h.root, "project", ".claude", "hooks", "git_policy.py");
		mkdirSync(join(script, ".."), { recursive: true });
		writeFileSync(script, "print('good')\n");
		await h.type("git_policy");
		let screen = await h.send(KEY.ctrlT);
		expect(text(screen)).toContain("Approve this project hook? It runs exactly this:");
		writeFileSync(script, "print('EVIL')\n");
		screen = await h.send(KEY.enter);
		expect(text(screen)).toContain("Nothing approved: 1 hook(s) changed since shown; shown again as they are now.");
		expect(text(screen)).toContain("Approve this project hook? It runs exactly this:");
		expect(runs(h, "git_policy")).toBe(false);
		expect(existsSync(`${h.root}/agent/pi-hook-manager/approvals.json`)).toBe(false);
		screen = await h.send(KEY.enter);
		expect(text(screen)).toContain("Approved: PreToolUse python3");
		expect(runs(h, "git_policy")).toBe(true);
	});
});

describe("approving every waiting hook at once", () => {
	it("refuses Enter while part of the definitions was never shown; at the end Enter approves all", async () => {
		const h = await mount(80, 14);
		let screen = await h.send(KEY.ctrlY);
		expect(text(screen)).toMatch(/Approve these \d+ project hooks\? They run exactly this:/);
		expect(runs(h, "git_policy")).toBe(false);
		screen = await h.send(KEY.enter);
		const refused = findText(screen, "more line(s) below");
		if (refused === undefined) throw new Error(`no refusal on screen:\n${text(screen)}`);
		expect(cellAt(screen, refused.row, refused.col).fg).toBe(color("error"));
		expect(runs(h, "git_policy")).toBe(false);
		screen = await h.send(KEY.end);
		expect(text(screen)).toContain("enter approves it, esc does not.");
		screen = await h.send(KEY.enter);
		expect(text(screen)).toMatch(/Approved \d+ project hook\(s\); they run from the next event on\./);
		expect(runs(h, "git_policy")).toBe(true);
		expect(runs(h, "prettier")).toBe(true);
	});

	it("esc leaves without approving anything", async () => {
		const h = await mount(80);
		await h.send(KEY.ctrlY);
		const screen = await h.send(KEY.escape);
		expect(text(screen)).not.toContain("Approve these");
		expect(runs(h, "git_policy")).toBe(false);
		expect(existsSync(`${h.root}/agent/pi-hook-manager/approvals.json`)).toBe(false);
	});
});
