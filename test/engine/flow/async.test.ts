/**
 * The background-result flow on a real engine with real hook processes: an `asyncRewake` hook's exit 2 plans a
 * wake-up with its stderr under the hook's name, an `async` hook's context and systemMessage plan hidden context,
 * a failure plans one card naming the tool, and plain success plans nothing.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HookVerdict } from "../../../src/engine/decide/interpret.ts";
import type { DispatchRequest } from "../../../src/engine/dispatch/types.ts";
import { asyncResult } from "../../../src/engine/flow/async.ts";
import { runEvent } from "../../../src/engine/flow/run-event.ts";
import { FLOW_CLOCK, flowEngine } from "../../support/flow-engine.ts";

/** Starts one background PostToolUse Bash hook (`handler`) and resolves with its verdict and request. */
const finished = async (handler: Record<string, unknown>): Promise<[HookVerdict, DispatchRequest]> => {
	let done: (value: [HookVerdict, DispatchRequest]) => void = () => {};
	const ended = new Promise<[HookVerdict, DispatchRequest]>((resolve) => {
		done = resolve;
	});
	const { ports, moment } = flowEngine(
		{ PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", ...handler }] }] },
		mkdtempSync(join(tmpdir(), "phm-flow-async-")),
		{ observers: { onAsyncVerdict: (verdict, request) => done([verdict, request]) } },
	);
	const run = await runEvent(ports, moment, {
		event: "PostToolUse",
		matchValues: ["Bash"],
		tool: { ccToolName: "Bash", ccInput: { command: "npm test" } },
		payload: { hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "npm test" } },
		summary: "npm test",
	});
	expect(run.verdicts).toEqual([]);
	expect(run.background).toHaveLength(1);
	return ended;
};

const clock = { clock: () => FLOW_CLOCK };

describe("asyncResult", () => {
	it("an asyncRewake hook's exit 2 wakes the agent with its stderr under the hook's name", async () => {
		const [verdict, request] = await finished({
			command: "cat >/dev/null; echo 'tests failed: 3' >&2; exit 2",
			asyncRewake: true,
		});
		const plan = asyncResult(clock, verdict, request);
		expect(plan.steps).toEqual([]);
		expect(plan.deliver?.action).toBe("wake");
		expect(plan.deliver?.text).toContain("PostToolUse:Bash hook: tests failed: 3");
	});

	it("an async hook's additionalContext and systemMessage are hidden context for the next turn", async () => {
		const output = {
			systemMessage: "lint is slow",
			hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "LINT-OK" },
		};
		const [verdict, request] = await finished({
			command: `cat >/dev/null; printf '%s' '${JSON.stringify(output)}'`,
			async: true,
		});
		const plan = asyncResult(clock, verdict, request);
		expect(plan.deliver?.action).toBe("context");
		expect(plan.deliver?.text).toMatch(/LINT-OK[\s\S]*PostToolUse:Bash hook says: lint is slow/);
	});

	it("a failure is one card naming the tool and input, delivering nothing; plain success plans nothing", async () => {
		const [failed, request] = await finished({ command: "cat >/dev/null; echo broke >&2; exit 1", async: true });
		const plan = asyncResult(clock, failed, request);
		expect(plan.deliver).toBeUndefined();
		expect(plan.steps.map((step) => (step.do === "record" ? [step.record.kind, step.record.tool] : []))).toEqual([
			["error", "Bash"],
		]);
		const [fine, again] = await finished({ command: "cat >/dev/null; echo fine", async: true });
		expect(asyncResult(clock, fine, again)).toEqual({ steps: [], deliver: undefined });
	});
});
