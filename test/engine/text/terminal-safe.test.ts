import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	countHidden,
	HIDDEN_CHARACTERS,
	type HiddenClass,
	hiddenClass,
	stripHidden,
	terminalSafe,
} from "../../../src/engine/text/terminal-safe.ts";

/** A string of the code points given. */
const chars = (...codes: number[]): string => String.fromCodePoint(...codes);

/** [class, a text holding characters of it, how it is shown] */
const CLASSES: readonly (readonly [HiddenClass, string, string])[] = [
	["control", `a${chars(0x1b, 0x07, 0x7f, 0x85)}b`, "a\\e\\x07\\x7f\\x85b"],
	["bidi", `${chars(0x202e)}txt.exe${chars(0x2066, 0x061c)}`, "\\u202etxt.exe\\u2066\\u061c"],
	[
		"zero_width",
		`r${chars(0x200b)}m${chars(0x2060, 0x2062, 0x2064, 0xfeff)}`,
		"r\\u200bm\\u2060\\u2062\\u2064\\ufeff",
	],
	[
		"invisible_format",
		`a${chars(0xad, 0x34f, 0x180e, 0x17b4, 0x206f, 0x1bca0)}b`,
		"a\\xad\\u034f\\u180e\\u17b4\\u206f\\u{1bca0}b",
	],
	["tag", `ok${chars(0xe0001, 0xe0069, 0xe0067, 0xe007f)}`, "ok\\u{e0001}\\u{e0069}\\u{e0067}\\u{e007f}"],
	[
		"variation_selector",
		`a${chars(0xfe00, 0xfe0f, 0xe0100, 0xe01ef, 0x180b)}`,
		"a\\ufe00\\ufe0f\\u{e0100}\\u{e01ef}\\u180b",
	],
	["filler", `x${chars(0x115f, 0x1160, 0x3164, 0xffa0, 0x2800)}y`, "x\\u115f\\u1160\\u3164\\uffa0\\u2800y"],
	[
		"odd_space",
		`rm${chars(0xa0)}-rf${chars(0x2000, 0x200a, 0x202f, 0x205f, 0x3000, 0x1680)}`,
		"rm\\xa0-rf\\u2000\\u200a\\u202f\\u205f\\u3000\\u1680",
	],
	[
		"combining_overlay",
		`a${chars(0x334)}b${chars(0x338)}c${chars(0x20d2, 0x20d6, 0x20e5, 0x1ce2)}`,
		"a\\u0334b\\u0338c\\u20d2\\u20d6\\u20e5\\u1ce2",
	],
	["interlinear_annotation", `${chars(0xfff9)}a${chars(0xfffa)}b${chars(0xfffb)}`, "\\ufff9a\\ufffab\\ufffb"],
	["musical_format", `a${chars(0x1d173, 0x1d17a)}`, "a\\u{1d173}\\u{1d17a}"],
	["line_separator", "a\u2028b\u2029c", "a\\u2028b\\u2029c"],
	["lone_surrogate", "a\ud800b\udfffc", "a\\ud800b\\udfffc"],
];

