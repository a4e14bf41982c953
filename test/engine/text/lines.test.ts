/** The first line of a text for one-line display: the first non-blank line, trimmed. */
import { describe, expect, it } from "vitest";
import { firstLine } from "../../../src/engine/text/lines.ts";

describe("firstLine", () => {
	it.each([
		["one line", "  denied: rm  ", "denied: rm"],
		["blank lines first", "\n   \n\tno rm please\nsecond", "no rm please"],
		["CRLF", "first\r\nsecond", "first"],
		["only blanks", " \n\t\n", ""],
		["empty", "", ""],
	])("%s", (_name, text, line) => {
		expect(firstLine(text)).toBe(line);
	});
});
