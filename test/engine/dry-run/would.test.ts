/**
 * What a single verdict would have done in the session, read through the event's own decision rules.
 */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { wouldEffects, wouldLine } from "../../../src/engine/dry-run/would.ts";
import { verdictResult } from "../../../src/engine/record/result-kind.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const json = (value: unknown): string => JSON.stringify(value);

const CASES: readonly [string, HookEventName, ReturnType<typeof exited>, readonly string[]][] = [
	[
		"a PreToolUse JSON deny",
		"PreToolUse",
		exited(
			0,
			json({
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					permissionDecision: "deny",
					permissionDecisionReason: "no rm",
				},
			}),
		),
		["would deny: no rm"],
	],
	[
		"a PreToolUse exit 2",
		"PreToolUse",
		exited(2, "", "blocked\n"),
		["would block: PreToolUse:Bash hook error: [g.sh]: blocked\n"],
	],
	[
		"a PreToolUse ask",
		"PreToolUse",
		exited(
			0,
			json({
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					permissionDecision: "ask",
					permissionDecisionReason: "sure?",
				},
			}),
		),
		["would ask: sure?"],
	],
	[
		"a rewrite with context",
		"PreToolUse",
		exited(
			0,
			json({
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					permissionDecision: "allow",
					updatedInput: { command: "ls" },
					additionalContext: "rewrote it",
				},
			}),
		),
		[
			"would allow: the call runs without asking",
			'would rewrite the input: {"command":"ls"}',
			"would add context: PreToolUse:Bash hook additional context: rewrote it",
		],
	],
	[
		"PostToolUse block feedback",
		"PostToolUse",
		exited(0, json({ decision: "block", reason: "lint failed" })),
		['would give the model block feedback: PostToolUse:Bash hook blocking error from command: "g.sh": lint failed'],
	],
	[
		"UserPromptSubmit plain context",
		"UserPromptSubmit",
		exited(0, "it is Monday\n"),
		["would add context: UserPromptSubmit hook success: it is Monday"],
	],
	[
		"UserPromptSubmit block",
		"UserPromptSubmit",
		exited(0, json({ decision: "block", reason: "no secrets" })),
		["would block the prompt: no secrets"],
	],
	[
		"Stop block",
		"Stop",
		exited(0, json({ decision: "block", reason: "run the tests" })),
		["would keep the agent going: run the tests"],
	],
	["PreCompact exit 2", "PreCompact", exited(2, "", "not now"), ["would cancel the compaction: [g.sh]: not now"]],
	[
		"continue false",
		"PostToolUse",
		exited(0, json({ continue: false, stopReason: "enough" })),
		["would stop the agent: PostToolUse:Bash hook stopped continuation: enough"],
	],
	[
		"a failure",
		"PreToolUse",
		exited(1, "", "boom"),
		["would report a hook error (the action goes on): Failed with non-blocking status code 1: boom"],
	],
	["nothing", "PreToolUse", exited(0, ""), ["would change nothing"]],
	[
		"PostModelSwitch context",
		"PostModelSwitch",
		exited(0, "switched\n"),
		["would add context: PostModelSwitch hook success: switched"],
	],
	[
		"MessageDisplay displayContent",
		"MessageDisplay",
		exited(0, json({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: "[hidden]" } })),
		["would show instead of the text: [hidden]"],
	],
];

describe("wouldEffects", () => {
	it("says a PreToolUse hook would do what its Decision field says it did (deny, or block for exit 2)", () => {
		const outcomes = [
			exited(0, json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } })),
			exited(2, "", "no\n"),
			exited(0, json({ decision: "block", reason: "old style" })),
		];
		const words = outcomes.map((outcome) => {
			const verdict = interpretOutcome(commandEntry("g.sh"), "PreToolUse", outcome);
			const [effect] = wouldEffects(verdict, "Bash");
			return [effect?.kind, effect?.label, `would ${verdictResult(verdict)}`];
		});
		expect(words).toEqual([
			["deny", "would deny", "would deny"],
			["deny", "would block", "would block"],
			["deny", "would block", "would block"],
		]);
	});

	it.each(CASES)("%s", (_name, event, outcome, lines) => {
		const verdict = interpretOutcome(commandEntry("g.sh", event), event, outcome);
		expect(wouldEffects(verdict, event.includes("Tool") ? "Bash" : undefined).map(wouldLine)).toEqual(lines);
	});

	it("a timeout would be reported and decide nothing", () => {
		const verdict = interpretOutcome(commandEntry("g.sh"), "PreToolUse", timedOut());
		expect(wouldEffects(verdict, "Bash").map((effect) => effect.kind)).toEqual(["failed"]);
	});
});
