/**
 * Box-drawing (U+2500-U+257F) and block elements (U+2580-U+259F) drawn as SVG shapes instead of font
 * glyphs, as terminals do, so borders join at any line height. Characters not covered here are left to
 * the font.
 */

/** One cell to draw a glyph into, in whole pixels. */
export interface GlyphCell {
	readonly x: number;
	readonly y: number;
	readonly width: number;
	readonly height: number;
	/** CSS colour of the glyph. */
	readonly color: string;
}

/** Line weights of the four arms of a box-drawing character: up, right, down, left. */
type Weight = 0 | 1 | 2 | 3; // none, light, heavy, double
type Arms = readonly [Weight, Weight, Weight, Weight];

const ARMS: Readonly<Record<string, Arms>> = {
	"─": [0, 1, 0, 1],
	"━": [0, 2, 0, 2],
	"│": [1, 0, 1, 0],
	"┃": [2, 0, 2, 0],
	"┌": [0, 1, 1, 0],
	"┐": [0, 0, 1, 1],
	"└": [1, 1, 0, 0],
	"┘": [1, 0, 0, 1],
	"┏": [0, 2, 2, 0],
	"┓": [0, 0, 2, 2],
	"┗": [2, 2, 0, 0],
	"┛": [2, 0, 0, 2],
	"├": [1, 1, 1, 0],
	"┤": [1, 0, 1, 1],
	"┬": [0, 1, 1, 1],
	"┴": [1, 1, 0, 1],
	"┼": [1, 1, 1, 1],
	"┣": [2, 2, 2, 0],
	"┫": [2, 0, 2, 2],
	"┳": [0, 2, 2, 2],
	"┻": [2, 2, 0, 2],
	"╋": [2, 2, 2, 2],
	"═": [0, 3, 0, 3],
	"║": [3, 0, 3, 0],
	"╔": [0, 3, 3, 0],
	"╗": [0, 0, 3, 3],
	"╚": [3, 3, 0, 0],
	"╝": [3, 0, 0, 3],
	"╠": [3, 3, 3, 0],
	"╣": [3, 0, 3, 3],
	"╦": [0, 3, 3, 3],
	"╩": [3, 3, 0, 3],
	"╬": [3, 3, 3, 3],
	"╴": [0, 0, 0, 1],
	"╵": [1, 0, 0, 0],
	"╶": [0, 1, 0, 0],
	"╷": [0, 0, 1, 0],
	"╸": [0, 0, 0, 2],
	"╹": [2, 0, 0, 0],
	"╺": [0, 2, 0, 0],
	"╻": [0, 0, 2, 0],
};

/** Rounded corners: which two arms the arc joins. */
const ROUNDED: Readonly<Record<string, "down-right" | "down-left" | "up-left" | "up-right">> = {
	"╭": "down-right",
	"╮": "down-left",
	"╯": "up-left",
	"╰": "up-right",
};

/** Dashed lines: direction, weight and number of dashes. */
const DASHED: Readonly<
	Record<string, { readonly vertical: boolean; readonly heavy: boolean; readonly dashes: number }>
> = {
	"┄": { vertical: false, heavy: false, dashes: 3 },
	"┅": { vertical: false, heavy: true, dashes: 3 },
	"┈": { vertical: false, heavy: false, dashes: 4 },
	"┉": { vertical: false, heavy: true, dashes: 4 },
	"╌": { vertical: false, heavy: false, dashes: 2 },
	"╍": { vertical: false, heavy: true, dashes: 2 },
	"┆": { vertical: true, heavy: false, dashes: 3 },
	"┇": { vertical: true, heavy: true, dashes: 3 },
	"┊": { vertical: true, heavy: false, dashes: 4 },
	"┋": { vertical: true, heavy: true, dashes: 4 },
	"╎": { vertical: true, heavy: false, dashes: 2 },
	"╏": { vertical: true, heavy: true, dashes: 2 },
};

const rect = (x: number, y: number, width: number, height: number, color: string, opacity = 1): string =>
	`<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${color}"` +
	`${opacity === 1 ? "" : ` fill-opacity="${opacity}"`}/>`;

/** Stroke widths for a cell: light, heavy, and the gap between the two lines of a double line. */
const strokes = (cell: GlyphCell) => {
	const light = Math.max(1, Math.round(cell.width / 9));
	return { light, heavy: light * 2 + 1, gap: light };
};

const drawArms = (cell: GlyphCell, arms: Arms): string => {
	const { light, heavy, gap } = strokes(cell);
	const cx = cell.x + Math.floor(cell.width / 2);
	const cy = cell.y + Math.floor(cell.height / 2);
	const right = cell.x + cell.width;
	const bottom = cell.y + cell.height;
	const parts: string[] = [];
	// Each arm runs from the far edge to the centre, overlapping it by half the widest stroke so joins are solid.
	const overlap = Math.ceil(Math.max(...arms.map((w) => (w === 2 ? heavy : w === 3 ? light * 2 + gap : light))) / 2);
	const lines = (weight: Weight): number[][] =>
		weight === 0
			? []
			: weight === 1
				? [[-Math.floor(light / 2), light]]
				: weight === 2
					? [[-Math.floor(heavy / 2), heavy]]
					: [
							[-light - Math.floor(gap / 2) - (gap % 2), light],
							[Math.ceil(gap / 2), light],
						];
	const [up, rightArm, down, left] = arms;
	for (const [offset = 0, size = 0] of lines(up))
		parts.push(rect(cx + offset, cell.y, size, cy - cell.y + overlap, cell.color));
	for (const [offset = 0, size = 0] of lines(down))
		parts.push(rect(cx + offset, cy - overlap, size, bottom - cy + overlap, cell.color));
	for (const [offset = 0, size = 0] of lines(left))
		parts.push(rect(cell.x, cy + offset, cx - cell.x + overlap, size, cell.color));
	for (const [offset = 0, size = 0] of lines(rightArm))
		parts.push(rect(cx - overlap, cy + offset, right - cx + overlap, size, cell.color));
	return parts.join("");
};

