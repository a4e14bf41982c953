/** The worst-case cost of a matcher's regex, read from its source: what is refused and what is let through. */
import { describe, expect, it } from "vitest";
import { regexHazard } from "../../../src/engine/match/regex-cost.ts";

const LONGEST = 256;

describe("regexHazard", () => {
	it.each([
		"Bash",
		"Edit|Write",
		"mcp__.*",
		".*a.*b",
		"\\w+\\s?\\w+",
		"(a|b)?c*d*",
		"(?:abc)+",
		"[a+]+",
		"\\(a+\\)+",
		"a{2,5}b*",
		"a?".repeat(18),
	])("accepts %s", (source) => {
		expect(regexHazard(source, LONGEST)).toBeUndefined();
	});

	it.each([
		"(a+)+",
		"(a*)*",
		"(a|aa)*",
		"(Edit|Write)+",
		"(?<name>a+)+",
		"(?:a?b?)+",
		"((ab)*c)+",
		"(a+){2,}",
		"(a+)+?",
	])("refuses the nested repetition in %s", (source) => {
		expect(regexHazard(source, LONGEST)).toBe("nested_repetition");
	});

	it.each([".*.*.*", ".*a.*b.*c", "a?".repeat(19), "\\w+\\s*\\w+\\d?"])(
		"refuses too many repetitions in a row in %s",
		(source) => {
			expect(regexHazard(source, LONGEST)).toBe("repetition_run");
		},
	);

	it("judges repetitions against the longest input", () => {
		expect(regexHazard("a?".repeat(19), LONGEST)).toBe("repetition_run");
		// With inputs of at most 1,000,000 characters the budget is 2 * log2(1,000,001) + 2 ≈ 41.9 bits.
		expect(regexHazard("a?".repeat(40), 1_000_000)).toBeUndefined();
	});

	it("counts alternatives inside a group once, by their largest branch", () => {
		expect(regexHazard("(.*x|y)(.*z)", LONGEST)).toBeUndefined();
		expect(regexHazard("(.*x|y).*z.*w", LONGEST)).toBe("repetition_run");
	});

	it("does not throw on an unbalanced source", () => {
		expect(() => regexHazard("a)+(", LONGEST)).not.toThrow();
		expect(() => regexHazard("[abc", LONGEST)).not.toThrow();
	});
});
