/**
 * The adapters' one way to run a flow, in a real pi session: nothing is read for a flow with nothing to run, the
 * plan's steps are carried out once it is done, and a plan's steps go out in order (notices to the UI, records).
 */
import { describe, expect, it } from "vitest";
import type { Card } from "../../../src/engine/plan/card.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import { carryOut, type HookContext, runFlow } from "../../../src/pi/events/hook-context.ts";
import { CLOCK, type Hooks, startHookContext } from "../../support/hook-context.ts";
import { type FakeUiLog, useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-hook-context-");

/** A hook context over `hooks` with the pi context of a real session (with a recording UI). */
const contextFor = async (hooks: Hooks): Promise<{ hc: HookContext; records: Card[]; ui: FakeUiLog }> =>
	startHookContext(sdk, hooks);

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

	it("carries out the steps it picks from the flow's plan once the flow is done", async () => {
		const { hc, records } = await contextFor({});
		const card = { kind: "context", event: "Stop", input: "x", time: CLOCK, hooks: [] } as unknown as Card;
		const steps: PlanStep[] = [{ do: "record", record: card }];
		const running = runFlow(
			hc,
			() => Promise.resolve({ steps, other: 1 }),
			(plan) => plan.steps,
		);
		expect(records).toEqual([]);
		expect(await running).toEqual({ steps, other: 1 });
		expect(records).toEqual([card]);
	});
});

describe("carryOut", () => {
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
	});
});
