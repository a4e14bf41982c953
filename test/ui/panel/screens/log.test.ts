/**
 * History across sessions in the panel, on the headless terminal at 40, 80 and 120 columns: the log shows
 * this session by default, Ctrl+L adds the journal's earlier sessions (filterable by session and time), a
 * hook's details show its runs and p50/p95 over the journal, and Ctrl+X exports the filtered rows as JSON
 * lines that read back as the same records.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createJournal } from "../../../../src/pi/stores/journal.ts";
import { screenLines } from "../../../support/screen.ts";
import { entryWith, exitedWith, FIXTURE_SETTINGS, firingRecord } from "../fixtures.ts";
import { KEY, mountPanel, type PanelHarness } from "../harness.ts";

let harness: PanelHarness | undefined;
afterEach(() => {
	harness?.dispose();
	harness = undefined;
});

const at = (day: number, hour: number): number => new Date(2026, 10, day, hour, 0, 0).getTime();

describe.each([40, 80, 120])("history across sessions at %i columns", (cols) => {
	it("shows this session, earlier ones on Ctrl+L, per-hook history statistics; exports filtered rows", async () => {
		let exported: string | undefined;
		let journalAt = "";
		harness = await mountPanel({
			cols,
			rows: 40,
			settings: FIXTURE_SETTINGS,
			services: (root, base) => {
				journalAt = join(root, "journal.jsonl");
				return {
					log: { ...base.log, sessionId: () => "live5555", now: () => at(30, 12) },
					journal: {
						history: () => createJournal(journalAt, 1_000_000).read(),
						exportRecords(records) {
							const file = join(root, "export.jsonl");
							createJournal(file, 1_000_000);
							for (const { record, session } of records)
								createJournal(file, 1_000_000).append(record, session);
							exported = file;
							return { file };
						},
					},
				};
			},
		});
		const h = harness;
		// Two earlier sessions of this project wrote the journal.
		const guard = entryWith(h.config(), "block-rm.sh");
		const journal = createJournal(journalAt, 1_000_000);
		journal.append(firingRecord(1, at(28, 9), [[guard, exitedWith(2, 100, "", "no")]], [], "old-one"), "aaaa1111");
		journal.append(firingRecord(2, at(29, 9), [[guard, exitedWith(0, 300)]], [], "old-two"), "bbbb2222");
		h.log.add(
			firingRecord(3, at(30, 11), [[entryWith(h.config(), "block-rm.sh"), exitedWith(0, 200)]], [], "live-cmd"),
		);
		let text = screenLines(await h.send(KEY.tab)).join("\n");
		expect(text).toContain("live-cmd");
		expect(text).not.toContain("old-one");
		text = screenLines(await h.send(KEY.ctrlL)).join("\n");
		expect(text).toContain("old-one");
		expect(text).toContain("old-two");
		expect(text).toContain("live-cmd");
		expect(text).toContain("Log 3");
		// Rows of earlier sessions say their day.
		expect(text).toContain("11-28 09:00");
		text = screenLines(await h.type("session:aaaa")).join("\n");
		expect(text).toContain("old-one");
		expect(text).not.toContain("old-two");
		// An earlier row's details say its day and its session.
		const earlier = await (async () => {
			await h.send(KEY.enter);
			return h.allPages();
		})();
		expect(earlier).toMatch(/Session\s+aaaa1111/);
		expect(earlier).toMatch(/Time\s+2026-11-2[78]/);
		await h.send(KEY.escape);
		await h.send(KEY.ctrlU);
		text = screenLines(await h.type("since:1d")).join("\n");
		expect(text).toContain("live-cmd");
		expect(text).not.toContain("old-two");
		await h.send(KEY.ctrlX);
		expect(exported !== undefined && existsSync(exported)).toBe(true);
		const lines = readFileSync(exported ?? "", "utf8")
			.trim()
			.split("\n");
		expect(lines.map((line) => JSON.parse(line).summary)).toEqual(["live-cmd"]);
		expect(lines.map((line) => JSON.parse(line).session)).toEqual(["live5555"]);
		// The hook's details: this session's statistics and the journal's.
		await h.send(KEY.ctrlU, KEY.tab);
		const details = await (async () => {
			await h.type("block-rm");
			await h.send(KEY.enter);
			return h.allPages();
		})();
		expect(details).toContain("History (every session");
		// This session's one run, then all three: the two of the journal's earlier sessions and this one.
		expect(details).toMatch(/Runs\s+1\b/);
		expect(details).toMatch(/Runs\s+3\b/);
		expect(details).not.toMatch(/Runs\s+2\b/);
		expect(details).toMatch(/95th pct\s+300ms/);
	});
});
