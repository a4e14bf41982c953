/** The firing log's rows: one per hook run and one per event where no hook ran, saying why. */
import { describe, expect, it } from "vitest";
import { withFacts } from "../../../src/engine/record/firing-record.ts";
import { buildLogRows } from "../../../src/ui/panel/log-rows.ts";
import { entryWith, exitedWith, firingRecord, fixtureConfig } from "./fixtures.ts";

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");
const policy = entryWith(config, "git_policy.py");
const prettier = entryWith(config, "prettier");
const at = (hour: number, minute: number, second: number): number =>
	new Date(2026, 0, 2, hour, minute, second).getTime();

describe("buildLogRows", () => {
	it("makes one row per hook run and one row for an event where no hook ran, saying why", () => {
		const ran = firingRecord(1, at(9, 0, 0), [
			[guard, exitedWith(2, 35, "", "no")],
			[policy, exitedWith(0, 12)],
		]);
		const none = firingRecord(
			2,
			at(9, 0, 1),
			[],
			[
				{ entry: prettier, reason: "matcher" },
				{ entry: guard, reason: "disabled" },
			],
			"ls",
		);
		const rows = buildLogRows([none, ran]);
		expect(rows.map((row) => [row.key, row.hook, row.decision])).toEqual([
			["2:none", "2 not run (matcher, disabled)", "not run"],
			// The script name first (as the cards say it), then the whole command.
			["1:0", "block-rm.sh · ~/.claude/hooks/block-rm.sh · timeout 10 s", "block"],
			["1:1", "git_policy.py · python3 .claude/hooks/git_policy.py · if Bash(git push *)", "ok"],
		]);
		expect(rows[1]?.input).toBe("Bash rm -rf build");
	});
});

describe("a SessionStart row", () => {
	it("says its source once (not `startup startup`)", () => {
		const record = withFacts(firingRecord(1, 0, [[guard, exitedWith(0, 5)]]), {
			event: "SessionStart",
			matchQuery: "startup",
			summary: "startup",
		});
		expect(buildLogRows([record])[0]?.input).toBe("startup");
	});
});
