/**
 * The log tab's incremental index: new records are the only rows tested against the current query, a query
 * that extends the previous one narrows the previous result, Backspace takes an earlier result back, and the
 * result is always what filtering every row would give. At 100,000 rows.
 */
import { describe, expect, it } from "vitest";
import { createFiringLog } from "../../../src/ui/panel/firing-log.ts";
import { LogIndex } from "../../../src/ui/panel/log-index.ts";
import { matchesQuery, narrows, parseLogQuery, parseTimeBound } from "../../../src/ui/panel/log-query.ts";
import { entryWith, exitedWith, firingRecord, fixtureConfig } from "./fixtures.ts";

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");
const policy = entryWith(config, "git_policy.py");

const ROWS = 100_000;
const fill = () => {
	const log = createFiringLog();
	for (let seq = 1; seq <= ROWS; seq++) {
		const [entry, code] = seq % 10 === 0 ? [policy, 2] : [guard, 0];
		log.add(firingRecord(seq, seq * 1000, [[entry, exitedWith(code, 5)]], [], `echo ${seq}`));
	}
	return log;
};

describe("LogIndex at 100,000 rows", () => {
	it("tests only new records against the current query, and narrows on a longer query", () => {
		const log = fill();
		const index = new LogIndex();
		index.sync(log);
		index.setQuery("git", 0);
		expect(index.matches()).toHaveLength(ROWS / 10);
		let before = index.tested;
		log.add(firingRecord(ROWS + 1, 0, [[policy, exitedWith(2, 5)]], [], "echo new"));
		index.sync(log);
		expect(index.tested - before).toBe(1);
		expect(index.matches().at(-1)?.row.input).toBe("Bash echo new");
		// "git" -> "git block": only the 10,001 rows of "git" are tested again.
		before = index.tested;
		index.setQuery("git block", 0);
		expect(index.tested - before).toBe(ROWS / 10 + 1);
		expect(index.matches()).toHaveLength(ROWS / 10 + 1);
		// Backspace back to "git": the remembered result, nothing tested.
		before = index.tested;
		index.setQuery("git", 0);
		expect(index.tested - before).toBe(0);
		expect(index.matches()).toHaveLength(ROWS / 10 + 1);
	});

	it("gives what filtering every row gives, for any sequence of queries", () => {
		const log = createFiringLog();
		for (let seq = 1; seq <= 300; seq++)
			log.add(
				firingRecord(
					seq,
					seq,
					[[seq % 3 === 0 ? policy : guard, exitedWith(seq % 4 === 0 ? 2 : 0, 5)]],
					[],
					`cmd${seq}`,
				),
			);
		const index = new LogIndex();
		index.sync(log);
		for (const query of ["c", "cm", "cmd1", "cmd1 ok", "cmd1", "", "decision:block", "hook:git decision:b", "x"]) {
			index.setQuery(query, 0);
			const parsed = parseLogQuery(query, 0);
			const all = new LogIndex();
			all.sync(log);
			const expected = all
				.matches()
				.filter((row) => matchesQuery(row, parsed))
				.map((row) => row.row.key);
			expect(index.matches().map((row) => row.row.key)).toEqual(expected);
		}
	});
});

describe("log queries", () => {
	it("field words match only their field; plain words any field", () => {
		const row = {
			lower: { event: "pretooluse", input: "bash rm -rf x", hook: "guard.py", decision: "deny", session: "abc" },
			time: 5000,
		};
		expect(matchesQuery(row, parseLogQuery("event:pre rm", 0))).toBe(true);
		expect(matchesQuery(row, parseLogQuery("hook:pre", 0))).toBe(false);
		expect(matchesQuery(row, parseLogQuery("DECISION:deny session:ab", 0))).toBe(true);
		expect(matchesQuery(row, parseLogQuery("since:4s", 8000))).toBe(true);
		expect(matchesQuery(row, parseLogQuery("since:2s", 8000))).toBe(false);
		expect(matchesQuery(row, parseLogQuery("until:2s", 8000))).toBe(true);
		expect(matchesQuery(row, parseLogQuery("since:nonsense", 8000))).toBe(false);
	});

	it("a longer last word or an added word narrows; a changed field or time word does not", () => {
		const q = (text: string) => parseLogQuery(text, 0);
		expect(narrows(q("gi"), q("git"))).toBe(true);
		expect(narrows(q("git"), q("git push"))).toBe(true);
		expect(narrows(q(""), q("anything"))).toBe(true);
		expect(narrows(q("git"), q("gi"))).toBe(false);
		expect(narrows(q("event"), q("event:pre"))).toBe(false);
		expect(narrows(q("since:1"), q("since:10"))).toBe(false);
		expect(narrows(q("ab cd"), q("abc cd"))).toBe(false);
	});

	it("reads relative times, clock times and dates", () => {
		const now = Date.parse("2026-11-30T12:00:00Z");
		expect(parseTimeBound("10m", now)).toBe(now - 600_000);
		expect(parseTimeBound("2d", now)).toBe(now - 2 * 86_400_000);
		expect(parseTimeBound("2026-11-29T00:00:00Z", now)).toBe(Date.parse("2026-11-29T00:00:00Z"));
		expect(parseTimeBound("soon", now)).toBeUndefined();
	});
});