describe("terminalSafe", () => {
	it.each([
		["OSC 52 clipboard write", "a\u001b]52;c;cm0gLXJmIH4=\u0007b", "a\\e]52;c;cm0gLXJmIH4=\\x07b"],
		["OSC 0 title", "\u001b]0;owned\u001b\\", "\\e]0;owned\\e\\"],
		["CSI erase line", "x\r\u001b[2Ky", "x\\r\\e[2Ky"],
		["8-bit CSI (C1)", "a\u009b2Kb", "a\\x9b2Kb"],
		["8-bit OSC (C1)", "\u009d0;t\u009c", "\\x9d0;t\\x9c"],
		["DEL", "a\u007fb", "a\\x7fb"],
		["right-to-left override", "echo \u202etxt.exe", "echo \\u202etxt.exe"],
		["bidi isolates", "\u2066a\u2067b\u2068c\u2069", "\\u2066a\\u2067b\\u2068c\\u2069"],
		[
			"bidi embeddings and marks",
			"\u202a\u202b\u202c\u202d\u200e\u200f\u061c",
			"\\u202a\\u202b\\u202c\\u202d\\u200e\\u200f\\u061c",
		],
		["zero-width characters", "r\u200bm\u200c \u200d-\u2060rf\ufeff", "r\\u200bm\\u200c \\u200d-\\u2060rf\\ufeff"],
		["soft hyphen", "a\u00adb", "a\\xadb"],
		["line and paragraph separators", "a\u2028b\u2029c", "a\\u2028b\\u2029c"],
		["newline and tab", "a\nb\tc", "a\\nb\\tc"],
		["plain text and other Unicode", "ls -la ~/ünïcödé 日本 ✓", "ls -la ~/ünïcödé 日本 ✓"],
	])("escapes %s", (_name, input, expected) => {
		expect(terminalSafe(input)).toBe(expected);
	});

	it.each(CLASSES)("escapes every %s character, astral ones as \\u{...}", (name, input, expected) => {
		expect(terminalSafe(input)).toBe(expected);
		for (const char of input.match(/[^a-z.-]/gu) ?? []) expect(hiddenClass(char.codePointAt(0) ?? 0)).toBe(name);
	});

	it("escapes the first and last character of every range of the table, and nothing next to a range", () => {
		expect(new Set(HIDDEN_CHARACTERS.map((entry) => entry.class)).size).toBe(CLASSES.length);
		for (const { ranges } of HIDDEN_CHARACTERS) {
			for (const [first, last] of ranges) {
				for (const code of [first, last]) {
					const text = code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : chars(code);
					expect(terminalSafe(`a${text}b`), code.toString(16)).not.toContain(text);
				}
			}
		}
		expect(terminalSafe(chars(0xe1000, 0x2801, 0x3165, 0x20cf))).toBe(chars(0xe1000, 0x2801, 0x3165, 0x20cf));
	});

	it("escapes every format, default-ignorable, space-separator and control code point Unicode knows", () => {
		// The prepended concatenation marks (Arabic number signs and the like) are format characters a font draws.
		const drawn = new Set([
			0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6dd, 0x70f, 0x890, 0x891, 0x8e2, 0x110bd, 0x110cd,
		]);
		const kinds = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zs}\p{Zl}\p{Zp}\p{Cc}]/u;
		const missed: string[] = [];
		for (let code = 0; code <= 0x10ffff; code++) {
			if ((code >= 0xd800 && code <= 0xdfff) || code === 0x20 || drawn.has(code)) continue;
			if (kinds.test(String.fromCodePoint(code)) && hiddenClass(code) === undefined)
				missed.push(code.toString(16));
		}
		expect(missed).toEqual([]);
	});

	it("keeps emoji, letters of every script and paired surrogates whole", () => {
		const text = "✓ 日本 Ελλάδα привет 😀 ü";
		expect(terminalSafe(text)).toBe(text);
	});

	it("counts and strips hidden characters, keeping line breaks and tabs", () => {
		const hidden = [..."ignore"].map((c) => chars(0xe0000 + (c.codePointAt(0) ?? 0))).join("");
		const text = `Is it safe?${hidden}\n\tyes${chars(0x200b)}`;
		expect(countHidden(text)).toBe(7);
		expect(stripHidden(text)).toBe("Is it safe?\n\tyes");
		expect(countHidden("plain\ttext\n")).toBe(0);
		expect(stripHidden("plain")).toBe("plain");
		expect(stripHidden("rm\u00a0-rf\u3000x")).toBe("rm -rf x");
	});

	it("leaves no hidden character in any text, changes nothing twice, and strips to text without them", () => {
		const hidden = fc.constantFrom(...HIDDEN_CHARACTERS.flatMap(({ ranges }) => ranges.flat()));
		const unit = fc.oneof(
			fc.string({ unit: "grapheme", maxLength: 4 }),
			fc.string({ unit: "binary", maxLength: 4 }),
			hidden.map((code) => (code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : chars(code))),
		);
		fc.assert(
			fc.property(fc.array(unit, { maxLength: 12 }), (parts) => {
				const text = parts.join("");
				const safe = terminalSafe(text);
				expect(countHidden(safe)).toBe(0);
				expect(terminalSafe(safe)).toBe(safe);
				expect(countHidden(stripHidden(text))).toBe(0);
				expect(stripHidden(text).length).toBeLessThanOrEqual(text.length);
			}),
			{ numRuns: 2000 },
		);
	});

	it("keeps line breaks when asked, and escapes everything else", () => {
		expect(terminalSafe("one\ntwo\r\u001b[1mthree\u2028", { keepNewlines: true })).toBe(
			"one\ntwo\\r\\e[1mthree\\u2028",
		);
	});

	it("leaves no character a terminal interprets", () => {
		const every = Array.from({ length: 0x3000 }, (_, code) => String.fromCharCode(code)).join("");
		expect(terminalSafe(every)).not.toMatch(
			/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\u2028\u2029]/,
		);
	});
});
