import { describe, expect, it } from "vitest";
import { terminalSafe } from "../../src/engine/terminal-safe.ts";

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
