/** Static facts about each hook event, as Claude Code has them. */
import { describe, expect, it } from "vitest";
import {
	allowsHandlerType,
	defaultTimeoutSeconds,
	eventUsesMatcher,
	handlerTypesOf,
	isFiredInPi,
	isHookEventName,
	isToolEvent,
	matchValueOf,
	nearestEventName,
	notFiredReason,
} from "../../../src/engine/events/facts.ts";

describe("hook events", () => {
	it.each([
		["PreToolUse", true],
		["preToolUse", false],
		["Nope", false],
	])("%s is an event name: %s", (name, expected) => {
		expect(isHookEventName(name)).toBe(expected);
	});

	it.each([
		["PreToolUse", true, true],
		["PostToolUseFailure", true, true],
		["UserPromptSubmit", false, false],
		["Stop", false, false],
		["SessionStart", false, true],
	] as const)("%s: tool event %s, uses its matcher %s", (event, tool, matcher) => {
		expect(isToolEvent(event)).toBe(tool);
		expect(eventUsesMatcher(event)).toBe(matcher);
	});

	it.each([
		["PreToolUse", 600],
		["UserPromptSubmit", 30],
		["SessionEnd", 1.5],
	] as const)("a %s command hook times out after %s s by default", (event, seconds) => {
		expect(defaultTimeoutSeconds(event)).toBe(seconds);
	});

	it("events pi has no moment for are named as never firing, with the reason", () => {
		expect(isFiredInPi("PreToolUse")).toBe(true);
		expect(isFiredInPi("TeammateIdle")).toBe(false);
		expect(notFiredReason("TeammateIdle")).toContain("pi has no TeammateIdle event");
		// Fired by other extensions: the permission channel and the subagent extensions' events.
		expect(isFiredInPi("PermissionRequest")).toBe(true);
		expect(isFiredInPi("SubagentStop")).toBe(true);
		expect(notFiredReason("PreModelSwitch")).toContain("refuse a model change");
		expect(isFiredInPi("PreSkillShellCommand")).toBe(false);
		expect(notFiredReason("PreSkillShellCommand")).toContain("pi's skills run no inline shell");
		// Claude Code 2.1.335's Interrupt fires on pi's abort of a run (Esc, a client's abort).
		expect(isFiredInPi("Interrupt")).toBe(true);
		// Settings edits and watched files: pi watches them.
		expect(isFiredInPi("ConfigChange")).toBe(true);
		expect(isFiredInPi("FileChanged")).toBe(true);
		expect(notFiredReason("TeammateIdle")).toContain("config-change and file-changed events");
	});

	it.each([
		["ConfigChange", { source: "skills", file_path: "/p/x" }, "skills"],
		["FileChanged", { file_path: "/p/sub/Makefile", event: "add" }, "Makefile"],
		["SessionStart", { source: "resume" }, "resume"],
		["FileChanged", { file_path: 3 }, undefined],
		["Stop", { stop_hook_active: false }, undefined],
	] as const)("%s %o is matched on %s", (event, payload, value) => {
		expect(matchValueOf(event, payload)).toBe(value);
	});

	it.each([
		["Interupt", "Interrupt"],
		["PreToolUSe", "PreToolUse"],
		["pretooluse", "PreToolUse"],
		["PreSkilShellCommand", "PreSkillShellCommand"],
		["SessionStrat", "SessionStart"],
		["Interrupt", undefined],
		["hooks", undefined],
		["X", undefined],
	] as const)("%s: did you mean %s", (name, near) => {
		expect(nearestEventName(name)).toBe(near);
	});

	it.each([
		["PreToolUse", ["command", "http", "mcp_tool", "prompt", "agent"]],
		["PermissionRequest", ["command", "http", "mcp_tool", "prompt", "agent"]],
		["TeammateIdle", ["command", "http", "mcp_tool", "prompt", "agent"]],
		["Notification", ["command", "http", "mcp_tool"]],
		["PreModelSwitch", ["command", "http", "mcp_tool"]],
		["MessageDisplay", ["command", "http", "mcp_tool"]],
		["SessionEnd", ["command", "http", "mcp_tool"]],
		["SessionStart", ["command", "mcp_tool"]],
		["Setup", ["command", "mcp_tool"]],
	] as const)("%s accepts the handler types %j (Claude Code's table)", (event, types) => {
		expect(handlerTypesOf(event)).toEqual(types);
		expect(allowsHandlerType(event, "prompt")).toBe(types.includes("prompt" as never));
	});
});
