/** The Stop, PostToolBatch and PreCompact planners: one more turn, the block cap, stopping, cancelling. */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { decideBlockEvent, STOP_BLOCK_CAP } from "../../../src/engine/decide/stop.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import { planBatch, planPreCompact, planStop } from "../../../src/engine/plan/stop.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited } from "../../support/entries.ts";

const decide = (event: HookEventName, ...outcomes: ProcessOutcome[]) =>
	decideBlockEvent(
		outcomes.map((outcome, index) => interpretOutcome(commandEntry(`s${index}.sh`, event), event, outcome)),
		event,
	);
const shape = (steps: readonly PlanStep[]): string[] =>
	steps.map((step) =>
		step.do === "notify"
			? `notify:${step.notice.level}`
			: `record:${step.record.kind}[${step.record.hooks.map((h) => h.command).join(",")}]`,
	);
const facts = (event: HookEventName) => ({ event, input: "", time: 1 });
const block = exited(0, JSON.stringify({ decision: "block", reason: "not done" }));
const context = exited(
	0,
	JSON.stringify({ hookSpecificOutput: { hookEventName: "Stop", additionalContext: "check" } }),
);

describe("planStop", () => {
	it.each([
		{
			name: "no block: the agent settles, the count resets",
			hooks: [exited(0)],
			before: 3,
			after: 0,
			steps: [],
			more: false,
		},
		{
			name: "a block: one more turn",
			hooks: [block],
			before: 0,
			after: 1,
			steps: ["record:stop_continue[s0.sh]"],
			more: true,
		},
		{
			name: "context alone keeps going",
			hooks: [context],
			before: 2,
			after: 3,
			steps: ["record:stop_continue[s0.sh]"],
			more: true,
		},
		{
			name: "the cap ends it and tells the user",
			hooks: [block],
			before: STOP_BLOCK_CAP,
			after: 0,
			steps: ["notify:warning", "record:stop_cap[s0.sh]"],
			more: false,
		},
		{
			name: "continue:false settles it even with a block, and records the stop reason",
			hooks: [block, exited(0, JSON.stringify({ continue: false, stopReason: "halt", systemMessage: "note" }))],
			before: 2,
			after: 0,
			steps: ["notify:info", "record:continue_false[s1.sh]"],
			more: false,
		},
		{
			name: "one below the cap still continues",
			hooks: [block],
			before: STOP_BLOCK_CAP - 1,
			after: STOP_BLOCK_CAP,
			steps: ["record:stop_continue[s0.sh]"],
			more: true,
		},
	])("$name", ({ hooks, before, after, steps, more }) => {
		const plan = planStop(decide("Stop", ...hooks), before, STOP_BLOCK_CAP, facts("Stop"));
		expect(shape(plan.steps)).toEqual(steps);
		expect(plan.consecutiveBlocks).toBe(after);
		expect(plan.feedback !== undefined).toBe(more);
	});

	it("continue:false's record is Claude Code's stop text with the stopReason", () => {
		const stop = exited(0, JSON.stringify({ continue: false, stopReason: "STOP-HOOK-REASON" }));
		const [step] = planStop(decide("Stop", stop), 0, STOP_BLOCK_CAP, facts("Stop")).steps;
		expect(step?.do === "record" && step.record.reason).toBe("Stop hook stopped continuation: STOP-HOOK-REASON");
	});

	it("a lower cap from the environment ends it sooner", () => {
		const plan = planStop(decide("Stop", block), 2, 2, facts("Stop"));
		expect(shape(plan.steps)).toEqual(["notify:warning", "record:stop_cap[s0.sh]"]);
	});

	it("the feedback is the reasons, then the context", () => {
		expect(planStop(decide("Stop", block, context), 0, STOP_BLOCK_CAP, facts("Stop")).feedback).toBe(
			"Stop hook feedback:\nnot done\ncheck",
		);
	});
});

describe("planBatch", () => {
	it.each([
		{ name: "nothing", hooks: [exited(0)], steps: [], stops: false },
		{
			name: "a block stops the agent, told once by its card",
			hooks: [block],
			steps: ["record:block[s0.sh]"],
			stops: true,
		},
		{
			name: "continue:false stops it too",
			hooks: [exited(0, JSON.stringify({ continue: false, stopReason: "halt" }))],
			steps: ["record:block[s0.sh]"],
			stops: true,
		},
		{
			name: "context goes with the next request",
			hooks: [
				exited(
					0,
					JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolBatch", additionalContext: "c" } }),
				),
			],
			steps: ["record:context[s0.sh]"],
			stops: false,
		},
	])("$name", ({ hooks, steps, stops }) => {
		const plan = planBatch(decide("PostToolBatch", ...hooks), facts("PostToolBatch"));
		expect(shape(plan.steps)).toEqual(steps);
		expect(plan.stop !== undefined).toBe(stops);
	});
});

describe("planPreCompact", () => {
	it.each([
		{ hooks: [exited(0)], cancel: false, steps: [] },
		{
			hooks: [exited(2, "", "not now")],
			cancel: true,
			steps: ["notify:warning", "record:compact_cancelled[s0.sh]"],
		},
	])("cancel=$cancel", ({ hooks, cancel, steps }) => {
		const plan = planPreCompact(decide("PreCompact", ...hooks), facts("PreCompact"));
		expect(plan.cancel).toBe(cancel);
		expect(shape(plan.steps)).toEqual(steps);
	});
});
