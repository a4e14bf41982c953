/**
 * Decision records are persisted in the session file: their output excerpts, input and reason are capped
 * and have secrets masked before anything leaves the engine.
 */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { cardOf, EXCERPT_CHARS, failureCards } from "../../../src/engine/plan/card.ts";
import { REDACTED } from "../../../src/engine/text/redact.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const GH = `ghp_${"x".repeat(36)}`;
const verdictOf = (code: number, stdout: string, stderr: string) =>
	interpretOutcome(commandEntry("guard"), "PreToolUse", exited(code, stdout, stderr));

describe("decision records mask secrets before they are persisted", () => {
	it("masks a token in a hook's stdout and stderr excerpts", () => {
		const verdict = verdictOf(
			2,
			`env: GITHUB_TOKEN=${GH}\n`,
			`refusing: Authorization: Bearer ${"a1".repeat(20)}\n`,
		);
		const [hook] = cardOf("block", "PreToolUse", [verdict], { input: "x", reason: "r", time: 0 }).hooks;
		expect(hook?.stdout).toBe(`env: GITHUB_TOKEN=${REDACTED}\n`);
		expect(hook?.stderr).toBe(`refusing: Authorization: Bearer ${REDACTED}\n`);
		expect(JSON.stringify(hook)).not.toContain("x".repeat(36));
	});

	it("masks the input and the reason", () => {
		const record = cardOf("block", "PreToolUse", [], {
			tool: "Bash",
			input: "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG aws s3 ls",
			reason: `blocked: the command contains ${GH}`,
			time: 0,
		});
		expect(record.input).toBe(`AWS_SECRET_ACCESS_KEY=${REDACTED} aws s3 ls`);
		expect(record.reason).toBe(`blocked: the command contains ghp_${REDACTED}`);
	});

	it("masks a secret that straddles the excerpt cut, and still caps the excerpt", () => {
		const stdout = `${"y".repeat(EXCERPT_CHARS - 10)} sk-${"k".repeat(40)} ${"z".repeat(10_000)}`;
		const [hook] = failureCards("PreToolUse", [verdictOf(1, stdout, "")], { input: "", time: 0 })[0]?.hooks ?? [];
		expect(hook?.stdout.length).toBe(EXCERPT_CHARS + 3);
		expect(hook?.stdout.endsWith(" sk-[redac...")).toBe(true);
		expect(hook?.stdout).not.toContain("kkkk");
	});

	it("keeps a short output without secrets exactly as it was", () => {
		const [hook] = cardOf("block", "PreToolUse", [verdictOf(2, "", "no rm -rf please\n")], {
			input: "",
			reason: "",
			time: 0,
		}).hooks;
		expect(hook?.stderr).toBe("no rm -rf please\n");
	});
});

describe("decision records stay small", () => {
	it("caps the input and the reason like the output excerpts", () => {
		const long = "y".repeat(EXCERPT_CHARS * 3);
		const record = cardOf("output_replaced", "PostToolUse", [], { input: long, reason: long, time: 0 });
		expect(record.reason.length).toBeLessThanOrEqual(EXCERPT_CHARS + 3);
		expect(record.reason.endsWith("...")).toBe(true);
		expect(record.input.length).toBeLessThanOrEqual(EXCERPT_CHARS + 3);
	});
});

describe("what a card says", () => {
	const entry = commandEntry("./slow.sh", "PostToolUse");

	it("a timed-out hook gets a timeout card of its own, an error an error card, a success none", () => {
		const verdicts = [
			interpretOutcome(entry, "PostToolUse", timedOut(5000)),
			interpretOutcome(entry, "PostToolUse", exited(1, "", "boom\n")),
			interpretOutcome(entry, "PostToolUse", exited(0)),
		];
		const cards = failureCards("PostToolUse", verdicts, { tool: "Write", input: "a.ts", time: 1 });
		expect(cards.map((card) => [card.kind, card.hooks[0]?.status])).toEqual([
			["timeout", "timeout"],
			["error", "error"],
		]);
	});

	it("shows the hook's words without the system-reminder wrapper the model gets them in", () => {
		const card = cardOf("context", "UserPromptSubmit", [], {
			input: "fix it",
			reason: "<system-reminder>\nUserPromptSubmit hook additional context: use rg\n</system-reminder>",
			time: 1,
		});
		expect(card.reason).toBe("UserPromptSubmit hook additional context: use rg");
	});
});
