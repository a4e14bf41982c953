/**
 * When the user's own `!` command goes through the Bash tool flows: when PreToolUse, PostToolUse or
 * PostToolUseFailure has hooks (a failing command is a PostToolUseFailure), and not for hooks of other events.
 */
import { describe, expect, it } from "vitest";
import { USER_BASH_EVENTS, userBashHooked } from "../../../src/engine/flow/user-bash.ts";
import { flowEngine } from "../../support/flow-engine.ts";

const hooked = (event: string): boolean =>
	userBashHooked(flowEngine({ [event]: [{ hooks: [{ type: "command", command: "true" }] }] }, "/").ports);

describe("userBashHooked", () => {
	it.each(["PreToolUse", "PostToolUse", "PostToolUseFailure"])("is true when %s has hooks", (event) => {
		expect(hooked(event)).toBe(true);
	});

	it.each(["Stop", "UserPromptSubmit", "PermissionRequest"])("is false when only %s has hooks", (event) => {
		expect(hooked(event)).toBe(false);
	});

	it("names the tool events in the order a command meets them", () => {
		expect(USER_BASH_EVENTS).toEqual(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);
	});
});
