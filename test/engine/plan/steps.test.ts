/** Plan steps: a record carries the hooks' own words (`said`) read from their effects, for the card. */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { notifyAll, record } from "../../../src/engine/plan/steps.ts";
import { commandEntry, exited } from "../../support/entries.ts";

const facts = { event: "UserPromptSubmit" as const, input: "go", time: 7 };
const verdict = (stdout: string, code = 0, stderr = "") =>
	interpretOutcome(commandEntry("h.sh", "UserPromptSubmit"), "UserPromptSubmit", exited(code, stdout, stderr));

describe("record", () => {
	it.each([
		["block", verdict("", 2, "not now\n"), ["not now\n"]],
		["block", verdict(JSON.stringify({ decision: "block", reason: "policy" })), ["policy"]],
		["context", verdict("plain words\n"), ["plain words"]],
		[
			"context",
			verdict(
				JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" } }),
			),
			["ctx"],
		],
		["rewrite", verdict("x"), undefined],
	] as const)("a %s record says %j", (kind, by, said) => {
		const step = record(facts, kind, [by], "model text");
		if (step.do !== "record") throw new Error("not a record");
		expect(step.record.said).toEqual(said);
		expect(step.record).toMatchObject({
			kind,
			event: "UserPromptSubmit",
			input: "go",
			reason: "model text",
			time: 7,
		});
	});

	it("takes given words over the effects'", () => {
		const step = record(facts, "block", [verdict("", 2, "stderr")], "r", undefined, ["mine"]);
		expect(step.do === "record" && step.record.said).toEqual(["mine"]);
	});
});

describe("notifyAll", () => {
	it("keeps the notices' order", () => {
		const steps = notifyAll([
			{ level: "info", text: "a" },
			{ level: "warning", text: "b" },
		]);
		expect(steps.map((step) => (step.do === "notify" ? step.notice.text : ""))).toEqual(["a", "b"]);
	});
});
