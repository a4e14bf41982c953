/** pi's values as Claude Code's: one table per field a pi value becomes. */
import { describe, expect, it } from "vitest";
import {
	compactTrigger,
	effortLevel,
	IDLE_PROMPT,
	memoryType,
	modelSwitchSource,
	permissionPrompt,
	sessionEndReason,
	sessionStartSource,
	settleEvent,
	stopFailureType,
	toolResultEvent,
} from "../../../src/engine/events/pi-vocabulary.ts";

describe("session reasons", () => {
	it.each([
		["startup", false, "startup"],
		["startup", true, "resume"],
		["new", false, "clear"],
		["new", true, "clear"],
		["resume", true, "resume"],
		["fork", true, "fork"],
		["reload", true, undefined],
		["something-new", false, undefined],
		["constructor", false, undefined],
	] as const)("session_start %s (history %s) is SessionStart source %s", (reason, history, source) => {
		expect(sessionStartSource(reason, history)).toBe(source);
	});

	it.each([
		["quit", true, "prompt_input_exit"],
		["quit", false, "other"],
		["new", true, "clear"],
		["resume", true, "resume"],
		["fork", true, "other"],
		["reload", true, "other"],
		["toString", true, "other"],
	] as const)("session_shutdown %s (UI %s) is SessionEnd reason %s", (reason, ui, expected) => {
		expect(sessionEndReason(reason, ui)).toBe(expected);
	});
});

describe("compaction, model switch and thinking", () => {
	it.each([
		["manual", "manual"],
		["threshold", "auto"],
		["overflow", "auto"],
	] as const)("compaction reason %s is trigger %s", (reason, trigger) => {
		expect(compactTrigger(reason)).toBe(trigger);
	});

	it.each([
		["set", "tui", "picker"],
		["set", "rpc", "sdk"],
		["set", "print", "sdk"],
		["cycle", "rpc", "picker"],
		["cycle", "tui", "picker"],
		["restore", "tui", "resume"],
	] as const)("model_select source %s in %s mode is %s", (source, mode, expected) => {
		expect(modelSwitchSource(source, mode)).toBe(expected);
	});

	it.each([
		["off", undefined],
		[undefined, undefined],
		["minimal", "low"],
		["low", "low"],
		["medium", "medium"],
		["high", "high"],
		["xhigh", "xhigh"],
		["max", "max"],
		["toString", undefined],
	])("thinking level %j is effort %j", (level, effort) => {
		expect(effortLevel(level)).toBe(effort);
	});
});

describe("provider errors", () => {
	it.each([
		["429 Too Many Requests: rate limit", "rate_limit"],
		["Rate-Limit reached", "rate_limit"],
		["overloaded_error", "overloaded"],
		["529", "overloaded"],
		["401 invalid api key", "authentication_failed"],
		["403 Forbidden", "authentication_failed"],
		["billing: no credit left", "billing_error"],
		["model gpt-9 not found", "model_not_found"],
		["max_output_tokens reached", "max_output_tokens"],
		["context length exceeded", "max_output_tokens"],
		["400 bad request: invalid field", "invalid_request"],
		["500 internal server error", "server_error"],
		["503", "server_error"],
		["something odd", "unknown"],
	])("provider error %j is StopFailure error %s", (message, expected) => {
		expect(stopFailureType(message)).toBe(expected);
	});
});

describe("context files", () => {
	it.each([
		["/h/.pi/agent/AGENTS.md", "User"],
		["/h/.pi/agent/sub/CLAUDE.md", "User"],
		["/w/p/CLAUDE.local.md", "Local"],
		["/w/p/CLAUDE.md", "Project"],
		["/w/AGENTS.md", "Project"],
		["/h/.pi/agent-other/AGENTS.md", "Project"],
	])("%s is memory type %s", (file, type) => {
		expect(memoryType(file, "/h/.pi/agent")).toBe(type);
	});
});

describe("which event a pi outcome is", () => {
	it("a failed tool result is PostToolUseFailure, any other PostToolUse", () => {
		expect([toolResultEvent(true), toolResultEvent(false)]).toEqual(["PostToolUseFailure", "PostToolUse"]);
	});

	it.each([
		["completed", "Stop"],
		["error", "StopFailure"],
		["aborted", undefined],
	] as const)("a run that settled %s is %s", (outcome, event) => {
		expect(settleEvent(outcome)).toBe(event);
	});

	it.each([
		[
			"confirm",
			"Deploy?",
			{ type: "permission_prompt", message: "pi needs your permission: Deploy?", title: "Deploy?" },
		],
		["select", undefined, { type: "permission_prompt", message: "pi needs your permission", title: undefined }],
		["input", "Name?", undefined],
		["editor", undefined, undefined],
	] as const)("a %s dialog (title %j) is the permission_prompt %j", (kind, title, note) => {
		expect(permissionPrompt(kind, title)).toEqual(note);
	});

	it("idle_prompt says pi waits for the user's input", () => {
		expect(IDLE_PROMPT).toEqual({ type: "idle_prompt", message: "pi is waiting for your input" });
	});
});
