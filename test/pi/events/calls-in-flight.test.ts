/**
 * Which hook runs wait for the other tool calls of a reply (calls-in-flight.ts), in the order pi-agent-core fires
 * the events: every outer `tool_call` first, then the executions at once, each `tool_result` as its tool returns.
 */
import { describe, expect, it } from "vitest";
import { createCallsInFlight } from "../../../src/pi/events/calls-in-flight.ts";

/** True once `promise` settled, after the pending microtasks ran. */
const settledYet = async (promise: Promise<void> | undefined): Promise<boolean> => {
	if (promise === undefined) return true;
	let done = false;
	void promise.then(() => {
		done = true;
	});
	await new Promise((resolve) => setImmediate(resolve));
	return done;
};

describe("calls in flight", () => {
	it("holds a PostToolUse while another call of the reply runs, and lets it go when that one returns", async () => {
		const calls = createCallsInFlight();
		calls.started("a");
		calls.started("b");
		calls.ended("a");
		const held = calls.settle("PostToolUse", "a");
		expect(held).toBeDefined();
		expect(await settledYet(held)).toBe(false);
		calls.ended("b");
		expect(await settledYet(held)).toBe(true);
	});

	it("holds nothing when no other call runs, nor an outer PreToolUse (no call of the reply runs yet)", () => {
		const calls = createCallsInFlight();
		calls.started("a");
		calls.ended("a");
		expect(calls.settle("PostToolUse", "a")).toBeUndefined();
		calls.started("b");
		calls.started("c");
		expect(calls.settle("PreToolUse", "c")).toBeUndefined();
		expect(calls.settle("PostToolUseFailure", undefined)).toBeUndefined();
		expect(calls.settle("Notification", "c")).toBeUndefined();
	});

	it("holds a nested call's PreToolUse for the other calls, never for the tool that made it", async () => {
		const calls = createCallsInFlight();
		calls.started("code");
		calls.started("bash");
		calls.nested("code/1", "code");
		calls.started("code/1");
		const held = calls.settle("PreToolUse", "code/1");
		expect(await settledYet(held)).toBe(false);
		calls.ended("bash");
		expect(await settledYet(held)).toBe(true);
		expect(calls.settle("PostToolUse", "code/1")).toBeUndefined();
	});

	it("two codemode calls whose nested calls run at once do not wait for each other (no deadlock)", async () => {
		const calls = createCallsInFlight();
		calls.started("p1");
		calls.started("p2");
		calls.nested("p1/1", "p1");
		calls.started("p1/1");
		calls.ended("p1/1");
		// p2 has made no call yet: it still counts.
		const first = calls.settle("PostToolUse", "p1/1");
		expect(await settledYet(first)).toBe(false);
		// Its first nested call (tool_execution_start, before pi's queue) shows it runs other tools.
		calls.nested("p2/1", "p2");
		expect(await settledYet(first)).toBe(true);
	});

	it("an abort or the end of the run lets every held hook go", async () => {
		const calls = createCallsInFlight();
		calls.started("a");
		calls.started("b");
		const abort = new AbortController();
		const aborted = calls.settle("PostToolUse", "a", abort.signal);
		const cleared = calls.settle("PostToolUse", "a");
		abort.abort();
		expect(await settledYet(aborted)).toBe(true);
		expect(await settledYet(cleared)).toBe(false);
		calls.clear();
		expect(await settledYet(cleared)).toBe(true);
	});
});
