/** pi session reasons as Claude Code SessionStart sources and SessionEnd reasons. */
import { describe, expect, it } from "vitest";
import { sessionEndReason, sessionStartSource } from "../../../src/pi/events/session-hooks.ts";

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
});
