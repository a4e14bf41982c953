import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { firingExcerpt, LOG_EXCERPT_CHARS } from "../../../src/engine/record/excerpt.ts";
import { type FiringRecord, firingRecord, withFacts, withParts } from "../../../src/engine/record/firing-record.ts";
import { Lazy } from "../../../src/engine/record/lazy.ts";
import { REDACTED } from "../../../src/engine/text/redact.ts";
import { commandEntry, exited } from "../../support/entries.ts";

const record = (stdout: string, stdin: string): FiringRecord =>
	firingRecord({
		seq: 1,
		time: 0,
		event: "PreToolUse",
		matchQuery: "Bash",
		summary: "ls",
		stdin,
		verdicts: [interpretOutcome(commandEntry("guard"), "PreToolUse", exited(0, stdout, ""))],
		notRun: [],
	});

describe("firingExcerpt", () => {
	it("cuts a megabyte of output and stdin to an excerpt with a visible marker", () => {
		const big = "z".repeat(1024 * 1024);
		const kept = firingExcerpt(record(big, big));
		const outcome = kept.verdicts[0]?.outcome;
		if (outcome?.kind !== "exited") throw new Error("unexpected outcome");
		expect(outcome.stdout.text.length).toBeLessThan(LOG_EXCERPT_CHARS + 200);
		expect(outcome.stdout.text).toContain("the log keeps the first 16,000 characters of 1,048,576 bytes");
		expect(kept.stdin.length).toBeLessThan(LOG_EXCERPT_CHARS + 200);
		expect(kept.stdin).toContain("the log keeps the first 16,000 characters of 1,048,576 characters");
	});

	it("says how big the whole output was, not the captured part: 1 MiB kept of 20,000,000 bytes", () => {
		const big = "z".repeat(1024 * 1024);
		const base = record(big, "{}");
		const verdict = base.verdicts[0];
		if (verdict?.outcome.kind !== "exited") throw new Error("unexpected outcome");
		const outcome = { ...verdict.outcome, stdout: { text: big, bytes: 20_000_000, truncated: true } };
		const kept = firingExcerpt(withFacts(base, { verdicts: [{ ...verdict, outcome }] })).verdicts[0]?.outcome;
		expect(kept?.kind === "exited" ? kept.stdout.text : "").toContain(
			"[pi-hook-manager: the log keeps the first 16,000 characters of 20,000,000 bytes]",
		);
	});

	it("masks secrets in what it keeps", () => {
		const kept = firingExcerpt(record("GITHUB_TOKEN=abcdef123456\n", '{"command":"export API_KEY=hunter22"}'));
		const outcome = kept.verdicts[0]?.outcome;
		if (outcome?.kind !== "exited") throw new Error("unexpected outcome");
		expect(outcome.stdout.text).toBe(`GITHUB_TOKEN=${REDACTED}\n`);
		expect(kept.stdin).not.toContain("hunter22");
	});
});

describe("firingExcerpt and the lazy trace", () => {
	it("shares the record's lazy notRun instead of building the trace itself", () => {
		let reads = 0;
		const base = record("", "{}");
		const trace = () => {
			reads++;
			return [];
		};
		const lazy = withParts(base, base.verdicts, { notRun: new Lazy(trace, undefined, undefined) });
		const kept = firingExcerpt(lazy);
		expect(reads).toBe(0);
		expect(kept.notRun).toEqual([]);
		expect(reads).toBe(1);
	});
});
