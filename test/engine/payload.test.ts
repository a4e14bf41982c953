import { describe, expect, it } from "vitest";
import { basePayload, effortLevel, hookEnvironment, type SessionInfo } from "../../src/engine/payload.ts";

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

describe("hook environment", () => {
	it("has Claude Code's fixed variables over pi's environment", () => {
		const env = hookEnvironment({ COREPACK_ENABLE_AUTO_PIN: "1", KEEP: "x" }, session);
		expect(env).toMatchObject({
			KEEP: "x",
			COREPACK_ENABLE_AUTO_PIN: "0",
			NoDefaultCurrentDirectoryInExePath: "1",
			CLAUDE_CODE_CHILD_SESSION: "1",
			CLAUDECODE: "1",
		});
	});
});
