/**
 * Hook lint, table-driven: each likely mistake that Claude Code silently ignores is found, names its field
 * and says what to write instead; correct output gets no lint.
 */
import { describe, expect, it } from "vitest";
import { type LintCode, lintHookOutput, lintLine, lintOutcome } from "../../../src/engine/lint/hook-lint.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { exited, timedOut } from "../../support/entries.ts";

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;
const longText = "x".repeat(10_001);

interface Case {
	readonly name: string;
	readonly event: HookEventName;
	readonly code: number;
	readonly stdout: string;
	/** The lint codes expected, in order; empty = clean. */
	readonly lints: readonly LintCode[];
	/** Text the first lint's field / fix must hold. */
	readonly field?: string;
	readonly fix?: string;
}

const CASES: readonly Case[] = [
	{
		name: "top-level displayContent",
		event: "MessageDisplay",
		code: 0,
		stdout: json({ displayContent: "[hidden]" }),
		lints: ["display_content_not_read"],
		field: "displayContent",
		fix: '{"hookSpecificOutput": {"hookEventName": "MessageDisplay", "displayContent": "..."}}',
	},
	{
		name: "displayContent on another event",
		event: "Stop",
		code: 0,
		stdout: json({ hookSpecificOutput: { hookEventName: "Stop", displayContent: "[hidden]" } }),
		lints: ["display_content_not_read"],
		field: "hookSpecificOutput.displayContent",
		fix: "MessageDisplay hook",
	},
	{
		name: "MessageDisplay displayContent (clean)",
		event: "MessageDisplay",
		code: 0,
		stdout: json({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: "[hidden]" } }),
		lints: [],
	},
	{
		name: "top-level additionalContext",
		event: "UserPromptSubmit",
		code: 0,
		stdout: json({ additionalContext: "today is Monday" }),
		lints: ["top_level_additional_context"],
		field: "additionalContext",
		fix: '{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "..."}}',
	},
	{
		name: "hookSpecificOutput without hookEventName",
		event: "PreToolUse",
		code: 0,
		stdout: json({ hookSpecificOutput: { permissionDecision: "deny" } }),
		lints: ["missing_hook_event_name"],
		field: "hookSpecificOutput.hookEventName",
		fix: '"hookEventName": "PreToolUse"',
	},
	{
		name: "hookSpecificOutput with the wrong hookEventName",
		event: "PostToolUse",
		code: 0,
		stdout: json({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "c" } }),
		lints: ["wrong_hook_event_name"],
		field: "hookSpecificOutput.hookEventName",
		fix: '"hookEventName": "PostToolUse"',
	},
	{
		name: "JSON on stdout with exit 2",
		event: "PreToolUse",
		code: 2,
		stdout: json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }),
		lints: ["json_with_exit_2"],
		field: "exit code",
		fix: "exit 0 and let the JSON decide",
	},
	{
		name: "decision on an event that does not read it",
		event: "SessionStart",
		code: 0,
		stdout: json({ decision: "block", reason: "no" }),
		lints: ["decision_not_read"],
		field: "decision",
		fix: "hookSpecificOutput",
	},
	{
		name: "permissionDecision on an event that does not read it",
		event: "PostToolUse",
		code: 0,
		stdout: json({ hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny" } }),
		lints: ["permission_decision_not_read"],
		field: "hookSpecificOutput.permissionDecision",
		fix: '{"decision": "block", "reason": "..."}',
	},
	{
		name: "top-level permissionDecision on PreToolUse",
		event: "PreToolUse",
		code: 0,
		stdout: json({ permissionDecision: "deny", permissionDecisionReason: "no" }),
		lints: ["permission_decision_not_read"],
		field: "permissionDecision",
		fix: '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"',
	},
	{
		name: "a PreToolUse decision written like a permission decision",
		event: "PreToolUse",
		code: 0,
		stdout: json({ decision: "deny", reason: "no" }),
		lints: ["wrong_decision_value"],
		field: "decision",
		fix: '"permissionDecision": "deny"',
	},
	{
		name: "a Stop decision other than block",
		event: "Stop",
		code: 0,
		stdout: json({ decision: "continue" }),
		lints: ["wrong_decision_value"],
		fix: '"decision": "block"',
	},
	{
		name: "continue on an event that discards it",
		event: "Notification",
		code: 0,
		stdout: json({ continue: false, systemMessage: "hi" }),
		lints: ["field_not_read", "field_not_read"],
		field: "continue",
		fix: "cannot stop the agent",
	},
	{
		name: "broken JSON (single quotes) where JSON was meant",
		event: "PreToolUse",
		code: 0,
		stdout: "{'decision': 'block'}\n",
		lints: ["invalid_json"],
		field: "stdout",
		fix: "json.dumps",
	},
	{
		name: "hook fields in plain text",
		event: "Stop",
		code: 0,
		stdout: "decision: block\n",
		lints: ["invalid_json"],
		field: "stdout",
		fix: '{"decision": "block"',
	},
	{
		name: "a JSON array",
		event: "PreToolUse",
		code: 0,
		stdout: '["deny"]\n',
		lints: ["invalid_json"],
	},
	{
		name: "plain text on an event that does not read it",
		event: "PreToolUse",
		code: 0,
		stdout: "rm is dangerous, please do not\n",
		lints: ["plain_text_ignored"],
		field: "stdout",
		fix: "exit 2 with the reason on stderr",
	},
	{
		name: "two JSON documents",
		event: "PreToolUse",
		code: 0,
		stdout: `${json({ systemMessage: "a" })}${json({ decision: "block" })}`,
		lints: ["two_json_documents"],
		fix: "exactly one JSON object",
	},
	{
		name: "text after the JSON",
		event: "PreToolUse",
		code: 0,
		stdout: `${json({ decision: "block", reason: "x" })}done\n`,
		lints: ["text_after_json"],
	},
	{
		name: "a banner before the JSON",
		event: "UserPromptSubmit",
		code: 0,
		stdout: `Welcome to zsh!\n${json({
			hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "c" },
		})}`,
		lints: ["banner_before_json"],
		fix: "stderr",
	},
	{
		name: "context cut at 10,000 characters",
		event: "SessionStart",
		code: 0,
		stdout: json({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: longText } }),
		lints: ["context_truncated"],
		field: "hookSpecificOutput.additionalContext",
		fix: "under 10,000 characters",
	},
	{
		name: "plain context cut at 10,000 characters",
		event: "UserPromptSubmit",
		code: 0,
		stdout: longText,
		lints: ["context_truncated"],
		field: "stdout",
	},
	// Correct output: no lint.
	{
		name: "a correct PreToolUse deny",
		event: "PreToolUse",
		code: 0,
		stdout: json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } }),
		lints: [],
	},
	{ name: "exit 2 with the reason on stderr", event: "PreToolUse", code: 2, stdout: "", lints: [] },
	{ name: "plain context on UserPromptSubmit", event: "UserPromptSubmit", code: 0, stdout: "ctx\n", lints: [] },
	{ name: "plain context on SessionStart", event: "SessionStart", code: 0, stdout: "ctx\n", lints: [] },
	{ name: "Stop block", event: "Stop", code: 0, stdout: json({ decision: "block", reason: "tests" }), lints: [] },
	{ name: "no output", event: "PostToolUse", code: 0, stdout: "", lints: [] },
	{ name: "plain text of a failing hook", event: "PreToolUse", code: 1, stdout: "oops\n", lints: [] },
];

