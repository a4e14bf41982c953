/**
 * Matchers and `if` rules built to backtrack forever: regexes that take exponential time are refused with a
 * message naming the matcher, and what is accepted stays bounded on long tool names, commands and paths.
 * Anything that could hang runs in a separate process with a time limit, so a regression fails instead of hanging.
 */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { compileIfRule, MAX_FILE_RULE_PATH_LENGTH } from "../../src/engine/match/if-rule.ts";
import { compileMatcher } from "../../src/engine/match/matcher.ts";
import { runIsolated, srcModule } from "../support/isolated.ts";

const context = { cwd: "/proj", projectDir: "/proj", home: "/home/tester" };

/** Tests each [rule, tool, input] in a separate process and returns the results. */
const ifRuleResults = (cases: readonly (readonly [string, string, Record<string, unknown>])[]): boolean[] =>
	runIsolated<boolean[]>(
		`
		import { compileIfRule } from ${srcModule("src/engine/match/if-rule.ts")};
		const results = INPUT.map(([rule, tool, input]) => {
			const compiled = compileIfRule(rule);
			if (!compiled.ok) throw new Error(compiled.message);
			return compiled.rule.test(tool, input, ${JSON.stringify(context)});
		});
		console.log(JSON.stringify(results));
	`,
		cases,
	);

describe("matchers that would backtrack exponentially are refused", () => {
	it.each([
		["(a+)+$", "repeats a group that itself repeats"],
		["(a|aa)*b", "repeats a group that itself repeats or has alternatives"],
		["^(\\w+\\s?)*$", "repeats a group that itself repeats"],
		["(mcp__.*)+x", "repeats a group that itself repeats"],
		["(a{2,5})+$", "repeats a group that itself repeats"],
		[".*a.*a.*b", "too many repetitions and optional parts in a row"],
		["a+a+a+b", "too many repetitions and optional parts in a row"],
		["a{0,1000}a{0,1000}a{0,1000}b", "too many repetitions and optional parts in a row"],
		[`${"a?".repeat(19)}${"a".repeat(19)}`, "too many repetitions and optional parts in a row"],
	])("%j: %s", (matcher, reason) => {
		const result = compileMatcher(matcher);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.message.startsWith(`matcher ${JSON.stringify(matcher)} is refused: it `)).toBe(true);
		expect(result.message).toContain(reason);
	});

	it("a refused matcher in a settings file is one issue at its JSON path; the other groups still load", () => {
		const settings = {
			hooks: {
				PreToolUse: [
					{ matcher: "(a+)+$", hooks: [{ type: "command", command: "x" }] },
					{ matcher: "Bash", hooks: [{ type: "command", command: "y" }] },
				],
			},
		};
		const parsed = parseSettingsText(JSON.stringify(settings), {
			scope: "claude-user",
			file: "/u.json",
			project: false,
		});
		expect(parsed.issues.map((issue) => issue.path)).toEqual(["hooks.PreToolUse[0].matcher"]);
		expect(parsed.issues[0]?.message).toMatch(/^matcher "\(a\+\)\+\$" is refused: .*exponential time$/);
		expect(parsed.entries.map((entry) => entry.matcher.source)).toEqual(["Bash"]);
	});

	it("matchers people write are accepted", () => {
		for (const matcher of [
			"Bash",
			"Edit|Write",
			"mcp__.*",
			"mcp__memory__.*",
			"^mcp__(github|gitlab)__.*$",
			".*Edit.*",
			"Notebook.*|.*Write",
			"(?:Read|Grep)",
		]) {
			expect(compileMatcher(matcher).ok, matcher).toBe(true);
		}
	});

	it("accepted matchers finish on 256-character names built to make them backtrack", () => {
		const results = runIsolated<boolean[]>(
			`
			import { compileMatcher } from ${srcModule("src/engine/match/matcher.ts")};
			const name = "a".repeat(255) + "!";
			const matchers = [".*a.*b", "a+a+b", "^(a|b)c*$", "[a-z]*[a-z]*!x",
				"a?".repeat(18) + "a".repeat(18) + "b", "a{0,256}a{0,256}b"];
			console.log(JSON.stringify(matchers.map((m) => compileMatcher(m).matcher.test(name))));
		`,
			null,
		);
		expect(results).toEqual([false, false, false, false, false, false]);
	});
});

describe("if rules on hostile commands and paths", () => {
	it("a bash rule with many wildcards on a 100,000-character command finishes (no regex backtracking)", () => {
		const command = `echo ${"a".repeat(100_000)}`;
		const rule = "Bash(*a*a*a*a*a*a*a*a*b)";
		expect(
			ifRuleResults([
				[rule, "Bash", { command }],
				[rule, "Bash", { command: `${command}b` }],
			]),
		).toEqual([false, true]);
	});

	it("bash wildcards keep their meaning: `*` spans anything, a trailing ` *` also matches the bare command", () => {
		const cases = [
			["Bash(git * --force*)", "git push origin --force-with-lease", true],
			["Bash(git * --force*)", "git push origin", false],
			["Bash(git *)", "git", true],
			["Bash(git *)", "gitk", false],
			["Bash(*)", "", true],
			["Bash(a*a)", "a", false],
			["Bash(a*a)", "aa", true],
			["Bash(echo *x*y)", 'echo "line1\nline2" x y', true],
		] as const;
		for (const [rule, command, expected] of cases) {
			const compiled = compileIfRule(rule);
			if (!compiled.ok) throw new Error(compiled.message);
			expect(compiled.rule.test("Bash", { command }, context), `${rule} on ${JSON.stringify(command)}`).toBe(
				expected,
			);
		}
	});

	it("a file rule with more than 3 wildcards is refused with a message naming it", () => {
		const result = compileIfRule("Edit(*a*a*a*b)");
		expect(result).toEqual({
			ok: false,
			message:
				'if "Edit(*a*a*a*b)" is refused: it has 4 wildcards (at most 3), which can take seconds on a long path',
		});
		expect(compileIfRule("Edit(src/**/*.test.ts)").ok).toBe(true);
	});

	it("an accepted file rule finishes on a 1,000-character name; extglob repetition is off (`+(` is literal)", () => {
		const long = `/proj/${"a".repeat(1000)}`;
		expect(
			ifRuleResults([
				["Edit(*a*a*b)", "Edit", { file_path: long }],
				["Edit(**/a/**/a/**/b)", "Edit", { file_path: `/proj${"/a".repeat(490)}` }],
				["Edit(+(a|aa)b)", "Edit", { file_path: long }],
				["Edit(+(a|aa)b)", "Edit", { file_path: "/proj/+aab" }],
			]),
		).toEqual([false, false, false, true]);
	});

	it("a path longer than the bound runs the hook without testing the rule (fail open)", () => {
		const compiled = compileIfRule("Edit(*.ts)");
		if (!compiled.ok) throw new Error(compiled.message);
		expect(
			compiled.rule.test("Edit", { file_path: `/proj/${"a".repeat(MAX_FILE_RULE_PATH_LENGTH)}.js` }, context),
		).toBe(true);
		expect(compiled.rule.test("Edit", { file_path: "/proj/a.js" }, context)).toBe(false);
	});
});
