/** Screen -> SVG -> PNG: deterministic, box-drawing drawn as shapes, colours and styles carried over. */
import { describe, expect, it } from "vitest";
import { boxGlyph } from "../../../scripts/screenshot/box-glyphs.ts";
import { cellMetrics, DARK_PALETTE, paletteColor, screenToSvg, svgToPng } from "../../../scripts/screenshot/svg.ts";
import { emulate } from "../../support/screen.ts";

describe("screenToSvg", () => {
	it("draws box-drawing characters as shapes and text with per-cell positions and colours", async () => {
		const screen = await emulate(["\u256d\u2500\u256e", "\u2502\x1b[31;1mA\x1b[0m\u2502", "\u2570\u2500\u256f"], {
			cols: 3,
		});
		const svg = screenToSvg(screen, { padding: 0, fontSize: 16 });
		const cell = cellMetrics(16);
		expect(svg).not.toContain("\u2500");
		expect(svg).toContain(
			`<text y="${cell.height + cell.baseline}" x="${cell.width}" fill="${DARK_PALETTE.ansi[1]}" ` +
				`font-weight="bold">A</text>`,
		);
		expect(svg.match(/<path /g)).toHaveLength(4);
	});

	it("swaps foreground and background for inverse cells", async () => {
		const screen = await emulate(["\x1b[7mI\x1b[0m"], { cols: 2 });
		const svg = screenToSvg(screen, { padding: 0 });
		expect(svg).toContain(
			`width="${cellMetrics(16).width}" height="${cellMetrics(16).height}" fill="${DARK_PALETTE.foreground}"`,
		);
		expect(svg).toContain(`fill="${DARK_PALETTE.background}">I</text>`);
	});

	it("escapes XML in text", async () => {
		const svg = screenToSvg(await emulate(["<a & b>"], { cols: 8 }));
		expect(svg).toContain("&lt;a&amp;b&gt;");
	});
});

describe("boxGlyph", () => {
	it("leaves ordinary characters to the font", () => {
		expect(boxGlyph("a", { x: 0, y: 0, width: 10, height: 20, color: "#fff" })).toBeUndefined();
		expect(boxGlyph("\u2588", { x: 0, y: 0, width: 10, height: 20, color: "#fff" })).toBe(
			'<rect x="0" y="0" width="10" height="20" fill="#fff"/>',
		);
	});
});

describe("paletteColor", () => {
	it("maps the 256-colour cube and grey ramp", () => {
		expect(paletteColor(196, DARK_PALETTE)).toBe("#ff0000");
		expect(paletteColor(232, DARK_PALETTE)).toBe("#080808");
		expect(paletteColor(1, DARK_PALETTE)).toBe(DARK_PALETTE.ansi[1]);
	});
});

describe("svgToPng", () => {
	it("gives the same PNG bytes for the same screen", async () => {
		const screen = await emulate(["\x1b[32mok\x1b[0m \u2500\u2500 \u2717 \u2192"], { cols: 12 });
		const first = svgToPng(screenToSvg(screen));
		const second = svgToPng(screenToSvg(screen));
		expect(first.subarray(1, 4).toString()).toBe("PNG");
		expect(first.equals(second)).toBe(true);
	});
});
