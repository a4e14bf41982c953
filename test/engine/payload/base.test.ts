import { describe, expect, it } from "vitest";
import { basePayload, effortLevel, type SessionInfo } from "../../../src/engine/payload/base.ts";
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
	it.each([
		["off", undefined],
		[undefined, undefined],
		["minimal", "low"],
		["low", "low"],
		["medium", "medium"],
		["high", "high"],
		["xhigh", "xhigh"],
		["max", "max"],
	])("pi thinking level %j is Claude Code effort %j", (level, effort) => {
		expect(effortLevel(level)).toBe(effort);
	});

	it("is in the stdin and CLAUDE_EFFORT of tool events and Stop only", () => {
		expect(basePayload(session, "PreToolUse").effort).toEqual({ level: "high" });
		expect(basePayload(session, "Stop").effort).toEqual({ level: "high" });
		expect(basePayload(session, "UserPromptSubmit").effort).toBeUndefined();
		expect(hookEnvironment({}, session, {}, "PostToolUse").CLAUDE_EFFORT).toBe("high");
		expect(hookEnvironment({}, session, {}, "SessionStart").CLAUDE_EFFORT).toBeUndefined();
	});
});
