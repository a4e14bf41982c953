/**
 * The Notification flow on a real engine with real hook processes: pi's waits become Claude Code's notification
 * types and messages, the hooks match the type, a dialog that asks for no permission notifies nobody, the hooks'
 * output decides nothing (only a failure is a card), and an event without hooks is answered at once.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { notification } from "../../../src/engine/flow/notification.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { flowEngine } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-notification-"));

/** A hook that appends its stdin as one line to `log`. */
const recordTo = (log: string) => ({ type: "command", command: `cat >> '${log}'; echo >> '${log}'` });

describe("notification", () => {
	it("tells a confirm left open as permission_prompt with its title, the idle wait as idle_prompt", async () => {
		const root = dir();
		const log = join(root, "runs.jsonl");
		const { ports, moment } = flowEngine({ Notification: [{ hooks: [recordTo(log)] }] }, root);
		await notification(ports, moment, { waiting: "dialog", kind: "confirm", title: "Run rm -rf?" });
		await notification(ports, moment, { waiting: "input" });
		const [asked, idle] = readJsonLines(log);
		expect(asked).toMatchObject({
			hook_event_name: "Notification",
			message: "pi needs your permission: Run rm -rf?",
			title: "Run rm -rf?",
			notification_type: "permission_prompt",
		});
		expect(idle).toMatchObject({ notification_type: "idle_prompt", message: "pi is waiting for your input" });
		expect(idle).not.toHaveProperty("title");
	});

	it("calls a select a permission_prompt and an input dialog nothing", async () => {
		const root = dir();
		const log = join(root, "runs.jsonl");
		const { ports, moment } = flowEngine({ Notification: [{ hooks: [recordTo(log)] }] }, root);
		expect(notification(ports, moment, { waiting: "dialog", kind: "input", title: "Name?" })).toBeUndefined();
		await notification(ports, moment, { waiting: "dialog", kind: "select" });
		expect(readJsonLines(log)).toEqual([
			expect.objectContaining({ notification_type: "permission_prompt", message: "pi needs your permission" }),
		]);
	});

	it("runs only the hooks whose matcher names the notification type", async () => {
		const root = dir();
		const log = join(root, "runs.jsonl");
		const { ports, moment } = flowEngine(
			{ Notification: [{ matcher: "idle_prompt", hooks: [recordTo(log)] }] },
			root,
		);
		await notification(ports, moment, { waiting: "dialog", kind: "confirm" });
		await notification(ports, moment, { waiting: "input" });
		expect(readJsonLines(log).map((run) => run.notification_type)).toEqual(["idle_prompt"]);
	});

	it("decides nothing on exit 2, drops a systemMessage (Claude Code), plans a failing hook's card", async () => {
		const { ports, moment } = flowEngine(
			{
				Notification: [
					{
						hooks: [
							{ type: "command", command: "echo nope >&2; exit 2" },
							{ type: "command", command: "exit 3" },
							{ type: "command", command: `printf '%s' '{"systemMessage": "pinged the phone"}'` },
						],
					},
				],
			},
			dir(),
		);
		const steps = await notification(ports, moment, { waiting: "input" });
		expect(steps?.map((step) => (step.do === "record" ? [step.record.kind, step.record.event] : step.do))).toEqual([
			["error", "Notification"],
		]);
	});

	it("answers at once, without a promise, when Notification has no hooks", () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(notification(ports, moment, { waiting: "input" })).toBeUndefined();
	});
});
