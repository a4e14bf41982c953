/**
 * Properties of hook outputs: whatever a hook prints on stdout and stderr, with whatever exit code or fate, the
 * verdict and every event's combined decision are reached without a throw, and the contract's invariants hold
 * (exit 2 blocks, a blocking PreToolUse hook denies, deny beats ask beats allow).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideContextEvent } from "../../src/engine/decide/context.ts";
import { interpretOutcome } from "../../src/engine/decide/interpret.ts";
import { decideBlockEvent } from "../../src/engine/decide/stop.ts";
import { decidePostToolUse, decidePreToolUse } from "../../src/engine/decide/tool.ts";
import { cardOf, failureCards } from "../../src/engine/plan/card.ts";
import type { ProcessOutcome } from "../../src/engine/ports.ts";
import { HOOK_EVENTS } from "../../src/engine/types.ts";
import { commandEntry } from "../support/entries.ts";

const anyText = fc.string({ unit: "binary", maxLength: 80 });
const loose = fc.jsonValue({ maxDepth: 2 });
/** A value of the right type most of the time. */
const maybe = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
	fc.oneof({ arbitrary: right, weight: 3 }, { arbitrary: loose, weight: 1 });

/** Hook JSON with Claude Code's fields, right or wrong. */
const hookJson = fc.record(
	{
		continue: maybe(fc.boolean()),
		stopReason: maybe(anyText),
		suppressOutput: maybe(fc.boolean()),
		systemMessage: maybe(anyText),
		decision: maybe(fc.constantFrom("block", "approve", "allow")),
		reason: maybe(anyText),
		hookSpecificOutput: maybe(
			fc.record(
				{
					hookEventName: maybe(fc.constantFrom(...HOOK_EVENTS)),
					permissionDecision: maybe(fc.constantFrom("allow", "deny", "ask", "defer")),
					permissionDecisionReason: maybe(anyText),
					updatedInput: maybe(
						fc.dictionary(fc.constantFrom("command", "file_path", "content", "x"), loose, { maxKeys: 3 }),
					),
					additionalContext: maybe(anyText),
					updatedToolOutput: loose,
				},
				{ requiredKeys: [] },
			),
		),
	},
	{ requiredKeys: [] },
);
const stdoutText = fc.oneof(
	anyText,
	hookJson.map((json) => JSON.stringify(json)),
	fc.tuple(hookJson, anyText).map(([json, garbage]) => `${JSON.stringify(json)}${garbage}`),
	fc.jsonValue().map((value) => JSON.stringify(value)),
);
const captured = (text: fc.Arbitrary<string>) => fc.record({ text, bytes: fc.nat(), truncated: fc.boolean() });
const outcome: fc.Arbitrary<ProcessOutcome> = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			kind: fc.constant("exited" as const),
			code: fc.oneof(fc.constantFrom(0, 1, 2), fc.integer({ min: -1, max: 255 })),
			stdout: captured(stdoutText),
			stderr: captured(anyText),
			durationMs: fc.double({ min: 0, max: 1e7, noNaN: true }),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant("signaled" as const),
			signal: fc.constantFrom("SIGKILL", "SIGSEGV"),
			stdout: captured(anyText),
			stderr: captured(anyText),
			durationMs: fc.nat(),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant("timed_out" as const),
			timeoutMs: fc.integer({ min: 1, max: 600_000 }),
			stdout: captured(anyText),
			stderr: captured(anyText),
			durationMs: fc.nat(),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant("aborted" as const),
			stdout: captured(anyText),
			stderr: captured(anyText),
			durationMs: fc.nat(),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({ kind: fc.constant("spawn_failed" as const), message: anyText, durationMs: fc.nat() }),
	},
	{
		weight: 1,
		arbitrary: fc.record({ kind: fc.constant("request_failed" as const), message: anyText, durationMs: fc.nat() }),
	},
);

const entry = commandEntry("hook.sh");
const STATUSES = ["success", "blocking", "error", "timeout", "cancelled"];

describe("interpreting any hook output", () => {
	it("every outcome on every event gives a verdict with a status and a message; exit 2 always blocks", () => {
		fc.assert(
			fc.property(fc.constantFrom(...HOOK_EVENTS), outcome, (event, result) => {
				const verdict = interpretOutcome(entry, event, result);
				expect(STATUSES).toContain(verdict.status);
				expect(typeof verdict.message).toBe("string");
				if (result.kind === "exited" && result.code === 2) expect(verdict.status).toBe("blocking");
				if (result.kind === "exited" && result.code === 0 && !result.stdout.text.trim().startsWith("{")) {
					expect(verdict.status).toBe("success");
				}
			}),
			{ numRuns: 2000 },
		);
	});
});

describe("deciding over any set of verdicts", () => {
	it("PreToolUse: a decision is always reached, and any blocking hook denies (deny beats ask and allow)", () => {
		fc.assert(
			fc.property(fc.array(outcome, { maxLength: 5 }), (results) => {
				const verdicts = results.map((result) => interpretOutcome(entry, "PreToolUse", result));
				const decision = decidePreToolUse(verdicts, "PreToolUse:Bash");
				expect(["deny", "ask", "allow", "none"]).toContain(decision.permission);
				if (verdicts.some((verdict) => verdict.status === "blocking")) expect(decision.permission).toBe("deny");
				const asks = verdicts.some(
					(v) => v.status === "success" && v.json?.hookSpecificOutput?.permissionDecision === "ask",
				);
				if (asks && decision.permission !== "deny") expect(decision.permission).toBe("ask");
			}),
			{ numRuns: 1000 },
		);
	});

	it("PostToolUse, prompt, session and stop events: a decision is always reached", () => {
		fc.assert(
			fc.property(fc.array(outcome, { maxLength: 5 }), fc.boolean(), (results, canBlock) => {
				const post = decidePostToolUse(
					results.map((result) => interpretOutcome(entry, "PostToolUse", result)),
					"PostToolUse:Bash",
				);
				expect(typeof post.blocked).toBe("boolean");
				const prompt = decideContextEvent(
					results.map((result) => interpretOutcome(entry, "UserPromptSubmit", result)),
					"UserPromptSubmit",
					canBlock,
				);
				expect(!prompt.blocked || prompt.reasons.length > 0).toBe(true);
				const stop = decideBlockEvent(
					results.map((result) => interpretOutcome(entry, "Stop", result)),
					"Stop",
				);
				expect(!stop.blocked || stop.reasons.length > 0).toBe(true);
			}),
			{ numRuns: 1000 },
		);
	});

	it("the decision records of any verdicts keep capped excerpts", () => {
		fc.assert(
			fc.property(fc.array(outcome, { maxLength: 4 }), anyText, (results, input) => {
				const verdicts = results.map((result) => interpretOutcome(entry, "PreToolUse", result));
				const records = [
					cardOf("block", "PreToolUse", verdicts, { tool: "Bash", input, reason: input, time: 0 }),
					...failureCards("PreToolUse", verdicts, { input, time: 0 }),
				];
				for (const hook of records.flatMap((record) => record.hooks)) {
					expect(hook.stdout.length).toBeLessThanOrEqual(2003);
					expect(hook.stderr.length).toBeLessThanOrEqual(2003);
				}
			}),
			{ numRuns: 500 },
		);
	});
});
