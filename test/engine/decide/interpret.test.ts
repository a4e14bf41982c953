import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const entry = commandEntry("guard.sh");
const deny = JSON.stringify({
	hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "nope" },
});

describe("interpretOutcome (Claude Code: exit codes first, then the JSON on stdout)", () => {
	it("exit 0 with plain stdout is a success with the text (trailing newline removed)", () => {
		const verdict = interpretOutcome(entry, "UserPromptSubmit", exited(0, "ctx line\n"));
		expect(verdict).toMatchObject({ status: "success", plainText: "ctx line", message: "" });
	});

	it("exit 2 is blocking with stderr as the message", () => {
		expect(interpretOutcome(entry, "PreToolUse", exited(2, "", "blocked by policy\n"))).toMatchObject({
			status: "blocking",
			message: "blocked by policy\n",
		});
	});

	it("exit 2 with JSON allow still blocks (Claude Code: exit 2 ignores stdout)", () => {
		const allow = JSON.stringify({
			hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
		});
		expect(interpretOutcome(entry, "PreToolUse", exited(2, allow, "no")).status).toBe("blocking");
	});

	it("exit 2 with a JSON deny uses the JSON reason", () => {
		expect(interpretOutcome(entry, "PreToolUse", exited(2, deny, "stderr text")).message).toBe("nope");
	});

	it("exit 1 with valid JSON lets the JSON decide without an error", () => {
		const verdict = interpretOutcome(entry, "PreToolUse", exited(1, deny, "warn"));
		expect(verdict.status).toBe("success");
		expect(verdict.json?.hookSpecificOutput?.permissionDecision).toBe("deny");
	});

	it("exit 1 without JSON is a non-blocking error naming the first stderr line", () => {
		expect(interpretOutcome(entry, "PreToolUse", exited(1, "", "\nwarn: exit one\nmore\n"))).toMatchObject({
			status: "error",
			message: "Failed with non-blocking status code 1: warn: exit one",
		});
	});

	it("exit 0 with broken JSON is plain text with a warning, not an error (Claude Code: non-JSON is text)", () => {
		const verdict = interpretOutcome(
			entry,
			"PreToolUse",
			exited(0, '{"hookSpecificOutput": {"permissionDecision": "deny",'),
		);
		expect(verdict.status).toBe("success");
		expect(verdict.json).toBeUndefined();
		expect(verdict.warning).toContain("not valid JSON");
	});

	it("exit 0 with an array or a string is plain text (Claude Code: only a JSON object is hook output)", () => {
		expect(interpretOutcome(entry, "PreToolUse", exited(0, '["a"]')).plainText).toBe('["a"]');
		expect(interpretOutcome(entry, "PreToolUse", exited(0, '"str"')).plainText).toBe('"str"');
	});

	it("schema-invalid JSON is a non-blocking error with the validation message", () => {
		const bad = JSON.stringify({
			hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "maybe" },
		});
		const verdict = interpretOutcome(entry, "PreToolUse", exited(0, bad));
		expect(verdict.status).toBe("error");
		expect(verdict.message).toContain("permissionDecision must be one of");
	});

	it("a hookEventName for another event fails validation", () => {
		const other = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "x" } });
		expect(interpretOutcome(entry, "PreToolUse", exited(0, other)).status).toBe("error");
	});

	it("a timeout is its own status with no decision (Claude Code: a hook that times out fails open)", () => {
		expect(interpretOutcome(entry, "PreToolUse", timedOut(1000))).toMatchObject({
			status: "timeout",
			message: "timed out after 1 s and was killed",
		});
	});

	it("a signal and a failed spawn are non-blocking errors", () => {
		const base = exited(0);
		if (base.kind !== "exited") throw new Error("unreachable");
		const signaled: ProcessOutcome = {
			kind: "signaled",
			signal: "SIGKILL",
			stdout: base.stdout,
			stderr: base.stderr,
			durationMs: 1,
		};
		expect(interpretOutcome(entry, "PreToolUse", signaled)).toMatchObject({
			status: "error",
			message: "killed by SIGKILL",
		});
		expect(
			interpretOutcome(entry, "PreToolUse", { kind: "spawn_failed", message: "ENOENT x", durationMs: 1 }),
		).toMatchObject({
			status: "error",
			message: "could not start: ENOENT x",
		});
	});
});

describe("schema-invalid JSON on stdout", () => {
	const invalid = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: "rm -rf /" } });
	const guard = commandEntry("./guard.sh");

	it("still blocks on exit 2, with stderr as the reason (Claude Code)", () => {
		const verdict = interpretOutcome(guard, "PreToolUse", exited(2, invalid, "no\n"));
		expect([verdict.status, verdict.message]).toEqual(["blocking", "no\n"]);
	});

	it("is an error naming the problem on exit 0 and exit 1, never a block", () => {
		for (const code of [0, 1]) {
			const verdict = interpretOutcome(guard, "PreToolUse", exited(code, invalid, "no\n"));
			expect(verdict.status).toBe("error");
			expect(verdict.message).toBe("JSON output failed validation: updatedInput must be an object");
		}
	});
});
