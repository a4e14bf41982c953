/**
 * The firing journal on real files: a record written in one "session" reads back in the next as the same
 * rows (decision, exit code, duration, hook), secrets are masked in every stored field, excerpts are capped,
 * the file rotates by size under a cap the environment sets, a torn line is skipped, and 0 turns it off.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFacts, withParts } from "../../../src/engine/record/firing-record.ts";
import { JOURNAL_EXCERPT_CHARS } from "../../../src/engine/record/journal-line.ts";
import { createJournal, DEFAULT_JOURNAL_BYTES, journalCap, journalFile } from "../../../src/pi/stores/journal.ts";
import { buildLogRows } from "../../../src/ui/panel/log-rows.ts";
import { entryWith, exitedWith, firingRecord, fixtureConfig } from "../../ui/panel/fixtures.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "journal-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const config = fixtureConfig();
const guard = entryWith(config, "block-rm.sh");
const policy = entryWith(config, "git_policy.py");
const deny = JSON.stringify({
	hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
});

describe("the firing journal", () => {
	it("reads back what an earlier session wrote, as the same log rows", () => {
		const file = journalFile(dir, "/some/project");
		const first = createJournal(file, DEFAULT_JOURNAL_BYTES);
		const record = firingRecord(3, 1_000, [
			[guard, exitedWith(0, 42, deny)],
			[policy, exitedWith(2, 7, "", "blocked")],
		]);
		first.append(record, "session-a");
		first.append(firingRecord(4, 2_000, []), "session-a");
		const later = createJournal(file, DEFAULT_JOURNAL_BYTES).read();
		expect(later).toHaveLength(1);
		expect(later[0]?.session).toBe("session-a");
		const strip = (rows: ReturnType<typeof buildLogRows>) =>
			rows.map((row) => [row.event, row.input, row.hook, row.decision, row.record.time]);
		expect(strip(buildLogRows([later[0]?.record ?? record]))).toEqual(strip(buildLogRows([record])));
		expect(later[0]?.record.verdicts.map((verdict) => [verdict.entry.id, verdict.outcome.durationMs])).toEqual([
			[guard.id, 42],
			[policy.id, 7],
		]);
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it("keeps a test run marked as a test, so an earlier session's log shows it as one", () => {
		const file = join(dir, "j.jsonl");
		const journal = createJournal(file, DEFAULT_JOURNAL_BYTES);
		journal.append(withFacts(firingRecord(1, 1, [[guard, exitedWith(0, 5)]]), { test: true }), "s");
		journal.append(firingRecord(2, 2, [[guard, exitedWith(0, 5)]]), "s");
		const read = createJournal(file, DEFAULT_JOURNAL_BYTES).read();
		expect(read.map((item) => item.record.test)).toEqual([true, undefined]);
		expect(buildLogRows([read[0]?.record ?? firingRecord(0, 0, [])])[0]?.input).toMatch(/^\[test\] /);
	});

	it("keeps the answer to an ask: in the record's line when known, else from a later answer line", () => {
		const file = join(dir, "j.jsonl");
		const journal = createJournal(file, DEFAULT_JOURNAL_BYTES);
		const noUi = firingRecord(1, 1, [[guard, exitedWith(0, 5)]]);
		noUi.answered("no_ui");
		journal.append(noUi, "s");
		journal.append(firingRecord(2, 2, [[guard, exitedWith(0, 5)]]), "s");
		journal.append(firingRecord(2, 3, [[guard, exitedWith(0, 5)]]), "t");
		journal.append(firingRecord(3, 4, [[guard, exitedWith(0, 5)]]), "s");
		// The dialog's answer to record 2 of session s comes after its line.
		journal.appendAnswer("s", 2, "denied");
		const read = createJournal(file, DEFAULT_JOURNAL_BYTES).read();
		expect(read.map((item) => [item.session, item.record.seq, item.record.answer])).toEqual([
			["s", 1, "no_ui"],
			["s", 2, "denied"],
			["t", 2, undefined],
			["s", 3, undefined],
		]);
	});

	it("masks secrets in every stored field and caps excerpts", () => {
		const file = join(dir, "j.jsonl");
		const journal = createJournal(file, DEFAULT_JOURNAL_BYTES);
		const ran = firingRecord(1, 1, [
			[guard, exitedWith(0, 5, `GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 ${"x".repeat(10_000)}`)],
		]);
		const record = withParts(
			withFacts(ran, { summary: "curl -H 'Authorization: Bearer sk-abcdefghijklmnopqrstuvwx'" }),
			ran.verdicts,
			{ stdin: '{"command":"export API_KEY=hunter22secret"}' },
		);
		journal.append(record, "s");
		const text = readFileSync(file, "utf8");
		expect(text).not.toContain("hunter22secret");
		expect(text).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
		expect(text).not.toContain("sk-abcdefghijklmnopqrstuvwx");
		expect(text.length).toBeLessThan(JOURNAL_EXCERPT_CHARS * 3);
	});

	it("rotates by size: the file and its predecessor stay under the cap, the oldest records go first", () => {
		const file = join(dir, "j.jsonl");
		const cap = 20_000;
		const journal = createJournal(file, cap);
		for (let seq = 1; seq <= 100; seq++) journal.append(firingRecord(seq, seq, [[guard, exitedWith(0, 5)]]), "s");
		const rotated = file.replace(/\.jsonl$/, ".1.jsonl");
		expect(existsSync(rotated)).toBe(true);
		expect(statSync(file).size + statSync(rotated).size).toBeLessThanOrEqual(cap);
		const seqs = createJournal(file, cap)
			.read()
			.map((item) => item.record.seq);
		expect(seqs.at(-1)).toBe(100);
		expect(seqs[0]).toBeGreaterThan(1);
		expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
	});

	it("skips a torn line and keeps the rest; a cap of 0 writes nothing", () => {
		const file = join(dir, "j.jsonl");
		const journal = createJournal(file, DEFAULT_JOURNAL_BYTES);
		journal.append(firingRecord(1, 1, [[guard, exitedWith(0, 5)]]), "s");
		writeFileSync(file, `${readFileSync(file, "utf8")}{"v":1,"session":"s","seq":2,"tim\n`);
		journal.append(firingRecord(3, 3, [[guard, exitedWith(0, 5)]]), "s");
		expect(journal.read().map((item) => item.record.seq)).toEqual([1, 3]);
		const off = join(dir, "off.jsonl");
		createJournal(off, 0).append(firingRecord(1, 1, [[guard, exitedWith(0, 5)]]), "s");
		expect(existsSync(off)).toBe(false);
	});

	it("keeps agent runs as lines of their own that readers of records skip", () => {
		const file = join(dir, "j.jsonl");
		const journal = createJournal(file, 1_000_000);
		journal.append(firingRecord(1, 500, [[guard, exitedWith(0, 12)]]), "s1");
		journal.appendTurn("s1", 1000, 4000);
		journal.appendTurn("s1", 5000, 4000);
		const again = createJournal(file, 1_000_000);
		expect(again.read()).toHaveLength(1);
		expect(again.turns()).toEqual([{ v: 1, kind: "turn", session: "s1", start: 1000, end: 4000 }]);
		writeFileSync(file, `${readFileSync(file, "utf8")}{"v":1,"kind":"turn","session":"s1","start":"x","end":2}\n`);
		expect(createJournal(file, 1_000_000).turns()).toHaveLength(1);
	});

	it("takes its cap from PI_HOOK_MANAGER_JOURNAL_MAX_BYTES", () => {
		expect(journalCap({})).toBe(DEFAULT_JOURNAL_BYTES);
		expect(journalCap({ PI_HOOK_MANAGER_JOURNAL_MAX_BYTES: "1000" })).toBe(1000);
		expect(journalCap({ PI_HOOK_MANAGER_JOURNAL_MAX_BYTES: "0" })).toBe(0);
		expect(journalCap({ PI_HOOK_MANAGER_JOURNAL_MAX_BYTES: "lots" })).toBe(DEFAULT_JOURNAL_BYTES);
	});
});
