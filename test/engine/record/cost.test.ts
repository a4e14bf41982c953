/** The cost view's figures: fires per day, percentiles, the share of agent runs, near-timeout and budget marks. */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import { type CostInput, costReport, NEAR_TIMEOUT, type RunSpan } from "../../../src/engine/record/cost.ts";
import type { RecordFacts } from "../../../src/engine/record/firing-record.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { commandEntry, exited } from "../../support/entries.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = 10 * DAY;
const fast = commandEntry("fast.sh");
const slow = commandEntry("slow.sh", "PreToolUse", { timeout: 10 });

const took = (ms: number): ProcessOutcome => ({ ...exited(0), durationMs: ms });

/** A record of `hooks` (entry, ms) at `time` in `session`. */
const fired = (
	time: number,
	hooks: readonly (readonly [HookEntry, number])[],
	session = "s1",
	extra: Partial<RecordFacts> = {},
): CostInput => ({
	session,
	record: {
		seq: time,
		time,
		event: "PreToolUse",
		matchQuery: "Bash",
		summary: "ls",
		verdicts: hooks.map(([entry, ms]) => interpretOutcome(entry, "PreToolUse", took(ms))),
		...extra,
	},
});

const options = { now: NOW, budgetMs: 500, timeoutMs: (entry: HookEntry) => (entry.handler.timeout ?? 600) * 1000 };

describe("costReport", () => {
	it("counts fires per day over the days the records span, and the median and 95th percentile", () => {
		const records = Array.from({ length: 20 }, (_, index) => fired(NOW - 2 * DAY + index, [[fast, index + 1]]));
		const report = costReport(records, [], options);
		expect(report.days).toBeCloseTo(2, 3);
		const [row] = report.hooks;
		expect(row).toMatchObject({ key: fast.id, fires: 20, p50Ms: 10, p95Ms: 19, totalMs: 210 });
		expect(row?.firesPerDay).toBeCloseTo(10, 2);
		expect(row?.runShare).toBeUndefined();
	});

	it("takes an event's time as its longest hook (hooks of an event run in parallel) and sorts by total", () => {
		const report = costReport(
			[
				fired(NOW - 1000, [
					[fast, 5],
					[slow, 40],
				]),
			],
			[],
			options,
		);
		expect(report.hooks.map((row) => row.key)).toEqual([slow.id, fast.id]);
		expect(report.events).toHaveLength(1);
		expect(report.events[0]).toMatchObject({ key: "PreToolUse", fires: 1, totalMs: 40 });
		expect(report.events[0]?.entry).toBeUndefined();
	});

	it("gives the share of agent run time spent in the hook, only over the runs of its sessions", () => {
		const runs: RunSpan[] = [
			{ session: "s1", start: NOW - 10_000, end: NOW - 8_000 },
			{ session: "s2", start: NOW - 5_000, end: NOW - 1_000 },
		];
		const report = costReport(
			[fired(NOW - 9_000, [[fast, 500]]), fired(NOW - 20_000, [[fast, 700]])],
			runs,
			options,
		);
		// 500 ms inside s1's 2 s run; the 700 ms run was outside any agent run; s2's run is not its session's.
		expect(report.hooks[0]?.runShare).toBeCloseTo(0.25, 5);
		expect(report.runs).toBe(2);
		expect(report.runMs).toBe(6_000);
	});

	it("marks a hook whose 95th percentile nears its timeout, and one over the budget", () => {
		const nearly = NEAR_TIMEOUT * 10_000;
		const report = costReport(
			[
				fired(NOW - 1, [
					[slow, nearly],
					[fast, 600],
				]),
			],
			[],
			options,
		);
		const bySlow = report.hooks.find((row) => row.key === slow.id);
		const byFast = report.hooks.find((row) => row.key === fast.id);
		expect(bySlow).toMatchObject({ nearTimeout: true, overBudget: true, timeoutMs: 10_000 });
		expect(byFast).toMatchObject({ nearTimeout: false, overBudget: true, timeoutMs: 600_000 });
		const under = costReport([fired(NOW - 1, [[slow, nearly - 1]])], [], { ...options, budgetMs: 60_000 });
		expect(under.hooks[0]).toMatchObject({ nearTimeout: false, overBudget: false });
	});

	it("leaves out test runs from the panel, records where nothing ran, and runs with their times out of order", () => {
		const report = costReport(
			[fired(NOW - 1, [[fast, 5]], "s1", { test: true }), fired(NOW - 1, [])],
			[{ session: "s1", start: 10, end: 5 }],
			options,
		);
		expect(report.hooks).toEqual([]);
		expect(report.events).toEqual([]);
		expect(report.days).toBe(1);
		expect(report.runs).toBe(0);
	});
});
