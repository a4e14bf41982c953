import { describe, expect, it } from "vitest";
import { compileMatcher } from "../../../src/engine/match/matcher.ts";

const matches = (matcher: string | undefined, value: string): boolean => {
	const result = compileMatcher(matcher);
	if (!result.ok) throw new Error(result.message);
	return result.matcher.test(value);
};

describe("compileMatcher (Claude Code: exact names, `|` lists, else a regular expression; `*` matches all)", () => {
	it.each([
		["Bash", "Bash", true],
		["^Bash$", "Bash", true],
		["Ba.*", "Bash", true],
		["Bas?h", "Bash", true],
		["Bash|Read", "Bash", true],
		["Read|Bash", "Bash", true],
		["*", "Bash", true],
		["", "Bash", true],
		[".*", "Bash", true],
		[undefined, "Bash", true],
		["bash", "Bash", false],
		["Ba", "Bash", false],
		["Bash(echo *)", "Bash", false],
		["Edit|Write", "Edit", true],
		["Edit|Write", "Write", true],
		["Edit|Write", "NotebookEdit", false],
		["Edit, Write", "Write", true],
		["Edit.*", "NotebookEdit", true],
		["mcp__memory", "mcp__memory__create_entities", false],
		["mcp__memory__.*", "mcp__memory__create_entities", true],
		["code-reviewer", "senior-code-reviewer", false],
		["startup|resume|clear|compact", "compact", true],
	] as const)("matcher %j against %j is %s", (matcher, value, expected) => {
		expect(matches(matcher, value)).toBe(expected);
	});

	it("reports a regex that does not compile instead of throwing", () => {
		const result = compileMatcher("Bash(");
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.message).toContain("not a valid regular expression");
	});

	it("never tests a regex against an overlong value (exponential patterns are refused: test/hostile)", () => {
		expect(matches("^a.*$", "a".repeat(300))).toBe(false);
	});
});
