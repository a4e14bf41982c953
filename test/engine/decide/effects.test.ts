/** interpretOutcome reads each hook's exit code and output into typed effects, per event. */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const effects = (event: HookEventName, outcome: ProcessOutcome) =>
	interpretOutcome(commandEntry("e.sh", event), event, outcome).effects;
const out = (event: string, fields: Record<string, unknown>, top: Record<string, unknown> = {}) =>
	JSON.stringify({ ...top, hookSpecificOutput: { hookEventName: event, ...fields } });

describe("HookEffect", () => {
	it.each([
		["PreToolUse", exited(0), []],
		["PreToolUse", exited(2, "", "no\n"), [{ kind: "block", source: "stderr", reason: "no\n" }]],
		[
			"PreToolUse",
			exited(2, out("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "why" })),
			[{ kind: "block", source: "json", reason: "why" }],
		],
		[
			"PreToolUse",
			exited(0, out("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "why" })),
			[{ kind: "deny", reason: "why" }],
		],
		[
			"PreToolUse",
			exited(0, JSON.stringify({ decision: "block", reason: "r" })),
			[{ kind: "deny", reason: "r", legacy: true }],
		],
		["PreToolUse", exited(0, JSON.stringify({ decision: "approve" })), [{ kind: "allow", legacy: true }]],
		[
			"PreToolUse",
			exited(
				0,
				out("PreToolUse", {
					permissionDecision: "ask",
					updatedInput: { command: "x" },
					additionalContext: "c",
				}),
			),
			[
				{ kind: "ask", reason: undefined },
				{ kind: "rewrite", input: { command: "x" } },
				{ kind: "context", text: "c" },
			],
		],
		[
			"Stop",
			exited(0, JSON.stringify({ decision: "block" })),
			[{ kind: "block", source: "json", reason: undefined }],
		],
		["UserPromptSubmit", exited(2, "", "nope"), [{ kind: "block", source: "stderr", reason: "nope" }]],
		["UserPromptSubmit", exited(0, "plain\n"), [{ kind: "stdout", text: "plain" }]],
		[
			"PostToolUse",
			exited(0, JSON.stringify({ continue: false, stopReason: "s", systemMessage: "m" })),
			[
				{ kind: "stop", reason: "s" },
				{ kind: "message", text: "m" },
			],
		],
		[
			"PostToolUse",
			exited(0, out("PostToolUse", { updatedToolOutput: "o" })),
			[{ kind: "replace_output", output: "o" }],
		],
		[
			"PostToolUse",
			exited(1, "", "bad"),
			[{ kind: "failed", why: "error", message: "Failed with non-blocking status code 1: bad" }],
		],
		[
			"PostToolUse",
			timedOut(2000),
			[{ kind: "failed", why: "timeout", message: "timed out after 2 s and was killed" }],
		],
	] as const)("%s %j", (event, outcome, expected) => {
		expect(effects(event, outcome)).toEqual(expected);
	});

	it("stdout that looks like JSON but is not warns", () => {
		expect(effects("PreToolUse", exited(0, "{oops")).map((effect) => effect.kind)).toEqual(["stdout", "warning"]);
	});
});
