/**
 * Notification hooks in a real pi session: the adapter runs the flow for pi's waits (its rules are tested in
 * test/engine/flow/notification.test.ts) and carries out its plan (a failure recorded, no notice). The idle
 * timer fires once per quiet period and can be restarted or cancelled.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createIdleTimer, runNotification } from "../../../src/pi/events/notification-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-notification-");

describe("runNotification", () => {
	it("hands the flow pi's dialog and the idle wait: the hook gets each notification", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc, records } = await startHookContext(sdk, { Notification: [{ hooks: [recordStdinTo(log)] }] });
		await runNotification(hc, { waiting: "dialog", kind: "confirm", title: "Permission needed" });
		await runNotification(hc, { waiting: "input" });
		const [asked, idle] = readJsonLines(log);
		expect(asked).toMatchObject({
			hook_event_name: "Notification",
			session_id: "s-1",
			title: "Permission needed",
			notification_type: "permission_prompt",
		});
		expect(idle).toMatchObject({ notification_type: "idle_prompt" });
		expect(records).toEqual([]);
	});

	it("records a failing hook's card and shows no notice for a systemMessage", async () => {
		const { hc, records, ui } = await startHookContext(sdk, {
			Notification: [
				{
					hooks: [
						{ type: "command", command: "exit 3" },
						{ type: "command", command: `printf '%s' '{"systemMessage": "pinged the phone"}'` },
					],
				},
			],
		});
		await runNotification(hc, { waiting: "input" });
		expect(records.map((record) => [record.kind, record.event])).toEqual([["error", "Notification"]]);
		expect(ui.notices).toEqual([]);
	});
});

describe("createIdleTimer", () => {
	it("fires once after the quiet period; a restart begins the period again", async () => {
		let fired = 0;
		let firstFiring = (): void => {};
		const done = new Promise<void>((resolve) => {
			firstFiring = resolve;
		});
		const timer = createIdleTimer(5, () => {
			fired++;
			firstFiring();
		});
		timer.start();
		timer.start();
		await done;
		// Node runs timers in the order they are due: a second firing of the 5 ms timer would come before this.
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(fired).toBe(1);
	});

	it("fires nothing once cancelled, and cancelling an idle timer is harmless", async () => {
		let fired = 0;
		const timer = createIdleTimer(1, () => fired++);
		timer.cancel();
		timer.start();
		timer.cancel();
		// Due after the cancelled one, so Node would have run that one first.
		await new Promise<void>((resolve) => createIdleTimer(10, resolve).start());
		expect(fired).toBe(0);
	});

	it("a touch restarts a running period (it still fires once) and starts nothing on an idle timer", async () => {
		let fired = 0;
		let firing = (): void => {};
		const done = new Promise<void>((resolve) => {
			firing = resolve;
		});
		const idle = createIdleTimer(1, () => fired++);
		idle.touch();
		const running = createIdleTimer(5, () => {
			fired++;
			firing();
		});
		running.start();
		running.touch();
		await done;
		// Due after both, so Node would have run any other firing first.
		await new Promise<void>((resolve) => createIdleTimer(20, resolve).start());
		expect(fired).toBe(1);
	});
});
