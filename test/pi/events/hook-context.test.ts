import { describe, expect, it } from "vitest";
import type { Card } from "../../../src/engine/card.ts";
import type { PlanStep } from "../../../src/engine/plan.ts";
import { carryOut, type HookContext, runFlow, runHooks, showNotices } from "../../../src/pi/events/hook-context.ts";
import { CLOCK, type Hooks, startHookContext } from "../../support/hook-context.ts";
import { type FakeUiLog, useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-hook-context-");

/** A hook context over `hooks` with the pi context of a real session (with a recording UI). */
const contextFor = async (hooks: Hooks): Promise<{ hc: HookContext; records: Card[]; ui: FakeUiLog }> =>
	startHookContext(sdk, hooks);

const stopRequest = {
	event: "Stop" as const,
	matchValues: [],
	payload: { hook_event_name: "Stop" },
	summary: "end of turn",
};

describe("runHooks", () => {
	it("returns the verdicts and records nothing for hooks that succeed", async () => {
		const { hc, records } = await contextFor({ Stop: [{ hooks: [{ type: "command", command: "echo fine" }] }] });
		const verdicts = await runHooks(hc, stopRequest);
		expect(verdicts.map((verdict) => verdict.status)).toEqual(["success"]);
		expect(records).toEqual([]);
	});

	it("records one error decision per failing hook, with the input and the injected time", async () => {
		const { hc, records } = await contextFor({
			Stop: [
				{
					hooks: [
						{ type: "command", command: "echo broke >&2; exit 1" },
						{ type: "command", command: "echo also >&2; exit 7" },
						{ type: "command", command: "true" },
					],
				},
			],
		});
		const verdicts = await runHooks(hc, stopRequest);
		expect(verdicts.map((verdict) => verdict.status).sort()).toEqual(["error", "error", "success"]);
		expect(records).toHaveLength(2);
		for (const record of records)
			expect(record).toMatchObject({ kind: "error", event: "Stop", input: "end of turn", time: CLOCK });
	});

	it("records a timeout decision for a hook that ran out of time", async () => {
		const { hc, records } = await contextFor({
			Stop: [{ hooks: [{ type: "command", command: "sleep 30", timeout: 1 }] }],
		});
		const verdicts = await runHooks(hc, stopRequest);
		expect(verdicts.map((verdict) => verdict.status)).toEqual(["timeout"]);
		expect(records.map((record) => record.kind)).toEqual(["timeout"]);
	});

	it("names the tool of a tool event in its records", async () => {
		const { hc, records } = await contextFor({
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 1" }] }],
		});
		await runHooks(hc, {
			event: "PreToolUse",
			matchValues: ["Bash"],
			tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
			payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
			summary: "ls",
		});
		expect(records).toEqual([expect.objectContaining({ kind: "error", tool: "Bash", input: "ls" })]);
	});

	it("hands the request's signal to the hooks, so an aborted one cancels them", async () => {
		const { hc, records } = await contextFor({ Stop: [{ hooks: [{ type: "command", command: "sleep 30" }] }] });
		const controller = new AbortController();
		const running = runHooks(hc, { ...stopRequest, signal: controller.signal });
		controller.abort();
		const verdicts = await running;
		expect(verdicts.map((verdict) => verdict.status)).toEqual(["cancelled"]);
		expect(records.every((record) => record.kind !== "timeout")).toBe(true);
	});
});

describe("runFlow", () => {
	it("reads no session facts when the flow has nothing to run, and answers at once", async () => {
		const { hc } = await contextFor({});
		let reads = 0;
		const counting: HookContext = {
			...hc,
			get session() {
				reads++;
				return hc.session;
			},
		};
		expect(
			runFlow(
				counting,
				() => undefined,
				() => [],
			),
		).toBeUndefined();
		const ran = await runFlow(
			counting,
			(moment) => Promise.resolve(moment.session.sessionId),
			() => [],
		);
		expect([ran, reads]).toEqual([hc.session.sessionId, 1]);
	});
});

describe("carryOut and showNotices", () => {
	it("performs a plan's steps in order: notices to the UI, records to the log", async () => {
		const { hc, records, ui } = await contextFor({});
		const record = (input: string): Card =>
			({
				kind: "context",
				event: "Stop",
				input,
				reason: "r",
				time: CLOCK,
				hooks: [],
			}) as unknown as Card;
		const order: string[] = [];
		const tracking: HookContext = {
			...hc,
			onCard: (entry) => {
				order.push(`${entry.input} after ${ui.notices.length - before} notices`);
				records.push(entry);
			},
		};
		const before = ui.notices.length;
		const steps: PlanStep[] = [
			{ do: "record", record: record("one") },
			{ do: "notify", notice: { level: "warning", text: "careful \u001b[2J now" } },
			{ do: "record", record: record("two") },
		];
		carryOut(tracking, steps);
		expect(order).toEqual(["one after 0 notices", "two after 1 notices"]);
		expect(records.map((entry) => entry.input)).toEqual(["one", "two"]);
		expect(ui.notices.slice(before)).toEqual([
			{ message: expect.stringMatching(/^hooks: careful .*now$/), level: "warning" },
		]);
		expect(ui.notices[before]?.message).not.toContain("\u001b");
		showNotices(hc, [
			{ level: "info", text: "a" },
			{ level: "error", text: "b" },
		]);
		expect(ui.notices.slice(before + 1)).toEqual([
			{ message: "hooks: a", level: "info" },
			{ message: "hooks: b", level: "error" },
		]);
	});
});
