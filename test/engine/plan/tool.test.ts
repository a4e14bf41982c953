/** The PreToolUse / PostToolUse planners: Claude Code's order of deny, rewrite check, ask and no-UI, as plans. */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { decidePostToolUse, decidePreToolUse } from "../../../src/engine/decide/tool.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import {
	planPostToolUse,
	planPreToolAnswer,
	planPreToolUse,
	type ToolCallFacts,
} from "../../../src/engine/plan/tool.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { renderCard } from "../../../src/ui/card-view.ts";
import { plainTheme } from "../../../src/ui/theme.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const specific = (event: HookEventName, fields: Record<string, unknown>, top: Record<string, unknown> = {}) =>
	exited(0, JSON.stringify({ ...top, hookSpecificOutput: { hookEventName: event, ...fields } }));
const deny = specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no rm" });
const ask = specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "sure?" });
const rewrite = specific("PreToolUse", { updatedInput: { command: "echo safe" } });
const badRewrite = specific("PreToolUse", { updatedInput: { command: 42 } });
const context = specific("PreToolUse", { additionalContext: "prefer rg" });
const stop = exited(0, JSON.stringify({ continue: false, stopReason: "enough" }));

const facts = (hasUI: boolean, event: HookEventName = "PreToolUse"): ToolCallFacts => ({
	event,
	tool: "Bash",
	input: "rm -rf x",
	time: 1,
	name: `${event}:Bash`,
	piToolName: "bash",
	summarize: (input) => String(input.command),
	hasUI,
});

const pre = (...outcomes: Parameters<typeof interpretOutcome>[2][]) =>
	decidePreToolUse(
		outcomes.map((outcome, index) => interpretOutcome(commandEntry(`h${index}.sh`), "PreToolUse", outcome)),
		"PreToolUse:Bash",
	);

/** Steps as short strings: `notify:<level>` or `record:<kind>[:answer]<hook commands>`. */
const shape = (steps: readonly PlanStep[]): string[] =>
	steps.map((step) =>
		step.do === "notify"
			? `notify:${step.notice.level}`
			: `record:${step.record.kind}${step.record.answer ? `:${step.record.answer}` : ""}` +
				`[${step.record.hooks.map((h) => h.command).join(",")}]`,
	);

describe("planPreToolUse", () => {
	it.each([
		{ name: "nothing decided: proceed unchanged", hooks: [exited(0)], ui: true, steps: [], action: "proceed" },
		{ name: "a deny blocks at once", hooks: [deny], ui: true, steps: ["record:block[h0.sh]"], action: "block" },
		{
			name: "deny wins over ask, and context is recorded first",
			hooks: [ask, context, deny],
			ui: true,
			steps: ["record:context[h1.sh]", "record:block[h2.sh]"],
			action: "block",
		},
		{ name: "an ask with a UI asks", hooks: [ask], ui: true, steps: [], action: "confirm" },
		{
			name: "an ask without a UI blocks and tells why",
			hooks: [ask],
			ui: false,
			steps: ["record:ask:no_ui[h0.sh]", "notify:warning"],
			action: "block",
		},
		{
			name: "a valid rewrite is recorded",
			hooks: [rewrite],
			ui: true,
			steps: ["record:rewrite[h0.sh]"],
			action: "proceed",
		},
		{
			name: "an invalid rewrite rejects the call before the ask (Claude Code: the original never runs)",
			hooks: [badRewrite, ask],
			ui: true,
			steps: ["record:block[h0.sh]"],
			action: "block",
		},
		{
			name: "continue:false beside a failure (its own card, made by runEvent): stop record, proceed",
			hooks: [timedOut(1000), stop],
			ui: true,
			steps: ["record:continue_false[h1.sh]"],
			action: "proceed",
		},
	])("$name", ({ hooks, ui, steps, action }) => {
		const plan = planPreToolUse(pre(...hooks), facts(ui), { command: "rm -rf x" });
		expect(shape(plan.steps)).toEqual(steps);
		expect(plan.outcome.action).toBe(action);
	});

	it("the block reason is the deny reason followed by the context", () => {
		const plan = planPreToolUse(pre(context, deny), facts(true), { command: "rm -rf x" });
		expect(plan.outcome).toEqual({
			action: "block",
			reason: "no rm\n<system-reminder>\nPreToolUse:Bash hook additional context: prefer rg\n</system-reminder>",
		});
	});

	it("a rewrite replaces the whole input: a key the hook left out is gone (Claude Code drops omitted fields)", () => {
		const plan = planPreToolUse(pre(rewrite), facts(true), { command: "rm -rf x", timeout: 30 });
		expect(plan.outcome).toEqual({ action: "proceed", input: { command: "echo safe" }, context: [] });
	});

	it("the confirmation names the source and shows the rewritten input", () => {
		const plan = planPreToolUse(pre(rewrite, ask), facts(true), { command: "rm -rf x" });
		expect(plan.outcome).toEqual({
			action: "confirm",
			title: "Hook asks: allow Bash? [Claude project]",
			message: "echo safe\n\nsure?",
		});
		expect(plan.stop).toBeUndefined();
	});

	it("continue:false is handed to pi as a stop request", () => {
		expect(planPreToolUse(pre(stop), facts(true), {}).stop).toBe(
			"PreToolUse:Bash hook stopped continuation: enough",
		);
	});
});

