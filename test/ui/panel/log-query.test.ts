/**
 * The firing log's query language: field words, free words, time bounds, incremental narrowing and the ranges
 * to highlight.
 */
import { describe, expect, it } from "vitest";
import {
	matchesQuery,
	narrows,
	parseLogQuery,
	parseTimeBound,
	type QueryRow,
	queryRanges,
} from "../../../src/ui/panel/log-query.ts";

const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);

const row = (fields: Partial<QueryRow["lower"]>, time = NOW): QueryRow => ({
	lower: { event: "", input: "", hook: "", decision: "", session: "", ...fields },
	time,
});

describe("parseTimeBound", () => {
	it.each([
		["30s", NOW - 30_000],
		["10m", NOW - 600_000],
		["2h", NOW - 7_200_000],
		["7d", NOW - 7 * 86_400_000],
		["1.5h", NOW - 5_400_000],
	])("reads %s as a time before now", (value, expected) => {
		expect(parseTimeBound(value, NOW)).toBe(expected);
	});

	it("reads a clock time as today in local time", () => {
		const expected = new Date(NOW);
		expected.setHours(14, 5, 0, 0);
		expect(parseTimeBound("14:05", NOW)).toBe(expected.getTime());
	});

	it("reads a date Date.parse understands", () => {
		expect(parseTimeBound("2026-11-30", NOW)).toBe(Date.parse("2026-11-30"));
	});

	it("gives undefined for a word that is no time", () => {
		expect(parseTimeBound("soon", NOW)).toBeUndefined();
	});
});

describe("parseLogQuery", () => {
	it("splits words, lower-cases them and recognizes fields and time bounds", () => {
		const query = parseLogQuery("  RM  Event:Pre since:10m bogus:x ", NOW);
		expect(query.words).toEqual([
			{ kind: "text", field: undefined, value: "rm" },
			{ kind: "text", field: "event", value: "pre" },
			{ kind: "since", value: "10m", time: NOW - 600_000 },
			{ kind: "text", field: undefined, value: "bogus:x" },
		]);
	});

	it("has no words for a blank query", () => {
		expect(parseLogQuery("   ", NOW).words).toEqual([]);
	});
});

describe("matchesQuery", () => {
	it("matches every row with an empty query", () => {
		expect(matchesQuery(row({}), parseLogQuery("", NOW))).toBe(true);
	});

	it("needs every word to match", () => {
		const target = row({ event: "pretooluse", input: "rm -rf /", hook: "guard.sh", decision: "deny" });
		expect(matchesQuery(target, parseLogQuery("rm guard", NOW))).toBe(true);
		expect(matchesQuery(target, parseLogQuery("rm stop", NOW))).toBe(false);
	});

	it("limits a field word to its field", () => {
		const target = row({ event: "pretooluse", input: "deny everything", decision: "allow" });
		expect(matchesQuery(target, parseLogQuery("decision:allow", NOW))).toBe(true);
		expect(matchesQuery(target, parseLogQuery("decision:deny", NOW))).toBe(false);
	});

	it("searches the session only with a session word", () => {
		const target = row({ session: "3f2a9c" });
		expect(matchesQuery(target, parseLogQuery("session:3f2a", NOW))).toBe(true);
		expect(matchesQuery(target, parseLogQuery("3f2a", NOW))).toBe(false);
	});

	it("keeps rows inside since and until", () => {
		const old = row({}, NOW - 3_600_000);
		const recent = row({}, NOW - 60_000);
		const since = parseLogQuery("since:10m", NOW);
		expect(matchesQuery(recent, since)).toBe(true);
		expect(matchesQuery(old, since)).toBe(false);
		const until = parseLogQuery("until:10m", NOW);
		expect(matchesQuery(old, until)).toBe(true);
		expect(matchesQuery(recent, until)).toBe(false);
	});

	it("matches nothing with a time bound it cannot read", () => {
		expect(matchesQuery(row({}), parseLogQuery("since:whenever", NOW))).toBe(false);
	});
});

describe("narrows", () => {
	const q = (text: string) => parseLogQuery(text, NOW);

	it.each([
		["rm", "rm -rf", true],
		["rm", "rmdir", true],
		["event:pre", "event:pretool", true],
		["", "anything", true],
		["rm guard", "rm guards", true],
		["rm guard", "rmx guard", false],
		["rm -rf", "rm", false],
		["event:pre", "hook:pre", false],
		["rm", "event:rm", false],
		["since:1", "since:10", false],
		["since:10m", "since:10m rm", true],
	])("%j then %j narrows: %s", (previous, next, expected) => {
		expect(narrows(q(previous), q(next))).toBe(expected);
	});
});

describe("queryRanges", () => {
	it("gives the inclusive range of each text word found in the field", () => {
		const query = parseLogQuery("rm event:pre hook:guard", NOW);
		expect(queryRanges("PreToolUse rm", "event", query)).toEqual([
			[11, 12],
			[0, 2],
		]);
		expect(queryRanges("guard.sh", "hook", query)).toEqual([[0, 4]]);
	});

	it("ignores time words and words not found", () => {
		expect(queryRanges("abc", "input", parseLogQuery("since:10m zzz", NOW))).toEqual([]);
	});

	it("gives no ranges when lower-casing changes the length", () => {
		expect(queryRanges("İstanbul", "input", parseLogQuery("stanbul", NOW))).toEqual([]);
	});
});
