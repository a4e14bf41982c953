/**
 * An emulated screen as SVG, then PNG: every cell on a grid of whole pixels, each glyph at its own cell,
 * box-drawing and blocks as shapes, DejaVu Sans Mono from the dejavu-fonts-ttf package (no system fonts),
 * so the same screen always gives the same PNG bytes.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { Cell, CellColor, Screen } from "../../test/support/screen.ts";
import { boxGlyph } from "./box-glyphs.ts";

/** Colours of the picture. */
export interface SvgPalette {
	/** The terminal's default background and foreground. */
	readonly background: string;
	readonly foreground: string;
	/** ANSI colours 0-15. */
	readonly ansi: readonly string[];
}

/** A dark terminal (pi's dark theme expects the terminal's default background to be dark). */
export const DARK_PALETTE: SvgPalette = {
	background: "#15161c",
	foreground: "#d8dae0",
	ansi: [
		"#1b1c22",
		"#e0595a",
		"#4ec98f",
		"#d8c35a",
		"#5a8de0",
		"#b86fd8",
		"#4fb6cc",
		"#c8cad0",
		"#5c5f6a",
		"#f07474",
		"#6ee0a8",
		"#eedb74",
		"#79a7f2",
		"#cf8ded",
		"#6fd0e4",
		"#f2f3f5",
	],
};

/** Options of {@link screenToSvg}. */
export interface SvgOptions {
	readonly palette?: SvgPalette;
	/** Font size in pixels; the cell is the font's advance and 1.25 x the size, rounded to whole pixels. */
	readonly fontSize?: number;
	/** Blank pixels around the screen. */
	readonly padding?: number;
}

// DejaVu Sans Mono metrics from its head/hhea/hmtx tables: units per em, advance width, ascender, descender.
const UNITS_PER_EM = 2048;
const ADVANCE = 1233;
const ASCENDER = 1901;
const DESCENDER = 483;
const FONT_FAMILY = "DejaVu Sans Mono";

const CUBE = [0, 95, 135, 175, 215, 255];
const hex2 = (value: number): string => value.toString(16).padStart(2, "0");

/** The CSS colour of a palette index (16 ANSI, 6x6x6 cube, 24 greys). */
export const paletteColor = (index: number, palette: SvgPalette): string => {
	if (index < 16) return palette.ansi[index] ?? palette.foreground;
	if (index < 232) {
		const n = index - 16;
		const [r, g, b] = [Math.floor(n / 36), Math.floor(n / 6) % 6, n % 6].map((i) => hex2(CUBE[i] ?? 0));
		return `#${r}${g}${b}`;
	}
	const grey = 8 + (index - 232) * 10;
	return `#${hex2(grey)}${hex2(grey)}${hex2(grey)}`;
};

const resolve = (color: CellColor, fallback: string, palette: SvgPalette): string => {
	if (color === "default") return fallback;
	if (color.startsWith("#")) return color;
	return paletteColor(Number(color.slice(1)), palette);
};

const escapeXml = (text: string): string =>
	text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The colours a cell is drawn with, after inverse. */
const cellColors = (cell: Cell, palette: SvgPalette): { fg: string; bg: string | undefined } => {
	const fg = resolve(cell.fg, palette.foreground, palette);
	const bg = cell.bg === "default" ? undefined : resolve(cell.bg, palette.background, palette);
	return cell.inverse ? { fg: bg ?? palette.background, bg: fg } : { fg, bg };
};

/** Cell size and baseline for a font size. */
export const cellMetrics = (fontSize: number) => {
	const width = Math.round((ADVANCE / UNITS_PER_EM) * fontSize);
	const height = Math.round(fontSize * 1.25);
	const glyphHeight = ((ASCENDER + DESCENDER) / UNITS_PER_EM) * fontSize;
	const baseline = Math.round((height - glyphHeight) / 2 + (ASCENDER / UNITS_PER_EM) * fontSize);
	return { width, height, baseline };
};

