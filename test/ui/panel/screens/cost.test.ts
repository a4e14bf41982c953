/**
 * The cost view on the headless terminal at 80 and 120 columns: Ctrl+P from the list shows each hook and hook
 * event with fires per day, p50/p95 and the share of agent runs from the journal and this session, marks a hook
 * near its timeout and one over the budget, `+`/`-` step the budget (kept by the host), Esc goes back.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createJournal } from "../../../../src/pi/stores/journal.ts";
import { createViewSettings } from "../../../../src/pi/stores/view-settings.ts";
import { stepBudget } from "../../../../src/ui/panel/screens/cost.ts";
import { screenLines } from "../../../support/screen.ts";
import { entryWith, exitedWith, firingRecord } from "../fixtures.ts";
import { KEY, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();

const NOW = new Date(2026, 11, 6, 12, 0, 0).getTime();

describe("stepBudget", () => {
	it("steps up and down the budget steps, and stays past the last one", () => {
		expect([stepBudget(500, 1), stepBudget(500, -1), stepBudget(700, -1)]).toEqual([1000, 200, 500]);
		expect([stepBudget(60_000, 1), stepBudget(50, -1)]).toEqual([60_000, 50]);
	});
});

describe.each([80, 120])("the cost view at %i columns", (cols) => {
	it("shows each hook's and event's cost, marks near-timeout and over-budget hooks, steps the budget", async () => {
		let journalAt = "";
		let viewAt = "";
		const h = await panels.fixture(cols, {
			rows: 40,
			services: (root, base) => {
				journalAt = join(root, "journal.jsonl");
				viewAt = join(root, "view.json");
				const view = createViewSettings(() => viewAt);
				return {
					log: { ...base.log, sessionId: () => "live", now: () => NOW },
					journal: {
						history: () => createJournal(journalAt, 1_000_000).read(),
						exportRecords: () => ({ error: "not in this test" }),
						runs: () => createJournal(journalAt, 1_000_000).turns(),
					},
					costBudget: { get: () => view.costBudgetMs(), set: (ms) => view.setCostBudgetMs(ms) },
				};
			},
		});
		const guard = entryWith(h.config(), "block-rm.sh");
		const journal = createJournal(journalAt, 1_000_000);
		// An earlier session: the guard ran twice in a 10 s agent run, once for 9.9 minutes (its timeout is 10 min).
		journal.append(firingRecord(1, NOW - 3_000_000, [[guard, exitedWith(0, 1000)]], [], "a"), "old");
		journal.append(firingRecord(2, NOW - 2_990_000, [[guard, exitedWith(0, 594_000)]], [], "b"), "old");
		journal.appendTurn("old", NOW - 3_001_000, NOW - 2_000_000);
		h.log.add(firingRecord(3, NOW - 1000, [[guard, exitedWith(0, 300)]], [], "c"));
		const text = screenLines(await h.send(KEY.ctrlP)).join("\n");
		expect(text).toContain("Hooks > cost");
		expect(text).toContain("1 agent run(s)");
		expect(text).toMatch(/block-rm.*3\.0\s+1\.0s\s+9m54s\s+59%\s+timeout! budget!/);
		expect(text).toMatch(/PreToolUse\s+3\.0\s+1\.0s\s+9m54s\s+59%\s+budget!/);
		expect(text).toContain("Budget 500ms");
		await h.send("+");
		expect(screenLines(await h.send("+")).join("\n")).toContain("Budget 2.0s");
		expect(createViewSettings(() => viewAt).costBudgetMs()).toBe(2000);
		const back = screenLines(await h.send(KEY.escape)).join("\n");
		expect(back).not.toContain("Hooks > cost");
		expect(back).toContain("cost");
	});
});
