/** Notification stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { notificationPayload } from "../../../src/engine/payload/notification.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p");

describe("notificationPayload", () => {
	it("has the message, the title when there is one, and the type, no permission_mode", () => {
		const payload = notificationPayload(session, { type: "permission_prompt", message: "m", title: "Deploy?" });
		expect(Object.entries(payload).slice(-4)).toEqual([
			["hook_event_name", "Notification"],
			["message", "m"],
			["title", "Deploy?"],
			["notification_type", "permission_prompt"],
		]);
		expect(payload).not.toHaveProperty("permission_mode");
	});

	it("has no title key without a title", () => {
		const payload = notificationPayload(session, { type: "idle_prompt", message: "waiting" });
		expect(payload).not.toHaveProperty("title");
	});
});