const drawRounded = (cell: GlyphCell, corner: (typeof ROUNDED)[string]): string => {
	const { light } = strokes(cell);
	const cx = cell.x + Math.floor(cell.width / 2) + (light % 2) / 2;
	const cy = cell.y + Math.floor(cell.height / 2) + (light % 2) / 2;
	const radius = Math.min(cell.width, cell.height) / 2;
	const vertical = corner.startsWith("down") ? cell.y + cell.height : cell.y;
	const horizontal = corner.endsWith("right") ? cell.x + cell.width : cell.x;
	const dy = corner.startsWith("down") ? radius : -radius;
	const dx = corner.endsWith("right") ? radius : -radius;
	const sweep = corner === "down-right" || corner === "up-left" ? 1 : 0;
	const path =
		`M${cx} ${vertical}L${cx} ${cy + dy}A${radius} ${radius} 0 0 ${sweep} ${cx + dx} ${cy}` +
		`L${horizontal} ${cy}`;
	return `<path d="${path}" fill="none" stroke="${cell.color}" stroke-width="${light}"/>`;
};

const drawDashed = (cell: GlyphCell, dashed: (typeof DASHED)[string]): string => {
	const { light, heavy } = strokes(cell);
	const thickness = dashed.heavy ? heavy : light;
	const length = dashed.vertical ? cell.height : cell.width;
	const step = length / dashed.dashes;
	const parts: string[] = [];
	for (let i = 0; i < dashed.dashes; i++) {
		const start = Math.round(i * step);
		const size = Math.max(1, Math.round(step * 0.6));
		parts.push(
			dashed.vertical
				? rect(
						cell.x + Math.floor(cell.width / 2) - Math.floor(thickness / 2),
						cell.y + start,
						thickness,
						size,
						cell.color,
					)
				: rect(
						cell.x + start,
						cell.y + Math.floor(cell.height / 2) - Math.floor(thickness / 2),
						size,
						thickness,
						cell.color,
					),
		);
	}
	return parts.join("");
};

const drawBlock = (cell: GlyphCell, code: number): string | undefined => {
	const { x, y, width: w, height: h, color } = cell;
	const eighthH = (n: number) => Math.round((h * n) / 8);
	const eighthW = (n: number) => Math.round((w * n) / 8);
	if (code === 0x2580) return rect(x, y, w, eighthH(4), color);
	if (code >= 0x2581 && code <= 0x2588) {
		const size = eighthH(code - 0x2580);
		return rect(x, y + h - size, w, size, color);
	}
	if (code >= 0x2589 && code <= 0x258f) return rect(x, y, eighthW(0x2590 - code), h, color);
	if (code === 0x2590) return rect(x + eighthW(4), y, w - eighthW(4), h, color);
	if (code >= 0x2591 && code <= 0x2593) return rect(x, y, w, h, color, (code - 0x2590) / 4);
	if (code === 0x2594) return rect(x, y, w, eighthH(1), color);
	if (code === 0x2595) return rect(x + w - eighthW(1), y, eighthW(1), h, color);
	if (code >= 0x2596 && code <= 0x259f) {
		// Quadrants: bits upper-left, upper-right, lower-left, lower-right.
		const quads =
			[0b0010, 0b0001, 0b1000, 0b1011, 0b1001, 0b1110, 0b1101, 0b0100, 0b0110, 0b0111][code - 0x2596] ?? 0;
		const halfW = eighthW(4);
		const halfH = eighthH(4);
		const parts: string[] = [];
		if (quads & 0b1000) parts.push(rect(x, y, halfW, halfH, color));
		if (quads & 0b0100) parts.push(rect(x + halfW, y, w - halfW, halfH, color));
		if (quads & 0b0010) parts.push(rect(x, y + halfH, halfW, h - halfH, color));
		if (quads & 0b0001) parts.push(rect(x + halfW, y + halfH, w - halfW, h - halfH, color));
		return parts.join("");
	}
	return undefined;
};

/** SVG shapes for `char` in `cell`, or undefined when the font should draw it. */
export const boxGlyph = (char: string, cell: GlyphCell): string | undefined => {
	const arms = ARMS[char];
	if (arms !== undefined) return drawArms(cell, arms);
	const rounded = ROUNDED[char];
	if (rounded !== undefined) return drawRounded(cell, rounded);
	const dashed = DASHED[char];
	if (dashed !== undefined) return drawDashed(cell, dashed);
	const code = char.codePointAt(0) ?? 0;
	return code >= 0x2580 && code <= 0x259f ? drawBlock(cell, code) : undefined;
};
