/**
 * Interrupt hooks in a real pi session (the SDK): the adapter says where pi's abort came from (its TUI is this
 * terminal, every other mode a client) and runs the flow (its rules are tested in test/engine/flow/interrupt.test.ts).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { abortOrigin, runInterrupt } from "../../../src/pi/events/interrupt-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-interrupt-");

describe("abortOrigin", () => {
	it.each([
		["tui", "terminal"],
		["rpc", "client"],
		["json", "client"],
		["print", "client"],
	] as const)("pi's %s mode: via %s", (mode, via) => {
		expect(abortOrigin({ mode })).toBe(via);
	});
});

describe("runInterrupt", () => {
	it("an SDK session's abort reaches the hook as the user's stop via a client", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc, records } = await startHookContext(sdk, { Interrupt: [{ hooks: [recordStdinTo(log)] }] });
		await runInterrupt(hc);
		expect(readJsonLines(log)).toEqual([
			expect.objectContaining({
				hook_event_name: "Interrupt",
				session_id: "s-1",
				source: "user",
				reason: "stop",
				via: "client",
			}),
		]);
		expect(records).toEqual([]);
	});
});
