/**
 * The journal's line format: a firing record written as one JSON line (cut, masked, each hook as its handler
 * object) and revived to a record the panel shows like a live one.
 */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import { type FiringRecord, firingRecord, type RecordData } from "../../../src/engine/record/firing-record.ts";
import {
	createHookReviver,
	JOURNAL_EXCERPT_CHARS,
	JOURNAL_VERSION,
	journalLine,
	reviveJournalLine,
} from "../../../src/engine/record/journal-line.ts";
import type { HookEntry, HookSource } from "../../../src/engine/types.ts";

const SOURCE: HookSource = { scope: "claude-project", file: "/p/.claude/settings.json", project: true };

const entries = (): readonly HookEntry[] =>
	parseSettingsText(
		JSON.stringify({
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{ type: "command", command: "GITHUB_TOKEN=abc123 ./guard.sh", timeout: 7 },
							{ type: "command", command: "./audit.sh", if: "Bash(git *)" },
						],
					},
				],
			},
		}),
		SOURCE,
	).entries;

const captured = (text: string) => ({ text, bytes: Buffer.byteLength(text), truncated: false });
const exited = (code: number, stdout: string, stderr = ""): ProcessOutcome => ({
	kind: "exited",
	code,
	stdout: captured(stdout),
	stderr: captured(stderr),
	durationMs: 12,
});

const record = (overrides: Partial<RecordData> = {}): FiringRecord => {
	const [guard, audit] = entries() as [HookEntry, HookEntry];
	return firingRecord({
		seq: 4,
		time: 1_764_500_000_000,
		event: "PreToolUse",
		matchQuery: "Bash",
		summary: "rm -rf build",
		stdin: '{"tool_name":"Bash"}\n',
		verdicts: [interpretOutcome(guard, "PreToolUse", exited(2, "", "no rm please"))],
		notRun: [{ entry: audit, reason: "if" }],
		...overrides,
	});
};

const roundTrip = (line: string) => reviveJournalLine(JSON.parse(line), createHookReviver());

describe("journalLine", () => {
	it("writes the record with its session and version as one line", () => {
		const line = journalLine(record(), "sess-1");
		expect(line).not.toContain("\n");
		const parsed = JSON.parse(line);
		expect(parsed).toMatchObject({
			v: JOURNAL_VERSION,
			session: "sess-1",
			seq: 4,
			event: "PreToolUse",
			matchQuery: "Bash",
			summary: "rm -rf build",
			notRun: [
				{
					reason: "if",
					hook: { event: "PreToolUse", matcher: "Bash", scope: "claude-project", project: true },
				},
			],
		});
		expect(parsed.runs[0].hook.definition).toMatchObject({ type: "command", timeout: 7 });
		expect(parsed.runs[0].outcome).toMatchObject({ kind: "exited", code: 2 });
		expect(parsed.test).toBeUndefined();
	});

	it("masks secrets in the hook's definition, the input and the outputs", () => {
		const [guard] = entries() as [HookEntry];
		const line = journalLine(
			record({
				summary: "PASSWORD=hunter2 deploy",
				stdin: '{"command":"PASSWORD=hunter2 deploy"}',
				verdicts: [
					interpretOutcome(guard, "PreToolUse", exited(0, "ok ghp_0123456789abcdefghijABCDEFGHIJ012345")),
				],
			}),
			"s",
		);
		expect(line).not.toContain("abc123");
		expect(line).not.toContain("hunter2");
		expect(line).not.toContain("ghp_0123456789abcdefghij");
		expect(line).toContain("guard.sh");
		// The hook as stored is made once per configured hook: the next line of its runs holds it the same, masked.
		const next = journalLine(record({ verdicts: [interpretOutcome(guard, "PreToolUse", exited(0, ""))] }), "s");
		expect(next).not.toContain("abc123");
		expect(JSON.parse(next).runs[0].hook).toEqual(JSON.parse(line).runs[0].hook);
	});

	it("keeps the first characters of a long output with a note", () => {
		const [guard] = entries() as [HookEntry];
		const long = "y".repeat(JOURNAL_EXCERPT_CHARS + 500);
		const parsed = JSON.parse(
			journalLine(record({ verdicts: [interpretOutcome(guard, "PreToolUse", exited(0, long))] }), "s"),
		);
		const text: string = parsed.runs[0].outcome.stdout.text;
		expect(text.startsWith("y".repeat(JOURNAL_EXCERPT_CHARS))).toBe(true);
		expect(text).toContain("the journal keeps the first 4,000 characters");
		expect(text).not.toContain("y".repeat(JOURNAL_EXCERPT_CHARS + 1));
	});

	it("marks a test run", () => {
		expect(JSON.parse(journalLine(record({ test: true }), "s")).test).toBe(true);
	});
});

describe("reviveJournalLine", () => {
	it("gives back the record with its hooks parsed again and outcomes interpreted again", () => {
		const original = record();
		const revived = roundTrip(journalLine(original, "sess-1"));
		expect(revived?.session).toBe("sess-1");
		const back = revived?.record;
		expect(back?.seq).toBe(4);
		expect(back?.time).toBe(original.time);
		expect(back?.event).toBe("PreToolUse");
		expect(back?.summary).toBe("rm -rf build");
		expect(back?.verdicts.map((verdict) => verdict.status)).toEqual(["blocking"]);
		expect(back?.verdicts[0]?.message).toContain("no rm please");
		expect(back?.verdicts[0]?.entry.id).toBe(original.verdicts[0]?.entry.id);
		expect(back?.verdicts[0]?.entry.source.file).toBe(SOURCE.file);
		expect(back?.verdicts[0]?.entry.matcher.source).toBe("Bash");
		expect(back?.notRun.map((hook) => [hook.reason, hook.entry.jsonPath])).toEqual([
			["if", original.notRun[0]?.entry.jsonPath],
		]);
	});

	it.each([
		["null", null],
		["another version", { v: 2, session: "s", event: "PreToolUse", runs: [] }],
		["no session", { v: 1, event: "PreToolUse", runs: [] }],
		["an unknown event", { v: 1, session: "s", event: "Nope", runs: [] }],
		["runs that are no list", { v: 1, session: "s", event: "Stop", runs: "x" }],
	])("is undefined for %s", (_name, value) => {
		expect(reviveJournalLine(value, createHookReviver())).toBeUndefined();
	});

	it("drops runs whose hook cannot be parsed again and fills missing fields", () => {
		const revived = reviveJournalLine(
			{
				v: 1,
				session: "s",
				event: "Stop",
				runs: [{ hook: { id: "x", event: "Stop", definition: "nope" }, outcome: exited(0, "") }, "junk"],
			},
			createHookReviver(),
		);
		expect(revived?.record).toMatchObject({ seq: 0, time: 0, summary: "", stdin: "", verdicts: [], notRun: [] });
		expect(revived?.record.matchQuery).toBeUndefined();
	});

	it("parses each stored hook once per reviver", () => {
		const revive = createHookReviver();
		const line = JSON.parse(journalLine(record(), "s"));
		const first = reviveJournalLine(line, revive)?.record.verdicts[0]?.entry;
		const second = reviveJournalLine(line, revive)?.record.verdicts[0]?.entry;
		expect(first).toBeDefined();
		expect(second).toBe(first);
	});
});
