/** A fixture's outcome read from an event's effects, what --update writes, and the differences shown on a failure. */
import { describe, expect, it } from "vitest";
import type { FixtureExpect } from "../../src/cli/fixture.ts";
import { compareOutcome, expectFor, type FixtureOutcome, outcomeOf } from "../../src/cli/outcome.ts";
import { interpretOutcome } from "../../src/engine/interpret.ts";
import { eventEffects } from "../../src/engine/would.ts";
import { commandEntry, exited } from "../support/entries.ts";

const guard = commandEntry("python3 guard.py");
const run = (code: number, stdout = "", stderr = "") =>
	interpretOutcome(guard, "PreToolUse", exited(code, stdout, stderr));
const json = (output: Record<string, unknown>) =>
	run(0, JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", ...output } }));

const outcome = (overrides: Partial<FixtureOutcome> = {}): FixtureOutcome => ({
	decision: "none",
	reason: "",
	context: "",
	updatedInput: undefined,
	failures: [],
	...overrides,
});

describe("outcomeOf", () => {
	it.each([
		["exit 2", [run(2, "", "Blocked: recursive delete")], "deny", "Blocked: recursive delete"],
		["a JSON deny", [json({ permissionDecision: "deny", permissionDecisionReason: "no" })], "deny", "no"],
		["a JSON ask", [json({ permissionDecision: "ask", permissionDecisionReason: "sure?" })], "ask", "sure?"],
		["a JSON allow", [json({ permissionDecision: "allow" })], "allow", ""],
		["exit 0", [run(0)], "none", ""],
		["exit 1 (a failure, not a block)", [run(1, "", "oops")], "none", ""],
		[
			"an allow and a deny (the deny wins)",
			[json({ permissionDecision: "allow" }), run(2, "", "stop")],
			"deny",
			"stop",
		],
	])("reads %s", (_what, verdicts, decision, reason) => {
		const result = outcomeOf(eventEffects("PreToolUse", verdicts, "Bash"));
		expect(result.decision).toBe(decision);
		expect(result.reason).toContain(reason);
	});

	it("reads the context, the rewritten input and the failures", () => {
		const verdicts = [
			json({ additionalContext: "be careful", updatedInput: { command: "ls" } }),
			run(1, "", "crashed"),
		];
		const result = outcomeOf(eventEffects("PreToolUse", verdicts, "Bash"));
		expect(result.context).toContain("be careful");
		expect(result.updatedInput).toEqual({ command: "ls" });
		expect(result.failures).toEqual([expect.stringContaining("crashed")]);
	});
});

describe("expectFor", () => {
	it("writes the hook's own words, not the wrapper that names its command", () => {
		const verdicts = [run(2, "", "Blocked: recursive delete\n")];
		const result = outcomeOf(eventEffects("PreToolUse", verdicts, "Bash"));
		expect(result.reason).toContain("python3 guard.py");
		expect(expectFor(result, verdicts)).toEqual({ decision: "deny", reason: "Blocked: recursive delete" });
	});

	it("writes the context and the rewritten input, and nothing but the decision for a plain run", () => {
		const verdicts = [json({ additionalContext: "note", updatedInput: { command: "ls" } })];
		const result = outcomeOf(eventEffects("PreToolUse", verdicts, "Bash"));
		expect(expectFor(result, verdicts)).toEqual({
			decision: "none",
			context: "note",
			updatedInput: { command: "ls" },
		});
		expect(expectFor(outcomeOf(eventEffects("PreToolUse", [run(0)], "Bash")), [run(0)])).toEqual({
			decision: "none",
		});
	});
});

describe("compareOutcome", () => {
	it.each<[string, FixtureExpect, FixtureOutcome, string[]]>([
		["a match", { decision: "deny", reason: "rm" }, outcome({ decision: "deny", reason: "no rm -rf" }), []],
		[
			"another decision",
			{ decision: "deny" },
			outcome({ decision: "none" }),
			['decision: expected "deny", got "none"'],
		],
		[
			"a reason that is not a substring",
			{ decision: "deny", reason: "recursive" },
			outcome({ decision: "deny", reason: "force-push" }),
			['reason: expected to contain "recursive", got "force-push"'],
		],
		[
			"no context",
			{ decision: "none", context: "lint" },
			outcome(),
			['context: expected to contain "lint", got nothing'],
		],
		[
			"a partial updatedInput that matches",
			{ decision: "none", updatedInput: { command: "ls" } },
			outcome({ updatedInput: { command: "ls", description: "x" } }),
			[],
		],
		[
			"an updatedInput field that differs",
			{ decision: "none", updatedInput: { command: "ls", opts: { a: 1 } } },
			outcome({ updatedInput: { command: "rm", opts: { a: 2 } } }),
			['updatedInput.command: expected "ls", got "rm"', "updatedInput.opts.a: expected 1, got 2"],
		],
		[
			"no rewrite",
			{ decision: "none", updatedInput: { command: "ls" } },
			outcome(),
			['updatedInput: expected {"command":"ls"}, got no rewrite'],
		],
	])("%s", (_what, expected, actual, lines) => {
		expect(compareOutcome(expected, actual)).toEqual(lines);
	});
});
