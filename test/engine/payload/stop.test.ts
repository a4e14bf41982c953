/** Stop and StopFailure stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { stopFailurePayload, stopPayload } from "../../../src/engine/payload/stop.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p", { effort: "high" });

describe("stop payloads", () => {
	it("Stop carries effort, stop_hook_active, the last message and pi's empty task lists", () => {
		const payload = stopPayload(session, { stopHookActive: true, lastAssistantMessage: "Done." });
		expect(Object.entries(payload).slice(-4)).toEqual([
			["stop_hook_active", true],
			["last_assistant_message", "Done."],
			["background_tasks", []],
			["session_crons", []],
		]);
		expect(payload).toMatchObject({
			hook_event_name: "Stop",
			permission_mode: "default",
			effort: { level: "high" },
		});
	});

	it("StopFailure has the error type and the provider's text twice, no permission_mode or effort", () => {
		const payload = stopFailurePayload(session, { error: "rate_limit", details: "429 slow down" });
		expect(Object.entries(payload).slice(-3)).toEqual([
			["error", "rate_limit"],
			["error_details", "429 slow down"],
			["last_assistant_message", "429 slow down"],
		]);
		expect(payload).not.toHaveProperty("permission_mode");
		expect(payload).not.toHaveProperty("effort");
	});
});
