/** decideContextEvent: UserPromptSubmit, UserPromptExpansion and SessionStart decisions, in Claude Code's words. */
import { describe, expect, it } from "vitest";
import { decideContextEvent, promptBlockedText } from "../../../src/engine/decide/context.ts";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited } from "../../support/entries.ts";

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
		expect(decision.context?.texts).toEqual([
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
		expect(decision).toMatchObject({ blocked: true, reasons: ["[hook0.sh]: no\n", "ups reason"] });
		expect(promptBlockedText("UserPromptSubmit", decision.blocked ? decision.reasons : [], "go")).toBe(
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
		expect(decision).toMatchObject({
			blocked: true,
			reasons: ["UserPromptSubmit hook stopped continuation: halt"],
		});
	});

	it("names the hooks behind each part: continue:false blocks by its hook, SessionStart's exit 2 is an error", () => {
		const stopped = decideContextEvent(
			verdicts("UserPromptSubmit", exited(0, "A\n"), exited(0, JSON.stringify({ continue: false }))),
			"UserPromptSubmit",
			true,
		);
		const commands = (by: readonly { entry: { handler: unknown } }[]) => by.map((verdict) => verdict.entry.handler);
		if (!stopped.blocked) throw new Error("expected a block");
		expect(commands(stopped.by)).toMatchObject([{ command: "hook1.sh" }]);
		expect(commands(stopped.context?.by ?? [])).toMatchObject([{ command: "hook0.sh" }]);
		const start = decideContextEvent(
			verdicts("SessionStart", exited(0, "A\n"), exited(2, "", "broken\n")),
			"SessionStart:startup",
			false,
		);
		if (start.blocked) throw new Error("SessionStart cannot block");
		expect(commands(start.errors)).toMatchObject([{ command: "hook1.sh" }]);
		expect(start.context?.texts).toEqual([
			"<system-reminder>\nSessionStart:startup hook success: A\n</system-reminder>",
		]);
	});
});