describe("lintHookOutput", () => {
	it.each(CASES)("$name", ({ event, code, stdout, lints, field, fix }) => {
		const found = lintHookOutput({ event, exitCode: code, stdout });
		expect(found.map((lint) => lint.code)).toEqual(lints);
		if (field !== undefined) expect(found[0]?.field).toBe(field);
		if (fix !== undefined) expect(found[0]?.fix).toContain(fix);
		for (const lint of found) {
			expect(lint.problem).not.toBe("");
			expect(lint.fix).not.toBe("");
		}
	});

	it("says exit 2 overrules the JSON's decision while its reason, context and message still count (2.1.332)", () => {
		const output = {
			systemMessage: "S",
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "deny",
				permissionDecisionReason: "R",
				additionalContext: "C",
			},
		};
		const [lint] = lintHookOutput({ event: "PreToolUse", exitCode: 2, stdout: json(output) });
		expect(lint?.code).toBe("json_with_exit_2");
		expect(lint?.problem).toContain("exit 2 blocks whatever the JSON decides (an allow or ask does not count)");
		expect(lint?.problem).toContain("block reason, additionalContext and systemMessage still count");
		expect(lint?.problem).not.toContain("ignored except");
	});

	it("advises a block only where one can block (Claude Code: FileChanged and SessionEnd cannot block)", () => {
		const fix = (event: HookEventName) => lintHookOutput({ event, exitCode: 0, stdout: "words\n" })[0]?.fix ?? "";
		expect(fix("FileChanged")).toBe("write it to stderr or a file");
		expect(fix("SessionEnd")).not.toContain("block");
		expect(fix("ConfigChange")).toContain("to block, exit 2 with the reason on stderr");
	});

	it("reports several mistakes of one output, each once", () => {
		const found = lintHookOutput({
			event: "SessionStart",
			exitCode: 2,
			stdout: json({ additionalContext: "a", decision: "block", hookSpecificOutput: {} }),
		});
		expect(found.map((lint) => lint.code)).toEqual([
			"json_with_exit_2",
			"top_level_additional_context",
			"decision_not_read",
			"missing_hook_event_name",
		]);
	});

	it("lints plain text cut at the capture cap as plain text under the cap", () => {
		const huge = "A".repeat(20_000);
		const cut = (event: "PreToolUse" | "UserPromptSubmit", stdout: string) =>
			lintHookOutput({ event, exitCode: 0, stdout, truncated: true }).map((lint) => lint.code);
		// Small or huge, plain stdout of PreToolUse is ignored: the same lint.
		expect(lintHookOutput({ event: "PreToolUse", exitCode: 0, stdout: "plain words" }).map((l) => l.code)).toEqual([
			"plain_text_ignored",
		]);
		expect(cut("PreToolUse", huge)).toEqual(["plain_text_ignored"]);
		expect(cut("UserPromptSubmit", huge)).toEqual(["context_truncated"]);
		expect(
			lintHookOutput({ event: "UserPromptSubmit", exitCode: 0, stdout: huge, truncated: true })[0]?.problem,
		).toMatch(/^the context is over 20,000 characters/);
	});

	it("says nothing about JSON cut at the capture cap, or runs that did not exit", () => {
		expect(lintHookOutput({ event: "PreToolUse", exitCode: 0, stdout: '{"a": ', truncated: true })).toEqual([]);
		expect(lintHookOutput({ event: "PreToolUse", exitCode: 1, stdout: "AAAA", truncated: true })).toEqual([]);
		expect(lintOutcome("PreToolUse", timedOut())).toEqual([]);
		expect(lintOutcome("PreToolUse", exited(0, json({ additionalContext: "c" })))).toHaveLength(1);
	});

	it("puts the field first in the one-line form", () => {
		const [lint] = lintHookOutput({ event: "PreToolUse", exitCode: 0, stdout: json({ additionalContext: "c" }) });
		expect(lint && lintLine(lint)).toMatch(
			/^additionalContext: top-level "additionalContext" is ignored.*; write /,
		);
	});
});