/** The screen as an SVG document. */
export const screenToSvg = (screen: Screen, options: SvgOptions = {}): string => {
	const palette = options.palette ?? DARK_PALETTE;
	const fontSize = options.fontSize ?? 16;
	const padding = options.padding ?? 12;
	const cell = cellMetrics(fontSize);
	const width = screen.cols * cell.width + 2 * padding;
	const height = screen.rows * cell.height + 2 * padding;
	const backgrounds: string[] = [];
	const shapes: string[] = [];
	const texts: string[] = [];
	const lines: string[] = [];

	screen.cells.forEach((row, r) => {
		const y = padding + r * cell.height;
		// Backgrounds: one rect per run of equal colour.
		let runStart = 0;
		let runColor: string | undefined;
		const flushBackground = (end: number): void => {
			if (runColor !== undefined) {
				backgrounds.push(
					`<rect x="${padding + runStart * cell.width}" y="${y}" width="${(end - runStart) * cell.width}" ` +
						`height="${cell.height}" fill="${runColor}"/>`,
				);
			}
		};
		row.forEach((c, col) => {
			const { bg } = cellColors(c, palette);
			if (bg !== runColor) {
				flushBackground(col);
				runStart = col;
				runColor = bg;
			}
		});
		flushBackground(row.length);

		// Glyphs: one <text> per run of equal style, each character at its own cell.
		let text: { key: string; attrs: string; chars: string[]; xs: number[] } | undefined;
		const flushText = (): void => {
			if (text !== undefined && text.chars.length > 0) {
				texts.push(
					`<text y="${y + cell.baseline}" x="${text.xs.join(" ")}"${text.attrs}>` +
						`${escapeXml(text.chars.join(""))}</text>`,
				);
			}
			text = undefined;
		};
		row.forEach((c, col) => {
			const x = padding + col * cell.width;
			const { fg } = cellColors(c, palette);
			const opacity = c.dim ? 0.6 : 1;
			const line = (top: number): string =>
				`<rect x="${x}" y="${top}" width="${cell.width * Math.max(1, c.width)}" height="1" ` +
				`fill="${fg}" fill-opacity="${opacity}"/>`;
			if (c.underline) lines.push(line(y + cell.baseline + 2));
			if (c.strikethrough) lines.push(line(y + Math.round(cell.height / 2)));
			if (c.char === "" || c.char === " ") return;
			const shape = boxGlyph(c.char, { x, y, width: cell.width, height: cell.height, color: fg });
			if (shape !== undefined) {
				shapes.push(opacity === 1 ? shape : `<g opacity="${opacity}">${shape}</g>`);
				return;
			}
			const attrs = [
				fg === palette.foreground ? "" : ` fill="${fg}"`,
				c.bold ? ' font-weight="bold"' : "",
				c.italic ? ' font-style="italic"' : "",
				opacity === 1 ? "" : ` fill-opacity="${opacity}"`,
			].join("");
			const key = attrs;
			if (text === undefined || text.key !== key) {
				flushText();
				text = { key, attrs, chars: [], xs: [] };
			}
			// One x per code point (resvg's notion of a character), all at this cell: combining marks stay on it.
			for (const char of c.char) {
				text.chars.push(char);
				text.xs.push(x);
			}
		});
		flushText();
	});

	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
		`<rect width="${width}" height="${height}" fill="${palette.background}"/>`,
		...backgrounds,
		`<g font-family="${FONT_FAMILY}" font-size="${fontSize}" fill="${palette.foreground}">`,
		...texts,
		"</g>",
		...shapes,
		...lines,
		"</svg>",
	].join("\n");
};

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");

/** The font files handed to resvg: DejaVu Sans Mono (all four styles) plus DejaVu Sans as a fallback. */
export const FONT_FILES: readonly string[] = [
	"DejaVuSansMono.ttf",
	"DejaVuSansMono-Bold.ttf",
	"DejaVuSansMono-Oblique.ttf",
	"DejaVuSansMono-BoldOblique.ttf",
	"DejaVuSans.ttf",
].map((file) => join(FONT_DIR, file));

/** Rasterises an SVG from {@link screenToSvg} with only the bundled fonts. */
export const svgToPng = (svg: string): Buffer => {
	const resvg = new Resvg(svg, {
		font: {
			fontFiles: [...FONT_FILES],
			loadSystemFonts: false,
			defaultFontFamily: FONT_FAMILY,
			monospaceFamily: FONT_FAMILY,
		},
		shapeRendering: 2,
		textRendering: 1,
	});
	return resvg.render().asPng();
};
