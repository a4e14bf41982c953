/**
 * A hook run's verdict as span attributes (attributes.ts), table-driven: the decision words a tracing backend
 * filters on, the block reason codes, exit code and error type, and masking of the command and the reason.
 */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { runAttributes } from "../../../src/pi/telemetry/attributes.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const specific = (event: HookEventName, fields: Record<string, unknown>): string =>
	JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...fields } });

const cases: readonly {
	readonly name: string;
	readonly event: HookEventName;
	readonly outcome: ProcessOutcome;
	readonly expected: Record<string, unknown>;
	readonly absent?: readonly string[];
}[] = [
	{
		name: "a PreToolUse allow",
		event: "PreToolUse",
		outcome: exited(0, specific("PreToolUse", { permissionDecision: "allow" })),
		expected: { "pi.hook.decision": "allow", "pi.hook.permission_decision": "allow", "process.exit.code": 0 },
		absent: ["pi.hook.block_reason", "error.type"],
	},
	{
		name: "a PreToolUse deny",
		event: "PreToolUse",
		outcome: exited(0, specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no" })),
		expected: { "pi.hook.decision": "deny", "pi.hook.block_reason": "permission_deny", "pi.hook.reason": "no" },
	},
	{
		name: "a PreToolUse ask",
		event: "PreToolUse",
		outcome: exited(0, specific("PreToolUse", { permissionDecision: "ask" })),
		expected: { "pi.hook.decision": "ask", "pi.hook.result": "ask" },
	},
	{
		name: "a PreToolUse defer",
		event: "PreToolUse",
		outcome: exited(0, specific("PreToolUse", { permissionDecision: "defer" })),
		expected: { "pi.hook.decision": "defer" },
	},
	{
		name: "exit 2",
		event: "Stop",
		outcome: exited(2, "", "keep going\n"),
		expected: {
			"pi.hook.decision": "block",
			"pi.hook.block_reason": "exit_2",
			"pi.hook.status": "blocking",
			"process.exit.code": 2,
		},
	},
	{
		name: 'decision: "block"',
		event: "Stop",
		outcome: exited(0, JSON.stringify({ decision: "block", reason: "tests fail" })),
		expected: {
			"pi.hook.decision": "block",
			"pi.hook.block_reason": "decision_block",
			"pi.hook.reason": "tests fail",
		},
	},
	{
		name: "continue: false",
		event: "PostToolUse",
		outcome: exited(0, JSON.stringify({ continue: false, stopReason: "done" })),
		expected: { "pi.hook.decision": "stop", "pi.hook.block_reason": "continue_false" },
	},
	{
		name: "rewritten input",
		event: "PreToolUse",
		outcome: exited(0, specific("PreToolUse", { updatedInput: { command: "ls -a" } })),
		expected: { "pi.hook.decision": "rewrote_input" },
	},
	{
		name: "added context",
		event: "UserPromptSubmit",
		outcome: exited(0, specific("UserPromptSubmit", { additionalContext: "be brief" })),
		expected: { "pi.hook.decision": "added_context" },
		absent: ["pi.hook.reason"],
	},
	{
		name: "a plain success",
		event: "PostToolUse",
		outcome: exited(0),
		expected: { "pi.hook.decision": "none", "pi.hook.result": "ok", "pi.hook.status": "success" },
		absent: ["error.type", "pi.hook.reason"],
	},
	{
		name: "exit 1 (a non-blocking error)",
		event: "PostToolUse",
		outcome: exited(1, "", "oops\n"),
		expected: { "pi.hook.decision": "none", "error.type": "exit_code", "process.exit.code": 1 },
	},
	{
		name: "a timeout",
		event: "PostToolUse",
		outcome: timedOut(),
		expected: { "pi.hook.timed_out": true, "error.type": "timeout", "pi.hook.outcome": "timed_out" },
		absent: ["process.exit.code"],
	},
	{
		name: "a hook that cannot start",
		event: "PostToolUse",
		outcome: { kind: "spawn_failed", message: "ENOENT", durationMs: 0 },
		expected: { "error.type": "spawn_failed", "pi.hook.duration_ms": 0 },
	},
];

describe("hook run attributes", () => {
	for (const { name, event, outcome, expected, absent = [] } of cases)
		it(name, () => {
			const attributes = runAttributes(interpretOutcome(commandEntry("./check.sh", event), event, outcome));
			expect(attributes).toMatchObject({ "pi.hook.event": event, "pi.hook.type": "command", ...expected });
			for (const key of absent) expect(attributes).not.toHaveProperty(key);
		});

	it("masks secrets in the command and the reason, and says a project hook that ran was approved", () => {
		const entry = commandEntry("curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345' x", "Stop");
		const attributes = runAttributes(
			interpretOutcome(entry, "Stop", exited(2, "", "token=ghp_0123456789abcdefghijABCDEFGHIJ012345\n")),
		);
		expect(attributes["pi.hook.command"]).not.toContain("abcdefghijklmnopqrstuvwxyz012345");
		expect(attributes["pi.hook.command"]).toContain("[redacted]");
		expect(attributes["pi.hook.reason"]).toBe("token=[redacted]");
		expect(attributes).toMatchObject({
			"pi.hook.trust": "approved",
			"pi.hook.source.scope": "claude-project",
			"pi.hook.source.file": "/p/.claude/settings.json",
			"pi.hook.matcher": "*",
		});
	});
});
