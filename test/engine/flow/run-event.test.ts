/**
 * What every flow shares, on a real engine with real hook processes: one dispatch of the event and one failure card
 * step per failing hook (error or timeout, with the input, the tool and the clock), none where Claude Code reports
 * no failures (MessageDisplay), and the moment's or the request's signal cancelling the hooks.
 */
import { describe, expect, it } from "vitest";
import { type FlowRequest, runEvent } from "../../../src/engine/flow/run-event.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import { FLOW_CLOCK, flowEngine } from "../../support/flow-engine.ts";

const stopRequest: FlowRequest = {
	event: "Stop",
	matchValues: [],
	payload: { hook_event_name: "Stop" },
	summary: "end of turn",
};

const cards = (steps: readonly PlanStep[]) => steps.flatMap((step) => (step.do === "record" ? [step.record] : []));

const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: "command", command: text, ...extra });

describe("runEvent", () => {
	it("gives the verdicts and no step for hooks that succeed", async () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [command("echo fine")] }] }, "/");
		const run = await runEvent(ports, moment, stopRequest);
		expect(run.verdicts.map((verdict) => verdict.status)).toEqual(["success"]);
		expect(run.steps).toEqual([]);
	});

	it("plans one error card per failing hook, with the input and the clock's time", async () => {
		const { ports, moment } = flowEngine(
			{
				Stop: [
					{ hooks: [command("echo broke >&2; exit 1"), command("echo also >&2; exit 7"), command("true")] },
				],
			},
			"/",
		);
		const run = await runEvent(ports, moment, stopRequest);
		expect(run.verdicts.map((verdict) => verdict.status).sort()).toEqual(["error", "error", "success"]);
		expect(cards(run.steps)).toEqual([
			expect.objectContaining({ kind: "error", event: "Stop", input: "end of turn", time: FLOW_CLOCK }),
			expect.objectContaining({ kind: "error", event: "Stop", input: "end of turn", time: FLOW_CLOCK }),
		]);
	});

	it("plans a timeout card for a hook that ran out of time", async () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [command("sleep 30", { timeout: 1 })] }] }, "/");
		const run = await runEvent(ports, moment, stopRequest);
		expect(run.verdicts.map((verdict) => verdict.status)).toEqual(["timeout"]);
		expect(cards(run.steps).map((card) => card.kind)).toEqual(["timeout"]);
	});

	it("names the tool of a tool event in its cards", async () => {
		const { ports, moment } = flowEngine({ PreToolUse: [{ matcher: "Bash", hooks: [command("exit 1")] }] }, "/");
		const run = await runEvent(ports, moment, {
			event: "PreToolUse",
			matchValues: ["Bash"],
			tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
			payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
			summary: "ls",
		});
		expect(cards(run.steps)).toEqual([expect.objectContaining({ kind: "error", tool: "Bash", input: "ls" })]);
	});

	it("plans no card for a failing MessageDisplay hook (Claude Code reports none)", async () => {
		const { ports, moment } = flowEngine({ MessageDisplay: [{ hooks: [command("exit 1")] }] }, "/");
		const run = await runEvent(ports, moment, {
			event: "MessageDisplay",
			matchValues: [],
			payload: { hook_event_name: "MessageDisplay" },
			summary: "hi",
		});
		expect(run.verdicts.map((verdict) => verdict.status)).toEqual(["error"]);
		expect(run.steps).toEqual([]);
	});

	it.each(["moment", "request"])("hands the %s's signal to the hooks, so aborting it cancels them", async (owner) => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [command("sleep 30")] }] }, "/");
		const controller = new AbortController();
		const running =
			owner === "moment"
				? runEvent(ports, { ...moment, signal: controller.signal }, stopRequest)
				: runEvent(ports, moment, { ...stopRequest, signal: controller.signal });
		controller.abort();
		const run = await running;
		expect(run.verdicts.map((verdict) => verdict.status)).toEqual(["cancelled"]);
		expect(cards(run.steps).every((card) => card.kind !== "timeout")).toBe(true);
	});
});
