import { describe, expect, it } from "vitest";
import { decideContextEvent, promptBlockedText } from "../../src/engine/decide-context.ts";
import { decideBlockEvent, stopFeedbackText } from "../../src/engine/decide-stop.ts";
import { isUrlAllowed, resolveHeaders } from "../../src/engine/http.ts";
import { interpretOutcome } from "../../src/engine/interpret.ts";
import { buildHookPrompt, parsePromptAnswer, promptAnswerToHookJson } from "../../src/engine/prompt-hook.ts";
import type { HookEventName, ProcessOutcome } from "../../src/engine/types.ts";
import { commandEntry, exited } from "../support/entries.ts";

const verdicts = (event: HookEventName, ...outcomes: ProcessOutcome[]) =>
	outcomes.map((outcome, index) => interpretOutcome(commandEntry(`hook${index}.sh`, event), event, outcome));

describe("decideContextEvent (UserPromptSubmit, SessionStart)", () => {
	it("plain stdout and additionalContext become context in Claude Code's words", () => {
		const json = JSON.stringify({
			hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "B" },
		});
		const decision = decideContextEvent(
			verdicts("UserPromptSubmit", exited(0, "A\n"), exited(0, json)),
			"UserPromptSubmit",
			true,
		);
		expect(decision.blocked).toBe(false);
		expect(decision.context).toEqual([
			"<system-reminder>\nUserPromptSubmit hook success: A\n</system-reminder>",
			"<system-reminder>\nUserPromptSubmit hook additional context: B\n</system-reminder>",
		]);
	});

	it("exit 2 and decision:block block the prompt with reasons for the user", () => {
		const decision = decideContextEvent(
			verdicts(
				"UserPromptSubmit",
				exited(2, "", "no\n"),
				exited(0, JSON.stringify({ decision: "block", reason: "ups reason" })),
			),
			"UserPromptSubmit",
			true,
		);
		expect(decision.blockReasons).toEqual(["[hook0.sh]: no\n", "ups reason"]);
		expect(promptBlockedText("UserPromptSubmit", decision.blockReasons, "go")).toBe(
			"UserPromptSubmit operation blocked by hook:\n[hook0.sh]: no\nups reason\n\nOriginal prompt: go",
		);
	});

	it("SessionStart cannot block: exit 2 is a notice for the user", () => {
		const decision = decideContextEvent(
			verdicts("SessionStart", exited(2, "", "broken\n")),
			"SessionStart:startup",
			false,
		);
		expect(decision.blocked).toBe(false);
		expect(decision.notices.map((n) => n.text)).toEqual(["SessionStart:startup hook error: [hook0.sh]: broken"]);
	});

	it("continue:false on a prompt blocks it with the stop reason", () => {
		const decision = decideContextEvent(
			verdicts("UserPromptSubmit", exited(0, JSON.stringify({ continue: false, stopReason: "halt" }))),
			"UserPromptSubmit",
			true,
		);
		expect(decision.blocked).toBe(true);
		expect(decision.blockReasons).toEqual(["UserPromptSubmit hook stopped continuation: halt"]);
	});
});

describe("decideBlockEvent (Stop, PostToolBatch, PreCompact)", () => {
	it("a Stop block becomes the model's next instruction (observed case i)", () => {
		const block = decideBlockEvent(
			verdicts("Stop", exited(0, JSON.stringify({ decision: "block", reason: "stop reason: please continue" }))),
			"Stop",
		);
		expect(stopFeedbackText(block)).toBe("Stop hook feedback:\nstop reason: please continue");
		const exit2 = decideBlockEvent(verdicts("Stop", exited(2, "", "stop stderr: not finished yet\n")), "Stop");
		expect(stopFeedbackText(exit2)).toBe("Stop hook feedback:\n[hook0.sh]: stop stderr: not finished yet\n");
	});

	it("additionalContext on Stop continues without a block", () => {
		const json = JSON.stringify({
			hookSpecificOutput: { hookEventName: "Stop", additionalContext: "one more check" },
		});
		const decision = decideBlockEvent(verdicts("Stop", exited(0, json)), "Stop");
		expect(decision.blocked).toBe(false);
		expect(decision.additionalContext).toEqual(["one more check"]);
	});

	it("plain stdout and exit 1 never block", () => {
		expect(
			decideBlockEvent(verdicts("PreCompact", exited(0, "text"), exited(1, "", "oops")), "PreCompact").blocked,
		).toBe(false);
	});
});

describe("http hook helpers", () => {
	it("headers interpolate only allowed variables; others become empty", () => {
		expect(
			resolveHeaders({ A: "Bearer $TOKEN", B: "${TOKEN}-${OTHER}", C: 5 }, ["TOKEN"], { TOKEN: "t", OTHER: "o" }),
		).toEqual({ A: "Bearer t", B: "t-" });
	});

	it.each([
		["http://localhost:8080/x", undefined, true],
		["http://localhost:8080/x", [], false],
		["https://hooks.example.com/a", ["https://hooks.example.com/*"], true],
		["https://evil.com/a?https://hooks.example.com/", ["https://hooks.example.com/*"], false],
	] as const)("%s with allowedHttpHookUrls %j is allowed: %s", (url, patterns, expected) => {
		expect(isUrlAllowed(url, patterns)).toBe(expected);
	});
});

describe("prompt hook helpers", () => {
	it("puts the input JSON at $ARGUMENTS, or after the prompt, and keeps \\$ literal", () => {
		expect(buildHookPrompt("Check $ARGUMENTS now", "{}")).toBe("Check {} now");
		expect(buildHookPrompt("Check this", "{}")).toBe("Check this\n\n{}");
		expect(buildHookPrompt("Costs \\$5: $ARGUMENTS", "{}")).toBe("Costs $5: {}");
	});

	it("reads {ok, reason} from the model's answer, even inside a code fence", () => {
		expect(parsePromptAnswer('```json\n{"ok": false, "reason": "no"}\n```')).toEqual({ ok: false, reason: "no" });
		expect(parsePromptAnswer("sure")).toBeUndefined();
		expect(parsePromptAnswer('{"ok": "yes"}')).toBeUndefined();
	});

	it.each([
		[
			"PreToolUse",
			{
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					permissionDecision: "deny",
					permissionDecisionReason: "r",
				},
			},
		],
		["Stop", { decision: "block", reason: "r" }],
		["UserPromptSubmit", { decision: "block", reason: "r" }],
		["PostToolUseFailure", { hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "r" } }],
	] as const)("ok:false on %s means %j", (event, expected) => {
		expect(promptAnswerToHookJson(event, { ok: false, reason: "r" })).toEqual(expected);
		expect(promptAnswerToHookJson(event, { ok: true, reason: "" })).toEqual({});
	});
});

describe("visibleText", () => {
	it("escapes control characters so a command cannot hide part of itself", async () => {
		const { visibleText } = await import("../../src/engine/messages.ts");
		expect(visibleText("touch /tmp/x\r\u001b[2Kecho ok")).toBe("touch /tmp/x\\r\\e[2Kecho ok");
		expect(visibleText("echo one\ntouch X\u0007")).toBe("echo one\\ntouch X\\x07");
		expect(visibleText('python3 "$CLAUDE_PROJECT_DIR/a b.py" --flag')).toBe(
			'python3 "$CLAUDE_PROJECT_DIR/a b.py" --flag',
		);
	});
});
