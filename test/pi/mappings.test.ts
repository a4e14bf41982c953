import { describe, expect, it } from "vitest";
import { compactTrigger } from "../../src/pi/compact-hooks.ts";
import { promptExpansion } from "../../src/pi/prompt-hooks.ts";
import { sessionEndReason, sessionStartSource } from "../../src/pi/session-hooks.ts";
import { stopFailureType } from "../../src/pi/stop-hooks.ts";

describe("pi -> Claude Code event mappings", () => {
	it.each([
		["startup", false, "startup"],
		["startup", true, "resume"],
		["new", false, "clear"],
		["resume", true, "resume"],
		["fork", true, "fork"],
		["reload", true, undefined],
	] as const)("session_start %s (history %s) is SessionStart source %s", (reason, history, source) => {
		expect(sessionStartSource(reason, history)).toBe(source);
	});

	it.each([
		["quit", true, "prompt_input_exit"],
		["quit", false, "other"],
		["new", true, "clear"],
		["resume", true, "resume"],
		["reload", true, "other"],
	] as const)("session_shutdown %s (UI %s) is SessionEnd reason %s", (reason, ui, expected) => {
		expect(sessionEndReason(reason, ui)).toBe(expected);
	});

	it("compaction reasons map to manual and auto", () => {
		expect([compactTrigger("manual"), compactTrigger("threshold"), compactTrigger("overflow")]).toEqual([
			"manual",
			"auto",
			"auto",
		]);
	});

	it.each([
		["/skill:deploy now", [], { commandName: "skill:deploy", commandArgs: "now", source: "skill" }],
		["/review src/a.ts", ["review"], { commandName: "review", commandArgs: "src/a.ts", source: "prompt" }],
		["/unknown x", ["review"], undefined],
		["plain text", ["review"], undefined],
	] as const)("prompt %j expands as %j", (text, templates, expected) => {
		expect(promptExpansion(text, templates)).toEqual(expected);
	});

	it.each([
		["429 Too Many Requests: rate limit", "rate_limit"],
		["overloaded_error", "overloaded"],
		["401 invalid api key", "authentication_failed"],
		["500 internal server error", "server_error"],
		["something odd", "unknown"],
	])("provider error %j is StopFailure error %s", (message, expected) => {
		expect(stopFailureType(message)).toBe(expected);
	});
});
