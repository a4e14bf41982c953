/**
 * History across sessions in the panel, on the headless terminal at 40, 80 and 120 columns: the log shows
 * this session by default, Ctrl+L adds the journal's earlier sessions (filterable by session and time), a
 * hook's details show its runs and p50/p95 over the journal, and Ctrl+X exports the filtered rows as JSON
 * lines that read back as the same records.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createJournal } from "../../../../src/pi/stores/journal.ts";
import { screenLines } from "../../../support/screen.ts";
import { entryWith, exitedWith, firingRecord } from "../fixtures.ts";
import { KEY, usePanelMounts } from "../harness.ts";

const panels = usePanelMounts();

const at = (day: number, hour: number): number => new Date(2026, 10, day, hour, 0, 0).getTime();

describe.each([40, 80, 120])("history across sessions at %i columns", (cols) => {
	it("shows this session, earlier ones on Ctrl+L, per-hook history statistics; exports filtered rows", async () => {
		let exported: string | undefined;
		let journalAt = "";
		const h = await panels.fixture(cols, {
			rows: 40,
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
						runs: () => [],
					},
				};
			},
		});
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
		// Rows of earlier sessions say their day (at 40 columns the session and the input leave no room for it).
		if (cols >= 80) expect(text).toContain("11-28 09:00");
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

/** pi's session ids are UUIDv7: sessions started close together share the first characters (their time). */
const EARLIER_A = "019ad0c1-7a2b-7c3d-8e4f-5a6b7c8d9e01";
const EARLIER_B = "019ad0c1-7a2c-7d00-9abc-0f1e2d3c4b5a";
const LIVE = "019ad0c1-9f00-7111-8222-333344445555";

describe.each([40, 80, 120])("earlier sessions in the log at %i columns", (cols) => {
	it("marks each row with a short session id the session: filter takes; the cursor stays put", async () => {
		let journalAt = "";
		const h = await panels.fixture(cols, {
			rows: 30,
			services: (root, base) => {
				journalAt = join(root, "journal.jsonl");
				return {
					log: { ...base.log, sessionId: () => LIVE, now: () => at(30, 12) },
					journal: {
						history: () => createJournal(journalAt, 1_000_000).read(),
						exportRecords: () => ({ error: "not in this test" }),
						runs: () => [],
					},
				};
			},
		});
		const guard = entryWith(h.config(), "block-rm.sh");
		const journal = createJournal(journalAt, 1_000_000);
		journal.append(firingRecord(1, at(28, 9), [[guard, exitedWith(0, 10)]], [], "old-a"), EARLIER_A);
		journal.append(firingRecord(1, at(29, 9), [[guard, exitedWith(0, 10)]], [], "old-b"), EARLIER_B);
		for (const [seq, summary] of [
			[1, "live-a"],
			[2, "live-b"],
			[3, "live-c"],
		] as const)
			h.log.add(firingRecord(seq, at(30, 9 + seq), [[guard, exitedWith(0, 10)]], [], summary));
		await h.send(KEY.tab);
		// The cursor on live-b, the middle row of this session.
		let lines = screenLines(await h.send(KEY.down));
		expect(lines.find((line) => line.includes("> "))).toContain("live-b");
		lines = screenLines(await h.send(KEY.ctrlL));
		expect(lines.find((line) => line.includes("old-a"))).toBeDefined();
		// The cursor stays on the row it was on.
		expect(lines.find((line) => /│ ?> /.test(line))).toContain("live-b");
		// Each row says its session by the short id, the end of pi's id (its start is the time, shared).
		expect(lines.find((line) => line.includes("old-a"))).toContain("7c8d9e01");
		expect(lines.find((line) => line.includes("old-b"))).toContain("2d3c4b5a");
		expect(lines.find((line) => line.includes("live-b"))).toContain("44445555");
		expect(lines.join("\n")).toContain("session");
		// The id the list shows is what session: takes.
		lines = screenLines(await h.type("session:2d3c4b5a"));
		expect(lines.join("\n")).toContain("old-b");
		expect(lines.join("\n")).not.toContain("old-a");
		expect(lines.join("\n")).not.toContain("live-b");
		// Back to this session only: the short ids go, the cursor stays on its row.
		await h.send(KEY.ctrlU);
		await h.send(KEY.down);
		lines = screenLines(await h.send(KEY.ctrlL));
		expect(lines.join("\n")).not.toContain("old-a");
		expect(lines.join("\n")).not.toContain("44445555");
	});
});

describe("history statistics across an edit", () => {
	it("an edited hook keeps its runs of every session under its new id", async () => {
		let journalAt = "";
		const h = await panels.fixture(100, {
			rows: 40,
			services: (root, base) => {
				journalAt = join(root, "journal.jsonl");
				return {
					log: { ...base.log, sessionId: () => "live5555", now: () => at(30, 12) },
					journal: {
						history: () => createJournal(journalAt, 1_000_000).read(),
						exportRecords: () => ({ error: "not in this test" }),
						runs: () => [],
					},
				};
			},
		});
		const guard = entryWith(h.config(), "block-rm.sh");
		createJournal(journalAt, 1_000_000).append(
			firingRecord(1, at(28, 9), [[guard, exitedWith(2, 100, "", "no")]], [], "old-one"),
			"aaaa1111",
		);
		h.log.add(firingRecord(2, at(30, 11), [[guard, exitedWith(0, 200)]], [], "live-cmd"));
		// The timeout 10 becomes 20: a new definition, so a new id.
		await h.type("block-rm");
		await h.send(KEY.ctrlE);
		await h.send(KEY.down, KEY.down, KEY.down, KEY.down, KEY.backspace, KEY.backspace);
		await h.type("20");
		await h.send(KEY.enter);
		h.runScheduled();
		expect(entryWith(h.config(), "block-rm.sh").id).not.toBe(guard.id);
		await h.screen();
		await h.send(KEY.enter);
		const details = await h.allPages();
		expect(details).toContain("History (every session");
		expect(details).toMatch(/Statistics[\s\S]*Runs\s+1\b[\s\S]*History \(every session[\s\S]*Runs\s+2\b/);
	});
});
