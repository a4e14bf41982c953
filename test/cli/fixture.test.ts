/** Fixture files: what parses, what each problem says (naming the field), and how --update rewrites a file. */
import { describe, expect, it } from "vitest";
import { type FixtureFile, fixtureTextWith, parseFixtureText } from "../../src/cli/fixture.ts";

const FILE = "/p/.pi/hook-tests/case.json";
const ok = { version: 1, name: "rm", event: "PreToolUse", input: { tool_name: "Bash" } };

const parsed = (value: unknown): FixtureFile => parseFixtureText(JSON.stringify(value), FILE);
const problem = (value: unknown): string => {
	const read = typeof value === "string" ? parseFixtureText(value, FILE) : parsed(value);
	return read.ok ? "parsed" : read.message;
};

describe("parseFixtureText", () => {
	it.each([
		["not JSON", "{ nope", /^invalid JSON: .*line 1,? column 3/],
		["an empty array", [], /^holds an empty array: no fixture to run$/],
		["not an object", [1], /^\[0\] a fixture must be a JSON object/],
		["no version", { event: "Stop" }, /^needs "version": 1$/],
		["an unknown version", { ...ok, version: 2 }, /^version 2 is not known \(this version reads 1\)$/],
		["no event", { version: 1 }, /^needs an "event" such as "PreToolUse"$/],
		[
			"an event in the wrong case, with the event it means",
			{ ...ok, event: "pretooluse" },
			/^unknown hook event "pretooluse": did you mean "PreToolUse"\? \(event names are case-sensitive\)$/,
		],
		[
			"a misspelt event, with lint's did-you-mean",
			{ ...ok, event: "Interupt" },
			/^unknown hook event "Interupt": did you mean "Interrupt"\? \(event names are case-sensitive\)$/,
		],
		["an event far from any", { ...ok, event: "Nonsense" }, /^unknown hook event "Nonsense" \(event names are/],
		["an input that is not an object", { ...ok, input: [] }, /^input must be an object$/],
		["a misspelt field", { ...ok, exepct: {} }, /^unknown field "exepct" \(fields: version, name,/],
		["expect without decision", { ...ok, expect: {} }, /^expect.decision must be one of "deny", "allow"/],
		["an unknown decision", { ...ok, expect: { decision: "block!" } }, /^expect.decision .* got "block!"$/],
		["a reason that is no string", { ...ok, expect: { decision: "deny", reason: 1 } }, /^expect.reason must be/],
		["a misspelt expect field", { ...ok, expect: { decision: "deny", reasn: "x" } }, /^expect has an unknown/],
		["a bad updatedInput", { ...ok, expect: { decision: "none", updatedInput: 1 } }, /^expect.updatedInput must/],
		["a bad second case of an array", [ok, { ...ok, event: "X" }], /^\[1\] unknown hook event "X"/],
	])("reports %s", (_what, value, message) => {
		expect(problem(value)).toMatch(message);
	});

	it("reads a case, and an array of cases with their index and a name from the file when they have none", () => {
		const one = parsed({ ...ok, expect: { decision: "deny", reason: "recursive" } });
		expect(one).toMatchObject({
			ok: true,
			array: false,
			fixtures: [{ file: FILE, index: undefined, name: "rm", event: "PreToolUse", expect: { decision: "deny" } }],
		});
		const many = parsed([ok, { version: 1, event: "Stop" }]);
		expect(many).toMatchObject({
			ok: true,
			array: true,
			fixtures: [
				{ index: 0, name: "rm" },
				{ index: 1, name: "case.json[1]", input: {}, expect: undefined },
			],
		});
	});
});

describe("fixtureTextWith", () => {
	it("replaces only the expect of the cases given, keeps every other field and puts expect last", () => {
		const read = parsed([{ expect: { decision: "none" }, ...ok, description: "kept" }, ok]);
		if (!read.ok) throw new Error(read.message);
		const text = fixtureTextWith(read, new Map([[0, { decision: "deny" as const, reason: "no" }]]));
		expect(JSON.parse(text)).toEqual([
			{ ...ok, description: "kept", expect: { decision: "deny", reason: "no" } },
			ok,
		]);
		expect(Object.keys(JSON.parse(text)[0]).at(-1)).toBe("expect");
		expect(text.endsWith("}\n]\n")).toBe(true);
	});

	it("writes a file of one case as one object", () => {
		const read = parsed(ok);
		if (!read.ok) throw new Error(read.message);
		expect(JSON.parse(fixtureTextWith(read, new Map([[0, { decision: "none" as const }]])))).toEqual({
			...ok,
			expect: { decision: "none" },
		});
	});
});
