/**
 * Properties of matchers and `if` rules over arbitrary text: compiling never throws, a compiled matcher or rule
 * always answers true or false, and the bash wildcard matcher agrees with a regex oracle.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileIfRule } from "../../src/engine/match/if-rule.ts";
import { compileMatcher, MAX_MATCH_INPUT_LENGTH } from "../../src/engine/match/matcher.ts";
import { REGEX_HAZARD_TEXT, regexHazard } from "../../src/engine/match/regex-cost.ts";
import { matchWildcard } from "../../src/engine/match/wildcard.ts";

/** Strings made of regex syntax and a few letters: most compile, many are refused, some do not compile. */
const regexish = fc.string({ unit: fc.constantFrom(..."()[]{}|*+?.^$\\-,:=!<>aAbB0 _".split("")), maxLength: 24 });
const anyText = fc.string({ unit: "binary", maxLength: 64 });
/** Names that make matchers work: runs of a few letters, up to past the length bound. */
const names = fc.oneof(
	anyText,
	fc.string({ unit: fc.constantFrom("a", "b", "B", "_", "!"), maxLength: MAX_MATCH_INPUT_LENGTH + 20 }),
);

const context = { cwd: "/proj", projectDir: "/proj", home: "/home/tester" };
const toolNames = fc.oneof(
	fc.constantFrom("Bash", "Edit", "Write", "Read", "Glob", "Grep", "LS", "MultiEdit", "NotebookEdit", "mcp__x__y"),
	anyText,
);
const specifiers = fc.string({ unit: fc.constantFrom(..."*?/.~[]{}()!+@,:- abgit$`'\"\\".split("")), maxLength: 20 });
const ifSources = fc.oneof(
	anyText,
	fc.tuple(toolNames, specifiers).map(([tool, specifier]) => `${tool}(${specifier})`),
);
const shellish = fc.string({
	unit: fc.constantFrom(..."git push rm -rf $()`'\";&|<>\\\n*ab{}".split("")),
	maxLength: 40,
});
const toolInputs = fc.oneof(
	fc.record({ command: fc.oneof(shellish, fc.jsonValue()) }, { requiredKeys: [] }),
	fc.record(
		{ file_path: fc.oneof(anyText, fc.jsonValue()), path: fc.jsonValue(), notebook_path: fc.jsonValue() },
		{ requiredKeys: [] },
	),
	fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
);

describe("matchers", () => {
	it("compiling never throws; a compiled matcher answers a boolean for any name, and a refusal says why", () => {
		fc.assert(
			fc.property(fc.oneof(regexish, anyText), names, (source, value) => {
				const result = compileMatcher(source);
				if (result.ok) expect(typeof result.matcher.test(value)).toBe("boolean");
				else expect(result.message.startsWith(`matcher ${JSON.stringify(source)} `)).toBe(true);
			}),
			{ numRuns: 1000 },
		);
	});

	it("the cost analysis never throws, even on text that is not a regex", () => {
		fc.assert(
			fc.property(fc.oneof(regexish, anyText), (source) => {
				const hazard = regexHazard(source, MAX_MATCH_INPUT_LENGTH);
				expect(hazard === undefined || Object.hasOwn(REGEX_HAZARD_TEXT, hazard)).toBe(true);
			}),
			{ numRuns: 1000 },
		);
	});

	it("a name longer than the bound never matches a regex matcher", () => {
		fc.assert(
			fc.property(
				fc.string({ minLength: MAX_MATCH_INPUT_LENGTH + 1, maxLength: MAX_MATCH_INPUT_LENGTH + 50 }),
				(value) => {
					const result = compileMatcher(".*");
					expect(result.ok && result.matcher.test(value)).toBe(false);
				},
			),
		);
	});
});

describe("if rules", () => {
	it("compiling never throws; a compiled rule answers a boolean for any tool and any input", () => {
		fc.assert(
			fc.property(ifSources, toolNames, toolInputs, (source, tool, input) => {
				const result = compileIfRule(source);
				if (result.ok) expect(typeof result.rule.test(tool, input, context)).toBe("boolean");
				else expect(result.message.startsWith(`if ${JSON.stringify(source)} is `)).toBe(true);
			}),
			{ numRuns: 1000 },
		);
	});

	it("the bash wildcard matcher agrees with the regex it replaced (`*` = any run, newlines included)", () => {
		const escapeRegex = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
		const oracle = (pattern: string): RegExp =>
			new RegExp(`^${pattern.split("*").map(escapeRegex).join(".*")}$`, "s");
		fc.assert(
			fc.property(
				fc.string({ unit: fc.constantFrom("a", "b", "*", " ", "."), maxLength: 8 }),
				fc.string({ unit: fc.constantFrom("a", "b", " ", ".", "\n"), maxLength: 12 }),
				(pattern, text) => {
					expect(matchWildcard(pattern, text)).toBe(oracle(pattern).test(text));
				},
			),
			{ numRuns: 3000 },
		);
	});
});
