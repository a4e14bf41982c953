/**
 * Hook test fixtures: one JSON file per case, or an array of cases, each
 * `{"version": 1, "name": ..., "event": "PreToolUse", "input": {...}, "expect": {"decision": "deny", ...}}`.
 * `input` holds the event-specific stdin fields (the common ones are filled in as the workbench does);
 * `expect.decision` is `deny`, `allow`, `ask`, `block` or `none`; `reason` and `context` match as substrings,
 * `updatedInput` as a partial object; `ran` names the hooks that must run (or `0`: none may; without it, at least one
 * must). Parsing is pure and names the file and the field of every problem.
 */
import { basename } from "node:path";
import { withLineAndColumn } from "../engine/config/parse.ts";
import { isHookEventName, unknownEventText } from "../engine/events/facts.ts";
import { DECISIONS, type Decision, FIXTURE_VERSION, type FixtureExpect } from "../engine/fixture/outcome.ts";
import { isObject } from "../engine/is-object.ts";
import type { HookEventName } from "../engine/types.ts";

export { DECISIONS, type Decision, FIXTURE_VERSION, type FixtureExpect };

/** One test case. */
export interface Fixture {
	/** Absolute path of its file. */
	readonly file: string;
	/** Its index when the file holds an array; undefined for a file of one case. */
	readonly index: number | undefined;
	/** Its `name`, else the file name (with `[index]` in an array). */
	readonly name: string;
	readonly event: HookEventName;
	/** The event-specific stdin fields. */
	readonly input: Readonly<Record<string, unknown>>;
	/** Undefined when the fixture has none yet (`test --update` writes it). */
	readonly expect: FixtureExpect | undefined;
	/** The case as written, for `--update` to write back with only `expect` changed. */
	readonly raw: Readonly<Record<string, unknown>>;
}

/** A fixture file read: its cases, or the problem that makes it unusable (exit code 2). */
export type FixtureFile =
	| { readonly ok: true; readonly file: string; readonly fixtures: readonly Fixture[]; readonly array: boolean }
	| { readonly ok: false; readonly file: string; readonly message: string };

/** Top-level fields of a case; any other is reported (a typo such as `exepct` must not pass silently). */
const CASE_FIELDS = new Set(["version", "name", "description", "event", "input", "expect"]);

/** Fields of `expect`. */
const EXPECT_FIELDS = new Set(["decision", "reason", "context", "updatedInput", "failures", "ran"]);

/** The `expect` of a case, or why it is not one. */
const parseExpect = (value: unknown, where: string): FixtureExpect | string => {
	if (!isObject(value)) return `${where}expect must be an object such as {"decision": "deny"}`;
	for (const key of Object.keys(value))
		if (!EXPECT_FIELDS.has(key))
			return `${where}expect has an unknown field "${key}" (fields: ${[...EXPECT_FIELDS].join(", ")})`;
	if (!(DECISIONS as readonly unknown[]).includes(value.decision))
		return (
			`${where}expect.decision must be one of ${DECISIONS.map((d) => `"${d}"`).join(", ")}, got ` +
			`${JSON.stringify(value.decision) ?? "nothing"}`
		);
	for (const key of ["reason", "context"] as const)
		if (value[key] !== undefined && typeof value[key] !== "string") return `${where}expect.${key} must be a string`;
	if (value.updatedInput !== undefined && !isObject(value.updatedInput))
		return `${where}expect.updatedInput must be an object`;
	if (value.failures !== undefined && !(Number.isInteger(value.failures) && (value.failures as number) >= 0))
		return `${where}expect.failures must be a whole number of hooks, 0 or more`;
	const ran = value.ran;
	const ranOk =
		ran === undefined ||
		(Number.isInteger(ran) && (ran as number) >= 0) ||
		(Array.isArray(ran) && ran.length > 0 && ran.every((name) => typeof name === "string" && name !== ""));
	if (!ranOk)
		return (
			`${where}expect.ran must be a list of the hooks that must run (ids or commands), such as ["guard.sh"], ` +
			"or a number of hooks (0: the case is about nothing running)"
		);
	return value as unknown as FixtureExpect;
};