describe("planPreToolAnswer", () => {
	it.each([
		{ allowed: true, steps: ["record:ask:allowed[h1.sh]", "record:rewrite[h0.sh]"], action: "proceed" },
		{ allowed: false, steps: ["record:ask:denied[h1.sh]"], action: "block" },
	])("answer allowed=$allowed", ({ allowed, steps, action }) => {
		const decision = pre(rewrite, ask);
		const plan = planPreToolUse(decision, facts(true), { command: "rm" });
		const answer = planPreToolAnswer(decision, facts(true), plan, allowed);
		expect(shape(answer.steps)).toEqual(steps);
		expect(answer.outcome.action).toBe(action);
		if (answer.outcome.action === "proceed") expect(answer.outcome.input).toEqual({ command: "echo safe" });
		if (answer.outcome.action === "block") {
			expect(answer.outcome.reason).toBe("The user denied this tool call (PreToolUse:Bash hook asked: sure?)");
		}
	});
});

describe("planPostToolUse", () => {
	const post = (event: HookEventName, ...outcomes: Parameters<typeof interpretOutcome>[2][]) =>
		decidePostToolUse(
			outcomes.map((outcome, index) => interpretOutcome(commandEntry(`p${index}.sh`, event), event, outcome)),
			`${event}:Bash`,
		);
	it.each([
		{ name: "nothing", hooks: [exited(0)], failed: false, steps: [], replaced: false },
		{
			name: "exit 2 is block feedback",
			hooks: [exited(2, "", "no")],
			failed: false,
			steps: ["record:block[p0.sh]"],
			replaced: false,
		},
		{
			name: "context only",
			hooks: [specific("PostToolUse", { additionalContext: "x" })],
			failed: false,
			steps: ["record:context[p0.sh]"],
			replaced: false,
		},
		{
			name: "a fitting updatedToolOutput replaces the result",
			hooks: [specific("PostToolUse", { updatedToolOutput: "new" })],
			failed: false,
			steps: ["record:output_replaced[p0.sh]"],
			replaced: true,
		},
		{
			name: "an output that does not fit is told and ignored",
			hooks: [specific("PostToolUse", { updatedToolOutput: { nope: 1 } })],
			failed: false,
			steps: ["notify:warning"],
			replaced: false,
		},
		{
			name: "a failed call's output is never replaced",
			hooks: [specific("PostToolUse", { updatedToolOutput: "new" })],
			failed: true,
			steps: [],
			replaced: false,
		},
	])("$name", ({ hooks, failed, steps, replaced }) => {
		const plan = planPostToolUse(post("PostToolUse", ...hooks), facts(true, "PostToolUse"), failed);
		expect(shape(plan.steps)).toEqual(steps);
		expect(plan.replacement !== undefined).toBe(replaced);
	});
});

describe("the words a card shows", () => {
	it("are the hook's own, even when its command holds a ]", () => {
		const entry = commandEntry("[ -f .lock ] && ./guard.sh");
		const decision = decidePreToolUse(
			[interpretOutcome(entry, "PreToolUse", exited(2, "", "locked: try later\n"))],
			"PreToolUse:Bash",
		);
		const plan = planPreToolUse(decision, facts(true), { command: "make" });
		const step = plan.steps[0];
		if (step?.do !== "record") throw new Error("no record");
		expect(step.record.reason).toBe("PreToolUse:Bash hook error: [[ -f .lock ] && ./guard.sh]: locked: try later");
		expect(step.record.said).toEqual(["locked: try later\n"]);
		expect(renderCard(step.record, 200, { expanded: false, theme: plainTheme })[0]).toContain("locked: try later");
		expect(renderCard(step.record, 200, { expanded: false, theme: plainTheme })[0]).not.toContain("hook error");
	});
});
