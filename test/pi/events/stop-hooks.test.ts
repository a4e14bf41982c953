/** Provider errors as Claude Code's StopFailure error types. */
import { describe, expect, it } from "vitest";
import { stopFailureType } from "../../../src/pi/events/stop-hooks.ts";

describe("pi -> Claude Code event mappings", () => {
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
