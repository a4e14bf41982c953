/** Words that mix look-alike scripts (a Cyrillic letter inside a Latin word) are found, plain words are not. */
import { describe, expect, it } from "vitest";
import { mixedScriptWords } from "../../src/engine/look-alike.ts";

describe("mixedScriptWords", () => {
	it("finds a Cyrillic letter inside a Latin file name, with the letter that stands out", () => {
		expect(mixedScriptWords("python3 .claude/hooks/gu\u0430rd.py --strict")).toEqual([
			{
				kind: "mixed_script",
				word: "gu\u0430rd.py",
				main: "Latin",
				odd: [{ char: "\u0430", codePoint: 0x430, script: "Cyrillic" }],
			},
		]);
	});

	it.each([
		["Greek omicron in a Latin word", "p\u03bfrt", "Greek"],
		["Latin a in a Cyrillic word", "\u043f\u0440\u0438\u0432\u0435\u0442a", "Latin"],
		["Armenian oh in a Latin word", "g\u0585ogle", "Armenian"],
		["Cherokee letter in a Latin word", "\u13aaudit", "Cherokee"],
	])("finds a %s", (_name, word, odd) => {
		const [found] = mixedScriptWords(`run ${word} now`);
		expect(found?.word).toBe(word);
		expect(found?.odd.map((letter) => letter.script)).toEqual([odd]);
	});

	it("reports a word once and leaves words of one script, other scripts and ASCII alone", () => {
		expect(mixedScriptWords("gu\u0430rd gu\u0430rd").length).toBe(1);
		for (const text of ["rm -rf build", "привет мир", "Ελλάδα", "ファイルfile", "naïve café", "x 日本 y", ""])
			expect(mixedScriptWords(text)).toEqual([]);
	});
});
