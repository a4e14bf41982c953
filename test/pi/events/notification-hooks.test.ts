/**
 * Notification hooks in a real pi session: the hook gets Claude Code's Notification input and is matched on
 * the notification type; its output decides nothing (a systemMessage is dropped, a failure recorded). The idle
 * timer fires once per quiet period and can be restarted or cancelled.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IDLE_PROMPT } from "../../../src/engine/events/pi-vocabulary.ts";
import { createIdleTimer, runNotification } from "../../../src/pi/events/notification-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-notification-");

describe("runNotification", () => {
	it("gives the hook the message, the title and the notification type", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc, records } = await startHookContext(sdk, { Notification: [{ hooks: [recordStdinTo(log)] }] });
		await runNotification(hc, {
			type: "permission_prompt",
			message: "pi needs your permission to use Bash",
			title: "Permission needed",
		});
		await runNotification(hc, IDLE_PROMPT);
		const [asked, idle] = readJsonLines(log);
		expect(asked).toMatchObject({
			hook_event_name: "Notification",
			session_id: "s-1",
			message: "pi needs your permission to use Bash",
			title: "Permission needed",
			notification_type: "permission_prompt",
		});
		expect(idle).toMatchObject({ notification_type: "idle_prompt", message: "pi is waiting for your input" });
		expect(idle).not.toHaveProperty("title");
		expect(records).toEqual([]);
	});

	it("runs only the hooks whose matcher names the notification type", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc } = await startHookContext(sdk, {
			Notification: [{ matcher: "idle_prompt", hooks: [recordStdinTo(log)] }],
		});
		await runNotification(hc, { type: "permission_prompt", message: "asked" });
		await runNotification(hc, { type: "idle_prompt", message: "idle" });
		expect(readJsonLines(log).map((run) => run.message)).toEqual(["idle"]);
	});

	it("decides nothing on exit 2, drops a systemMessage (as Claude Code does), records a failing hook", async () => {
		const { hc, records, ui } = await startHookContext(sdk, {
			Notification: [
				{
					hooks: [
						{ type: "command", command: "echo nope >&2; exit 2" },
						{ type: "command", command: "exit 3" },
						{ type: "command", command: `printf '%s' '{"systemMessage": "pinged the phone"}'` },
					],
				},
			],
		});
		await runNotification(hc, { type: "idle_prompt", message: "idle" });
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
