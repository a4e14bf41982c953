/**
 * The panel's box and help line: rounded border, title and right text, padded inner lines, hints wrapped by whole
 * items.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { FRAME_COLUMNS, frame, helpLines } from "../../../src/ui/panel/frame.ts";
import type { PanelTheme } from "../../../src/ui/theme.ts";
import { plainTheme } from "../../../src/ui/theme.ts";

const tagTheme: PanelTheme = { ...plainTheme, fg: (color, text) => `<${color}>${text}</>` };

describe("frame", () => {
	it("draws a box of exactly the width with the title left and the right text right", () => {
		const lines = frame(plainTheme, "Hooks", "3 of 5", ["one", "two"], 30);
		expect(lines).toEqual([
			"╭─ Hooks ──────────── 3 of 5 ╮",
			`│ one${" ".repeat(30 - FRAME_COLUMNS - 3)} │`,
			`│ two${" ".repeat(30 - FRAME_COLUMNS - 3)} │`,
			`╰${"─".repeat(28)}╯`,
		]);
	});

	it("leaves the right text out when empty and keeps every line the width", () => {
		const lines = frame(plainTheme, "Log", "", ["x"], 20);
		expect(lines[0]).toBe("╭─ Log ────────────╮");
		for (const line of lines) expect(visibleWidth(line)).toBe(20);
	});

	it("cuts a title and right text that do not fit, keeping the width", () => {
		const lines = frame(plainTheme, "A very long panel title indeed", "right side text", [], 24);
		for (const line of lines) expect(visibleWidth(line)).toBe(24);
		expect(lines[0]?.startsWith("╭─ A very")).toBe(true);
	});

	it("colours the border, the title and the right text", () => {
		const [top] = frame(tagTheme, "T", "r", [], 20, "warning");
		expect(top).toContain("<border>╭─</>");
		expect(top).toContain("<accent> T </>");
		expect(top).toContain("<warning> r </>");
	});
});

describe("helpLines", () => {
	const hints = [
		["↑↓", "move"],
		["enter", "details"],
		["space", "on/off"],
		["/", "filter"],
		["esc", "close"],
	] as const;

	it("joins hints with a dot on one line when they fit, padded to the width", () => {
		const [line, ...rest] = helpLines(plainTheme, hints, 80);
		expect(rest).toEqual([]);
		expect(line?.trimEnd()).toBe("↑↓ move · enter details · space on/off · / filter · esc close");
		expect(visibleWidth(line ?? "")).toBe(80);
	});

	it("wraps by whole hints", () => {
		const lines = helpLines(plainTheme, hints, 26);
		expect(lines.map((line) => line.trimEnd())).toEqual([
			"↑↓ move · enter details",
			"space on/off · / filter",
			"esc close",
		]);
		for (const line of lines) expect(visibleWidth(line)).toBe(26);
	});

	it("has no lines without hints", () => {
		expect(helpLines(plainTheme, [], 40)).toEqual([]);
	});
});