/** One case of `file`, or why it is not one. */
const parseCase = (value: unknown, file: string, index: number | undefined): Fixture | string => {
	const where = index === undefined ? "" : `[${index}] `;
	if (!isObject(value)) return `${where}a fixture must be a JSON object with "version", "event" and "input"`;
	for (const key of Object.keys(value))
		if (!CASE_FIELDS.has(key)) return `${where}unknown field "${key}" (fields: ${[...CASE_FIELDS].join(", ")})`;
	if (value.version !== FIXTURE_VERSION)
		return value.version === undefined
			? `${where}needs "version": ${FIXTURE_VERSION}`
			: `${where}version ${JSON.stringify(value.version)} is not known (this version reads ${FIXTURE_VERSION})`;
	if (value.name !== undefined && typeof value.name !== "string") return `${where}name must be a string`;
	if (typeof value.event !== "string") return `${where}needs an "event" such as "PreToolUse"`;
	if (!isHookEventName(value.event)) return `${where}${unknownEventText(value.event)}`;
	if (value.input !== undefined && !isObject(value.input)) return `${where}input must be an object`;
	let expect: FixtureExpect | undefined;
	if (value.expect !== undefined) {
		const parsed = parseExpect(value.expect, where);
		if (typeof parsed === "string") return parsed;
		expect = parsed;
	}
	const fallback = index === undefined ? basename(file) : `${basename(file)}[${index}]`;
	return {
		file,
		index,
		name: typeof value.name === "string" && value.name !== "" ? value.name : fallback,
		event: value.event,
		input: (value.input as Record<string, unknown> | undefined) ?? {},
		expect,
		raw: value,
	};
};

/**
 * Deepest nesting of arrays and objects a fixture may have: far past any hook input (Claude Code's tool inputs nest a
 * few levels), well within what the recursive steps after parsing (the project paths, the stdin's JSON) can walk.
 */
export const MAX_FIXTURE_DEPTH = 1000;

/** True when `value` nests arrays and objects deeper than `limit` levels; walked without recursion. */
export const nestsDeeper = (value: unknown, limit: number): boolean => {
	const stack: [unknown, number][] = [[value, 1]];
	for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
		const [item, depth] = next;
		if (item === null || typeof item !== "object") continue;
		if (depth > limit) return true;
		for (const child of Object.values(item)) stack.push([child, depth + 1]);
	}
	return false;
};

/** Parses the text of a fixture file. Never throws. */
export const parseFixtureText = (text: string, file: string): FixtureFile => {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { ok: false, file, message: `invalid JSON: ${withLineAndColumn((error as Error).message, text)}` };
	}
	// 200,000 nested arrays parse (JSON.parse does not recurse) but overflow the stack of every step after it.
	if (nestsDeeper(json, MAX_FIXTURE_DEPTH))
		return { ok: false, file, message: `nests arrays or objects more than ${MAX_FIXTURE_DEPTH} levels deep` };
	const array = Array.isArray(json);
	const cases = array ? (json as unknown[]) : [json];
	if (cases.length === 0) return { ok: false, file, message: "holds an empty array: no fixture to run" };
	const fixtures: Fixture[] = [];
	for (const [index, value] of cases.entries()) {
		const parsed = parseCase(value, file, array ? index : undefined);
		if (typeof parsed === "string") return { ok: false, file, message: parsed };
		fixtures.push(parsed);
	}
	return { ok: true, file, fixtures, array };
};

/**
 * The text of a fixture file with each case's `expect` replaced by the one given for its index (cases without
 * one keep theirs), every other field as written; two-space JSON with a final newline.
 */
export const fixtureTextWith = (
	read: Extract<FixtureFile, { ok: true }>,
	expects: ReadonlyMap<number, FixtureExpect>,
): string => {
	const cases = read.fixtures.map((fixture, index) => {
		const expect = expects.get(index);
		if (expect === undefined) return fixture.raw;
		const { expect: _old, ...rest } = fixture.raw;
		return { ...rest, expect };
	});
	return `${JSON.stringify(read.array ? cases : cases[0], null, 2)}\n`;
};
