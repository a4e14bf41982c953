/** `*` wildcards without regular expressions, so a long command cannot make a rule backtrack. */
import { describe, expect, it } from "vitest";
import { matchWildcard } from "../../../src/engine/match/wildcard.ts";

describe("matchWildcard", () => {
	it.each([
		["git push *", "git push origin main", true],
		["git push *", "git pull", false],
		["git", "git", true],
		["git", "git status", false],
		["*", "", true],
		["a*b*c", "aXbYc", true],
		["a*b*c", "acb", false],
		["ab*ba", "aba", false],
		["rm *", "rm -rf\nx", true],
	])("%j against %j is %s", (pattern, text, expected) => {
		expect(matchWildcard(pattern, text)).toBe(expected);
	});

	it("answers at once for a pattern that backtracks as a regex", () => {
		expect(matchWildcard("*a*a*a*a*a*b", "a".repeat(100_000))).toBe(false);
	});
});
