/**
 * Lint at the firing log: each logged run carries the findings of its whole output, and the first finding of
 * a hook is told once per session, as one line naming the field; test runs are never told.
 */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { type FiringRecord, firingRecord, withFacts, withParts } from "../../../src/engine/record/firing-record.ts";
import { Lazy } from "../../../src/engine/record/lazy.ts";
import { createLintNotices, withLints } from "../../../src/pi/manager/lint-notices.ts";
import { commandEntry, exited } from "../../support/entries.ts";

const context = commandEntry("./ctx.sh", "UserPromptSubmit");
const clean = commandEntry("./clean.sh", "UserPromptSubmit");

const record = (seq: number, test = false): FiringRecord =>
	firingRecord({
		seq,
		time: seq,
		event: "UserPromptSubmit",
		matchQuery: undefined,
		summary: "hi",
		stdin: "{}\n",
		verdicts: [
			interpretOutcome(context, "UserPromptSubmit", exited(0, '{"additionalContext": "c"}')),
			interpretOutcome(clean, "UserPromptSubmit", exited(0, "plain context\n")),
		],
		notRun: [],
		...(test ? { test: true as const } : {}),
	});

describe("lint notices", () => {
	it("adds the findings to the verdicts that have some and keeps the record's lazy fields", () => {
		let reads = 0;
		const base = record(1);
		const trace = () => {
			reads++;
			return [];
		};
		const lazy = withParts(base, base.verdicts, { notRun: new Lazy(trace, undefined, undefined) });
		const linted = withLints(lazy);
		expect(reads).toBe(0);
		expect(linted.verdicts[0]?.lints?.map((lint) => lint.code)).toEqual(["top_level_additional_context"]);
		expect(linted.verdicts[1]?.lints).toBeUndefined();
		expect(linted.notRun).toEqual([]);
		expect(reads).toBe(1);
	});

	it("tells the first finding of a hook once, in one line, and never for a test run", () => {
		const notices = createLintNotices();
		expect(notices.take(withLints(record(1, true)))).toEqual([]);
		const first = notices.take(withLints(record(2)));
		expect(first).toHaveLength(1);
		expect(first[0]?.level).toBe("warning");
		expect(first[0]?.text).toContain("UserPromptSubmit hook (./ctx.sh) output is ignored by Claude Code");
		expect(first[0]?.text).toContain('additionalContext: top-level "additionalContext" is ignored');
		expect(first[0]?.text).not.toContain("\n");
		expect(notices.take(withLints(record(3)))).toEqual([]);
	});

	it("says a cut context is cut, not ignored, with the count the model's marker gives", () => {
		const big = commandEntry("./big.sh", "UserPromptSubmit");
		const output = JSON.stringify({
			hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "y".repeat(25_000) },
		});
		const cut = withFacts(record(6), { verdicts: [interpretOutcome(big, "UserPromptSubmit", exited(0, output))] });
		const [notice] = createLintNotices().take(withLints(cut));
		expect(notice?.text).toMatch(/^UserPromptSubmit hook \(\.\/big\.sh\) output is cut before the model sees it: /);
		expect(notice?.text).not.toContain("ignored");
		expect(notice?.text).toContain("the context is 25,000 characters: the model sees only the first 10,000");
	});

	it("tells nothing about plain chatter on an event that ignores it (the log details still say so)", () => {
		const chatty = commandEntry("./fmt.sh", "PostToolUse");
		const formatted = withFacts(record(5), {
			event: "PostToolUse",
			verdicts: [interpretOutcome(chatty, "PostToolUse", exited(0, "formatted 1 file\n"))],
		});
		const linted = withLints(formatted);
		expect(linted.verdicts[0]?.lints?.map((lint) => lint.code)).toEqual(["plain_text_ignored"]);
		expect(createLintNotices().take(linted)).toEqual([]);
	});

	it("adds no line to a failure, which is already one message", () => {
		const failing = withFacts(record(4), {
			verdicts: [interpretOutcome(context, "UserPromptSubmit", exited(0, '{"decision": "block"} trailing'))],
		});
		const linted = withLints(failing);
		expect(linted.verdicts[0]?.lints?.map((lint) => lint.code)).toEqual(["text_after_json"]);
		expect(createLintNotices().take(linted)).toEqual([]);
	});
});
