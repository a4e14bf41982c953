/** The firing log keeps the newest records within its bound and counts per-hook statistics for the session. */
import { describe, expect, it } from "vitest";
import { createFiringLog, NO_STATS, recordBytes, slimRecord } from "../../../src/ui/panel/firing-log.ts";
import { entryWith, exitedWith, firingRecord, fixtureConfig } from "./fixtures.ts";

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");
const policy = entryWith(config, "git_policy.py");

describe("createFiringLog", () => {
	it("keeps the newest records first within its byte budget: past it old records are slimmed, then dropped", () => {
		const big = (seq: number) => firingRecord(seq, seq * 1000, [[guard, exitedWith(0, 5, "x".repeat(20_000))]]);
		const one = recordBytes(big(1));
		const slim = recordBytes(slimRecord(big(1)));
		expect(slim).toBeLessThan(one / 10);
		// Room for three full records: the fourth slims the oldest ones down to 80 % of the budget.
		const log = createFiringLog(one * 3 + 1);
		let heard = 0;
		const stop = log.subscribe(() => heard++);
		for (let seq = 1; seq <= 4; seq++) log.add(big(seq));
		expect(log.records().map((record) => record.seq)).toEqual([4, 3, 2, 1]);
		expect([log.added(), log.firstKept(), log.generation()]).toEqual([4, 0, 1]);
		expect(log.bytes()).toBe(slim * 2 + one * 2);
		const oldest = log.since(0)[0]?.verdicts[0]?.outcome;
		expect(oldest?.kind === "exited" ? oldest.stdout.text : "").toContain("an older record");
		expect(log.since(3).map((record) => record.seq)).toEqual([4]);
		expect(heard).toBe(4);
		stop();
		log.add(big(5));
		expect(heard).toBe(4);
		// A budget too small even for slimmed records drops the oldest.
		const tiny = createFiringLog(one + 1);
		for (let seq = 1; seq <= 5; seq++) tiny.add(big(seq));
		expect(tiny.firstKept()).toBeGreaterThan(0);
		expect(tiny.since(0).at(-1)?.seq).toBe(5);
		expect(tiny.bytes()).toBeLessThanOrEqual(one + 1);
	});

	it("counts runs, blocks, errors and timeouts per hook over the whole session, with median and p95", () => {
		const log = createFiringLog(1);
		const durations = [10, 20, 30, 40, 50, 60, 70, 80, 90, 1000];
		durations.forEach((ms, index) =>
			log.add(firingRecord(index + 1, index, [[guard, exitedWith(index % 3 === 0 ? 2 : 0, ms)]])),
		);
		log.add(firingRecord(11, 11, [[guard, exitedWith(1, 5)]]));
		const stats = log.stats(guard.id);
		expect(stats).toMatchObject({ runs: 11, blocks: 4, errors: 1, timeouts: 0, medianMs: 50, p95Ms: 1000 });
		expect(stats.last).toEqual({ decision: "error", time: 11, durationMs: 5 });
		expect(log.stats(policy.id)).toBe(NO_STATS);
	});

	it("carries a hook's statistics to its new id after an edit, added to what the new id has", () => {
		const log = createFiringLog();
		log.add(firingRecord(1, 1, [[guard, exitedWith(2, 10)]]));
		log.add(firingRecord(2, 2, [[policy, exitedWith(0, 30)]]));
		log.add(firingRecord(3, 3, [[guard, exitedWith(0, 20)]]));
		log.carryStats(guard.id, policy.id);
		expect(log.stats(guard.id)).toBe(NO_STATS);
		expect(log.stats(policy.id)).toMatchObject({ runs: 3, blocks: 1, medianMs: 20 });
		expect(log.stats(policy.id).last).toEqual({ decision: "ok", time: 3, durationMs: 20 });
		log.carryStats("no-such-hook", policy.id);
		expect(log.stats(policy.id).runs).toBe(3);
		// Every carry is kept, so the journal's statistics can follow them too.
		expect(log.carried()).toEqual([
			[guard.id, policy.id],
			["no-such-hook", policy.id],
		]);
	});
});
