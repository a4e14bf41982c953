/** SessionStart and SessionEnd stdin: Claude Code's fields, in its key order, after the common ones. */
import { describe, expect, it } from "vitest";
import { sessionEndPayload, sessionStartPayload } from "../../../src/engine/payload/session.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p", { sessionId: "s1" });
const COMMON = ["session_id", "transcript_path", "cwd", "hook_event_name"];

describe("sessionStartPayload", () => {
	it("is the common fields (no permission_mode), source, then the model when pi has one", () => {
		const payload = sessionStartPayload(session, { source: "compact", model: "faux-1" });
		expect(Object.keys(payload)).toEqual([...COMMON, "source", "model"]);
		expect(payload).toMatchObject({ hook_event_name: "SessionStart", source: "compact", model: "faux-1" });
	});

	it.each([undefined, ""])("has no model key for model %j", (model) => {
		expect(sessionStartPayload(session, { source: "startup", model })).not.toHaveProperty("model");
	});
});

describe("sessionEndPayload", () => {
	it("is the common fields and reason", () => {
		const payload = sessionEndPayload(session, "prompt_input_exit");
		expect(Object.keys(payload)).toEqual([...COMMON, "reason"]);
		expect(payload).toMatchObject({ hook_event_name: "SessionEnd", reason: "prompt_input_exit" });
	});
});
