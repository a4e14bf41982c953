/** The prompt, session and background-hook planners. */
import { describe, expect, it } from "vitest";
import { decideContextEvent } from "../../../src/engine/decide/context.ts";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { planAsyncVerdict, planPrompt, planSessionContext, promptExpansion } from "../../../src/engine/plan/prompt.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const verdicts = (event: HookEventName, ...outcomes: ProcessOutcome[]) =>
	outcomes.map((outcome, index) => interpretOutcome(commandEntry(`u${index}.sh`, event), event, outcome));
const shape = (steps: readonly PlanStep[]): string[] =>
	steps.map((step) =>
		step.do === "notify"
			? `notify:${step.notice.level}`
			: `record:${step.record.kind}[${step.record.hooks.map((h) => h.command).join(",")}]`,
	);

describe("planPrompt", () => {
	it.each([
		{ name: "nothing", hooks: [exited(0)], blocked: false, steps: [], context: 0 },
		{
			name: "stdout is context",
			hooks: [exited(0, "ctx")],
			blocked: false,
			steps: ["record:context[u0.sh]"],
			context: 1,
		},
		{
			name: "exit 2 blocks and tells the user",
			hooks: [exited(0, "ctx"), exited(2, "", "no")],
			blocked: true,
			steps: ["notify:warning", "record:prompt_blocked[u1.sh]"],
			context: 0,
		},
		{
			name: "continue:false blocks, recorded with its hook",
			hooks: [exited(0, JSON.stringify({ continue: false }))],
			blocked: true,
			steps: ["notify:warning", "record:prompt_blocked[u0.sh]"],
			context: 0,
		},
	])("$name", ({ hooks, blocked, steps, context }) => {
		const decision = decideContextEvent(verdicts("UserPromptSubmit", ...hooks), "UserPromptSubmit", true);
		const plan = planPrompt(decision, { event: "UserPromptSubmit", input: "go", time: 1 });
		expect(plan.blocked).toBe(blocked);
		expect(shape(plan.steps)).toEqual(steps);
		expect(plan.context).toHaveLength(context);
	});
});

describe("a blocked prompt's card", () => {
	const cardOfPlan = (...hooks: ProcessOutcome[]) => {
		const decision = decideContextEvent(verdicts("UserPromptSubmit", ...hooks), "UserPromptSubmit", true);
		const step = planPrompt(decision, { event: "UserPromptSubmit", input: "go", time: 1 }).steps.at(-1);
		return step?.do === "record" ? step.record : undefined;
	};

	it("says the hook's words (its stderr) without the [command] the notice puts before them", () => {
		const card = cardOfPlan(exited(2, "", "no secrets in prompts\n"));
		expect(card?.reason).toBe("[u0.sh]: no secrets in prompts");
		expect(card?.said).toEqual(["no secrets in prompts\n"]);
	});

	it("says a JSON block's reason, and has no words of its own for a bare continue:false", () => {
		expect(cardOfPlan(exited(0, JSON.stringify({ decision: "block", reason: "not now" })))?.said).toEqual([
			"not now",
		]);
		const stopped = cardOfPlan(exited(0, JSON.stringify({ continue: false, stopReason: "halt" })));
		expect(stopped?.said).toBeUndefined();
		expect(stopped?.reason).toContain("halt");
	});
});

describe("planSessionContext", () => {
	it("SessionStart exit 2 is only a notice; stdout is context", () => {
		const decision = decideContextEvent(
			verdicts("SessionStart", exited(2, "", "broken"), exited(0, "hello")),
			"SessionStart:startup",
			false,
		);
		const plan = planSessionContext(decision, "SessionStart:startup", {
			event: "SessionStart",
			input: "startup",
			time: 1,
		});
		expect(shape(plan.steps)).toEqual(["notify:warning", "record:error[u0.sh]", "record:context[u1.sh]"]);
		expect(plan.context).toEqual([
			"<system-reminder>\nSessionStart:startup hook success: hello\n</system-reminder>",
		]);
	});
});

describe("planAsyncVerdict", () => {
	const rewake = commandEntry("wake.sh", "PostToolUse", { asyncRewake: true });
	it.each([
		{ name: "a failure is a card", verdict: verdicts("PostToolUse", timedOut(1000))[0], action: "record:timeout" },
		{ name: "plain success: nothing", verdict: verdicts("PostToolUse", exited(0, "x"))[0], action: "none" },
		{
			name: "unparsable JSON is a card",
			verdict: verdicts("PostToolUse", exited(0, "{x"))[0],
			action: "record:error",
		},
		{
			name: "context for the next turn",
			verdict: verdicts(
				"PostToolUse",
				exited(
					0,
					JSON.stringify({
						systemMessage: "hi",
						hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c" },
					}),
				),
			)[0],
			action: "context",
		},
		{
			name: "asyncRewake exit 2 wakes the agent",
			verdict: interpretOutcome(rewake, "PostToolUse", exited(2, "", "wake up")),
			action: "wake",
		},
	])("$name", ({ verdict, action }) => {
		if (verdict === undefined) throw new Error("no verdict");
		const plan = planAsyncVerdict(verdict, "PostToolUse:Bash", { event: "PostToolUse", input: "", time: 1 });
		const done = [
			...plan.steps.map((step) => (step.do === "record" ? `record:${step.record.kind}` : "notify")),
			...(plan.deliver === undefined ? [] : [plan.deliver.action]),
		];
		expect(done.join(",") || "none").toBe(action);
	});
});

describe("pi -> Claude Code event mappings", () => {
	it.each([
		["/skill:deploy now", [], { commandName: "skill:deploy", commandArgs: "now", source: "skill" }],
		["/review src/a.ts", ["review"], { commandName: "review", commandArgs: "src/a.ts", source: "prompt" }],
		["/unknown x", ["review"], undefined],
		["plain text", ["review"], undefined],
	] as const)("prompt %j expands as %j", (text, templates, expected) => {
		expect(promptExpansion(text, templates)).toEqual(expected);
	});
});
