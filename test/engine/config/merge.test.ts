/** mergeSources: hooks of all sources add up, trust and approval, `disableAllHooks` precedence, skip reasons. */
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookSource, SourceScope } from "../../../src/engine/types.ts";

const source = (scope: SourceScope = "claude-project"): HookSource => ({
	scope,
	file: `/x/${scope}.json`,
	project: scope === "claude-project" || scope === "claude-local" || scope === "pi-project",
});
const parse = (value: unknown, scope?: SourceScope) =>
	parseSettingsText(typeof value === "string" ? value : JSON.stringify(value), source(scope));
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });

describe("mergeSources", () => {
	const userHooks = parse({ disableAllHooks: true, hooks: { Stop: [{ hooks: [cmd("user")] }] } }, "claude-user");
	const projectHooks = parse(
		{
			disableAllHooks: false,
			hooks: { Stop: [{ hooks: [cmd("project"), { type: "mcp_tool", server: "s", tool: "t" }] }] },
		},
		"claude-project",
	);

	it("adds every source's hooks; a project disableAllHooks:false beats a user true (more specific wins)", () => {
		const config = mergeSources([userHooks, projectHooks], true);
		expect(config.entries.map((e) => e.source.scope)).toEqual(["claude-user", "claude-project", "claude-project"]);
		expect(config.disableAllHooks).toBe(false);
		// All five of Claude Code's handler types run, mcp_tool included.
		expect(config.skipped).toEqual([]);
	});

	it("skips project hooks in an untrusted project and says why", () => {
		const config = mergeSources([userHooks, projectHooks], false);
		expect(config.entries.map((e) => e.source.scope)).toEqual(["claude-user"]);
		expect(config.skipped.map((s) => s.reason)).toEqual(["untrusted", "untrusted"]);
		expect(config.disableAllHooks).toBe(true);
	});
});

describe("events pi never fires", () => {
	it("lists their hooks as skipped with the reason", () => {
		const config = mergeSources(
			[parse({ hooks: { TaskCompleted: [{ hooks: [cmd("a")] }], Stop: [{ hooks: [cmd("b")] }] } })],
			true,
		);
		expect(config.entries.map((e) => e.event)).toEqual(["Stop"]);
		expect(config.skipped[0]?.message).toContain("pi has no TaskCompleted event");
	});
});

describe("handler types per event", () => {
	const handlers = {
		prompt: { type: "prompt", prompt: "ok? $ARGUMENTS" },
		agent: { type: "agent", prompt: "check $ARGUMENTS" },
		http: { type: "http", url: "http://127.0.0.1:1/h" },
		command: cmd("true"),
	};
	const merged = (event: string, type: keyof typeof handlers) =>
		mergeSources([parse({ hooks: { [event]: [{ hooks: [handlers[type]] }] } }, "claude-user")], true);

	it.each([
		["PreToolUse", "prompt"],
		["PostToolUse", "agent"],
		["UserPromptSubmit", "prompt"],
		["UserPromptExpansion", "agent"],
		["PostToolBatch", "prompt"],
		["Stop", "agent"],
		["PostModelSwitch", "http"],
		["MessageDisplay", "http"],
		["InstructionsLoaded", "command"],
		["SessionStart", "command"],
	] as const)("%s runs %s hooks (Claude Code accepts them there)", (event, type) => {
		expect(merged(event, type).entries).toHaveLength(1);
	});

	it.each([
		["PostModelSwitch", "prompt", '"command", "http" and "mcp_tool"'],
		["InstructionsLoaded", "agent", '"command", "http" and "mcp_tool"'],
		["MessageDisplay", "prompt", '"command", "http" and "mcp_tool"'],
		["Notification", "agent", '"command", "http" and "mcp_tool"'],
		["StopFailure", "prompt", '"command", "http" and "mcp_tool"'],
		["PreCompact", "prompt", '"command", "http" and "mcp_tool"'],
		["PostCompact", "agent", '"command", "http" and "mcp_tool"'],
		["SessionEnd", "prompt", '"command", "http" and "mcp_tool"'],
		["SessionStart", "prompt", '"command" and "mcp_tool"'],
		["SessionStart", "agent", '"command" and "mcp_tool"'],
		["SessionStart", "http", '"command" and "mcp_tool"'],
	] as const)(
		"a %s %s hook is skipped with type_not_on_event, and says which types run there",
		(event, type, list) => {
			const config = merged(event, type);
			expect(config.entries).toEqual([]);
			expect(config.skipped.map((s) => s.reason)).toEqual(["type_not_on_event"]);
			expect(config.skipped[0]?.message).toBe(
				`"${type}" hooks do not run on ${event}: Claude Code accepts only ${list} hooks there`,
			);
		},
	);

	it("a project hook of a type its event refuses is skipped for its type, not asked about", () => {
		const config = mergeSources(
			[parse({ hooks: { Notification: [{ hooks: [handlers.prompt] }] } }, "claude-project")],
			true,
			() => false,
		);
		expect(config.skipped.map((s) => s.reason)).toEqual(["type_not_on_event"]);
	});

	it("an event pi never fires says so first", () => {
		const config = merged("CwdChanged", "prompt");
		expect(config.skipped.map((s) => s.reason)).toEqual(["no_such_event"]);
	});
});
