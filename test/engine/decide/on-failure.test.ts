import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const block = (event: HookEventName, outcome: ProcessOutcome, onFailure: unknown = "block") =>
	interpretOutcome(commandEntry("guard.sh", event, { onFailure }), event, outcome);

describe('onFailure: "block"', () => {
	it.each([
		[
			"exit 1",
			exited(1, "", "guard crashed: config missing\n"),
			'failed; blocking because onFailure is "block"\nguard crashed: config missing',
		],
		["a timeout", timedOut(1000), 'timed out; blocking because onFailure is "block"'],
		[
			"cannot start",
			{ kind: "spawn_failed", message: "ENOENT", durationMs: 1 } as const,
			'failed; blocking because onFailure is "block"\nENOENT',
		],
		["invalid JSON", exited(0, "{not json"), 'failed; blocking because onFailure is "block"'],
		[
			"schema-failing JSON",
			exited(0, '{"continue": "no"}'),
			'failed; blocking because onFailure is "block"\nJSON output failed validation',
		],
	])("%s blocks like exit 2 on PreToolUse, with Claude Code's words", (_name, outcome, text) => {
		const verdict = block("PreToolUse", outcome);
		expect(verdict.status).toBe("blocking");
		expect(verdict.message.startsWith(text.split("\n")[0] ?? "")).toBe(true);
		expect(verdict.message).toContain(text.split("\n")[1] ?? "");
		expect(verdict.effects).toEqual([{ kind: "block", source: "stderr", reason: verdict.message }]);
	});

	it("leaves successes, exit 2, Esc and Stop-like events alone; the default is to continue", () => {
		expect(block("PreToolUse", exited(0, "")).status).toBe("success");
		expect(block("PreToolUse", exited(2, "", "no\n")).message).toBe("no\n");
		expect(block("PreToolUse", { kind: "aborted", stdout: out, stderr: out, durationMs: 1 }).status).toBe(
			"cancelled",
		);
		expect(block("Stop", exited(1, "", "crash")).status).toBe("error");
		expect(block("PreToolUse", exited(1, "", "crash"), "continue").status).toBe("error");
		expect(interpretOutcome(commandEntry("guard.sh"), "PreToolUse", exited(1)).status).toBe("error");
	});
});

const out = { text: "", bytes: 0, truncated: false };
