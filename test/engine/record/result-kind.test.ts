/** How a hook run's result is classified from its verdict (the log's decision column). */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { isBlock, verdictExit, verdictReason, verdictResult } from "../../../src/engine/record/result-kind.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const guard = commandEntry("block-rm.sh");

describe("verdictResult", () => {
	it.each([
		[exited(0), "ok"],
		[exited(2, "", "no"), "block"],
		[exited(1), "error"],
		[
			exited(
				0,
				JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } }),
			),
			"deny",
		],
		[
			exited(
				0,
				JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } }),
			),
			"ask",
		],
		[
			exited(
				0,
				JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }),
			),
			"allow",
		],
		[
			exited(
				0,
				JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "defer" } }),
			),
			"defer",
		],
		[exited(0, JSON.stringify({ decision: "block", reason: "x" })), "block"],
		// A block and continue: false together: the block is the result.
		[exited(0, JSON.stringify({ decision: "block", reason: "x", continue: false })), "block"],
		[exited(0, JSON.stringify({ continue: false })), "stop"],
		// Output that looks like JSON but does not parse is a failure (its card says so), not `ok`.
		[exited(0, '{"decision": "block"} and then garbage'), "error"],
		[timedOut(10), "timeout"],
	])("classifies an outcome as %#", (outcome, decision) => {
		expect(verdictResult(interpretOutcome(guard, "PreToolUse", outcome))).toBe(decision);
	});
});

const verdict = (outcome: Parameters<typeof interpretOutcome>[2]) => interpretOutcome(guard, "PreToolUse", outcome);

describe("verdictReason", () => {
	it("is exit 2's stderr, else the reason the JSON gave with its decision, else undefined", () => {
		expect(verdictReason(verdict(exited(2, "", "no rm please")))).toBe("no rm please");
		const deny = { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not here" };
		expect(verdictReason(verdict(exited(0, JSON.stringify({ hookSpecificOutput: deny }))))).toBe("not here");
		expect(verdictReason(verdict(exited(0)))).toBeUndefined();
	});
});

describe("isBlock", () => {
	it.each([
		["block", true],
		["deny", true],
		["stop", true],
		["ask", false],
		["allow", false],
		["ok", false],
		["error", false],
		["timeout", false],
	] as const)("counts %s as a block: %s", (result, blocks) => {
		expect(isBlock(result)).toBe(blocks);
	});
});

describe("verdictExit", () => {
	it("is a command hook's exit code, and undefined when the process did not exit on its own", () => {
		expect(verdictExit(verdict(exited(2, "", "no")))).toBe(2);
		expect(verdictExit(verdict(timedOut(10)))).toBeUndefined();
	});
});
