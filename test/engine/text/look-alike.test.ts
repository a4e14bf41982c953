/** Words that mix look-alike scripts (a Cyrillic letter inside a Latin word) are found, plain words are not. */
import { describe, expect, it } from "vitest";
import { mixedScriptWords } from "../../../src/engine/text/look-alike.ts";

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
		["Greek tau in a Cyrillic word", "\u043f\u0440\u0438\u0432\u0435\u03c4", "Greek"],
		["Armenian oh in a Latin word", "g\u0585ogle", "Armenian"],
		["Cherokee letter in a Latin word", "\u13aaudit", "Cherokee"],
	])("finds a %s", (_name, word, odd) => {
		const [found] = mixedScriptWords(`run ${word} now`);
		expect(found?.word).toBe(word);
		expect(found?.odd.map((letter) => letter.script)).toEqual([odd]);
	});

	it("finds a name written wholly in Cyrillic or Greek letters that pass for Latin ones, not such prose", () => {
		const [found] = mixedScriptWords("sh .claude/\u0455\u0435\u0441_1");
		expect(found).toMatchObject({ kind: "latin_look_alike", word: "\u0455\u0435\u0441_1", main: "Latin" });
		expect(found?.odd.map((letter) => letter.script)).toEqual(["Cyrillic", "Cyrillic", "Cyrillic"]);
		expect(mixedScriptWords("\u03bf\u03c1_1")[0]?.kind).toBe("latin_look_alike");
		// Russian prose of such letters, and names with a letter that looks like no Latin one, are not flagged.
		for (const text of ["\u0441\u043e \u043c\u043d\u043e\u0439", "\u043f\u0440\u043e_1", "\u0430_1"])
			expect(mixedScriptWords(text)).toEqual([]);
	});

	it("reads a word with Latin letters as Latin: the other letters are the odd ones, however many", () => {
		const [found] = mixedScriptWords("\u0455\u0435\u0441.sh");
		expect(found).toMatchObject({ kind: "mixed_script", main: "Latin" });
		expect(found?.odd.map((letter) => letter.char).join("")).toBe("\u0455\u0435\u0441");
	});

	it("reports a word once and leaves words of one script, other scripts and ASCII alone", () => {
		expect(mixedScriptWords("gu\u0430rd gu\u0430rd").length).toBe(1);
		for (const text of ["rm -rf build", "привет мир", "Ελλάδα", "ファイルfile", "naïve café", "x 日本 y", ""])
			expect(mixedScriptWords(text)).toEqual([]);
	});
});
