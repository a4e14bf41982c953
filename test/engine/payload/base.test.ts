import { describe, expect, it } from "vitest";
import { basePayload, type SessionInfo } from "../../../src/engine/payload/base.ts";
import { hookEnvironment } from "../../../src/engine/payload/environment.ts";

const session: SessionInfo = {
	sessionId: "s1",
	transcriptPath: "/t.jsonl",
	cwd: "/p",
	projectDir: "/p",
	promptId: "p1",
	home: "/home/tester",
	effort: "high",
};

describe("effort", () => {
	it("is in the stdin and CLAUDE_EFFORT of tool events and Stop only", () => {
		expect(basePayload(session, "PreToolUse").effort).toEqual({ level: "high" });
		expect(basePayload(session, "Stop").effort).toEqual({ level: "high" });
		expect(basePayload(session, "UserPromptSubmit").effort).toBeUndefined();
		expect(hookEnvironment({}, session, {}, "PostToolUse").CLAUDE_EFFORT).toBe("high");
		expect(hookEnvironment({}, session, {}, "SessionStart").CLAUDE_EFFORT).toBeUndefined();
	});
});

describe("basePayload", () => {
	it("has the session facts, permission_mode and the event name, in Claude Code's key order", () => {
		expect(Object.entries(basePayload(session, "UserPromptSubmit"))).toEqual([
			["session_id", "s1"],
			["transcript_path", "/t.jsonl"],
			["cwd", "/p"],
			["prompt_id", "p1"],
			["permission_mode", "default"],
			["hook_event_name", "UserPromptSubmit"],
		]);
	});

	it("has no prompt_id before the first prompt", () => {
		expect(basePayload({ ...session, promptId: undefined }, "Stop")).not.toHaveProperty("prompt_id");
	});

	it.each([
		["SessionStart", false],
		["SessionEnd", false],
		["StopFailure", false],
		["PreCompact", false],
		["PostCompact", false],
		["Notification", false],
		["InstructionsLoaded", false],
		["MessageDisplay", false],
		["PreToolUse", true],
		["PostToolBatch", true],
		["Stop", true],
		["UserPromptSubmit", true],
		["UserPromptExpansion", true],
		["PostModelSwitch", true],
	])("%s has permission_mode: %s", (event, has) => {
		expect("permission_mode" in basePayload(session, event)).toBe(has);
	});
});
