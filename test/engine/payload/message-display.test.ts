/** MessageDisplay stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { messageDisplayPayload, turnIdOf } from "../../../src/engine/payload/message-display.ts";
import { engineSession } from "../../support/engine-session.ts";

describe("messageDisplayPayload", () => {
	it("has the turn, the message, the batch's index, whether it is the last, and its text", () => {
		const batch = { turnId: "t1", messageId: "m1", index: 2, final: true, delta: "Done.\n" };
		const payload = messageDisplayPayload(engineSession("/p"), batch);
		expect(Object.entries(payload).slice(-6)).toEqual([
			["hook_event_name", "MessageDisplay"],
			["turn_id", "t1"],
			["message_id", "m1"],
			["index", 2],
			["final", true],
			["delta", "Done.\n"],
		]);
		expect(payload).not.toHaveProperty("permission_mode");
	});
});

describe("turnIdOf", () => {
	it("is the prompt's id, or the session's before the first prompt", () => {
		expect(turnIdOf(engineSession("/p", { sessionId: "s1", promptId: "p7" }))).toBe("p7");
		expect(turnIdOf(engineSession("/p", { sessionId: "s1" }))).toBe("s1");
	});
});
