import { describe, expect, it } from "vitest";
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

describe("parseSettingsText", () => {
	it("reads event -> matcher group -> handlers with JSON paths", () => {
		const parsed = parse({
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [cmd("a"), cmd("b", { timeout: 5 })] }] },
		});
		expect(parsed.issues).toEqual([]);
		expect(parsed.entries.map((e) => [e.event, e.matcher.source, e.jsonPath])).toEqual([
			["PreToolUse", "Bash", "hooks.PreToolUse[0].hooks[0]"],
			["PreToolUse", "Bash", "hooks.PreToolUse[0].hooks[1]"],
		]);
	});

	it.each([
		[{ hooks: { PreTooluse: [] } }, "hooks.PreTooluse", "unknown hook event"],
		[{ hooks: { Interupt: [] } }, "hooks.Interupt", 'unknown hook event "Interupt": did you mean "Interrupt"?'],
		[{ hooks: { PreToolUse: {} } }, "hooks.PreToolUse", "array of matcher groups"],
		[
			{ hooks: { PreToolUse: [{ matcher: "Bash(", hooks: [cmd("a")] }] } },
			"hooks.PreToolUse[0].matcher",
			"not a valid regular expression",
		],
		[
			{ hooks: { PreToolUse: [{ hooks: [{ type: "command" }] }] } },
			"hooks.PreToolUse[0].hooks[0].command",
			"non-empty",
		],
		[
			{ hooks: { PreToolUse: [{ hooks: [cmd("a", { timeout: -1 })] }] } },
			"hooks.PreToolUse[0].hooks[0].timeout",
			"positive number",
		],
		[
			{ hooks: { PreToolUse: [{ hooks: [{ type: "shell", command: "a" }] }] } },
			"hooks.PreToolUse[0].hooks[0].type",
			"unknown hook type",
		],
		[
			{ hooks: { PreToolUse: [{ hooks: [cmd("a", { if: "Bash(git" })] }] } },
			"hooks.PreToolUse[0].hooks[0].if",
			"not a permission rule",
		],
		[{ hooks: { PreToolUse: [{ hooks: "a" }] } }, "hooks.PreToolUse[0].hooks", "must be an array"],
		[{ hooks: [] }, "hooks", "must be an object"],
	])("skips only the bad entry of %j and reports %s", (settings, path, message) => {
		const parsed = parse(settings);
		expect(parsed.issues).toHaveLength(1);
		expect(parsed.issues[0]).toMatchObject({ file: "/x/claude-project.json", path });
		expect(parsed.issues[0]?.message).toContain(message);
		expect(parsed.usable).toBe(true);
	});

	it("needs server and tool strings in an mcp_tool hook, and an object input", () => {
		const parsed = parseSettingsText(
			JSON.stringify({
				hooks: {
					Stop: [
						{
							hooks: [
								{ type: "mcp_tool", server: "s", tool: "t", input: { a: "${x}" } },
								{ type: "mcp_tool", tool: "t" },
								{ type: "mcp_tool", server: "s", tool: "" },
								{ type: "mcp_tool", server: "s", tool: "t", input: ["a"] },
							],
						},
					],
				},
			}),
			{ scope: "claude-user", file: "/h/.claude/settings.json", project: false },
		);
		expect(parsed.entries.map((entry) => entry.handler.type)).toEqual(["mcp_tool"]);
		expect(parsed.issues.map((issue) => [issue.path, issue.message])).toEqual([
			["hooks.Stop[0].hooks[1].server", 'an mcp_tool hook needs a "server" string'],
			["hooks.Stop[0].hooks[2].tool", 'an mcp_tool hook needs a "tool" string'],
			["hooks.Stop[0].hooks[3].input", 'an mcp_tool hook\'s "input" must be an object'],
		]);
	});

	it("keeps the good entries next to a bad one", () => {
		const parsed = parse({ hooks: { Bogus: [], PreToolUse: [{ hooks: [{ type: "command" }, cmd("good")] }] } });
		expect(parsed.entries.map((e) => e.handler.type === "command" && e.handler.command)).toEqual(["good"]);
		expect(parsed.issues).toHaveLength(2);
	});

	it("reports invalid JSON as one issue for the whole file", () => {
		const parsed = parse('{"hooks": {');
		expect(parsed.usable).toBe(false);
		expect(parsed.issues[0]?.message).toMatch(/^invalid JSON/);
	});

	it("gives a handler the same id when its group moves", () => {
		const a = parse({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [cmd("x")] }] } });
		const b = parse({
			hooks: {
				PreToolUse: [
					{ matcher: "Read", hooks: [cmd("y")] },
					{ matcher: "Bash", hooks: [cmd("x")] },
				],
			},
		});
		expect(b.entries[1]?.id).toBe(a.entries[0]?.id);
	});
});

describe("settings text oddities", () => {
	it("ignores a byte-order mark, reads an empty file as no settings, gives a JSON error's line and column", () => {
		expect(parse(`\uFEFF${JSON.stringify({ hooks: { Stop: [{ hooks: [cmd("a")] }] } })}`).entries).toHaveLength(1);
		expect(parse("  \n")).toMatchObject({ usable: true, issues: [] });
		const broken = parse('{\n  "hooks": {\n    "Stop": [}\n}');
		expect(broken.issues[0]?.message).toMatch(/line 3, column \d+/);
	});
});
