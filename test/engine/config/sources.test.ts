/** Where hooks come from: the five settings files in merge order, Claude Code's user folder, labels, policy. */
import { describe, expect, it } from "vitest";
import {
	claudeUserDir,
	isPolicySource,
	managedSettingsDir,
	SCOPE_ORDER,
	settingsSources,
	sourceLabel,
} from "../../../src/engine/config/sources.ts";
import type { HookSource } from "../../../src/engine/types.ts";

const plugin = (forced: boolean) => ({ id: "guard@market", root: "/p", data: "/d", options: {}, forced });

describe("settingsSources", () => {
	it("lists Claude user, project, local, then pi global and project, with project files marked", () => {
		expect(settingsSources({ home: "/h", agentDir: "/h/.pi/agent", projectDir: "/w/p" })).toEqual([
			{ scope: "claude-user", file: "/h/.claude/settings.json", project: false },
			{ scope: "claude-project", file: "/w/p/.claude/settings.json", project: true },
			{ scope: "claude-local", file: "/w/p/.claude/settings.local.json", project: true },
			{ scope: "pi-global", file: "/h/.pi/agent/settings.json", project: false },
			{ scope: "pi-project", file: "/w/p/.pi/settings.json", project: true },
		]);
	});

	it("reads the Claude user file from claudeDir when given", () => {
		const sources = settingsSources({ home: "/h", claudeDir: "/cfg", agentDir: "/a", projectDir: "/w" });
		expect(sources[0]?.file).toBe("/cfg/settings.json");
	});
});

describe("claudeUserDir", () => {
	it("is <home>/.claude unless CLAUDE_CONFIG_DIR is set and not empty", () => {
		expect(claudeUserDir("/h", {})).toBe("/h/.claude");
		expect(claudeUserDir("/h", { CLAUDE_CONFIG_DIR: "" })).toBe("/h/.claude");
		expect(claudeUserDir("/h", { CLAUDE_CONFIG_DIR: "/etc/claude-user" })).toBe("/etc/claude-user");
	});

	it("makes a relative CLAUDE_CONFIG_DIR absolute against the working directory", () => {
		expect(claudeUserDir("/h", { CLAUDE_CONFIG_DIR: "cfg/../claude" })).toBe(`${process.cwd()}/claude`);
	});
});

describe("managedSettingsDir", () => {
	it.each([
		["darwin", "/Library/Application Support/ClaudeCode"],
		["win32", "C:\\Program Files\\ClaudeCode"],
		["linux", "/etc/claude-code"],
		["freebsd", "/etc/claude-code"],
	] as const)("on %s is %s", (platform, dir) => {
		expect(managedSettingsDir(platform)).toBe(dir);
	});
});

describe("sourceLabel", () => {
	it("has a label for every scope in the display order, managed first", () => {
		expect(SCOPE_ORDER[0]).toBe("managed");
		expect(new Set(SCOPE_ORDER).size).toBe(SCOPE_ORDER.length);
		for (const scope of SCOPE_ORDER) expect(sourceLabel(scope)).toMatch(/^[A-Za-z][a-z]*( [a-z]+)?$/);
		expect(sourceLabel("claude-local")).toBe("Claude local");
	});

	it("names a plugin by its id, a skill or an agent by its name, and other sources by scope only", () => {
		expect(sourceLabel({ scope: "plugin", file: "/p/hooks.json", project: false, plugin: plugin(false) })).toBe(
			"Plugin guard@market",
		);
		expect(sourceLabel({ scope: "skill", file: "/s/SKILL.md", project: true, name: "deploy" })).toBe(
			"Skill deploy",
		);
		expect(sourceLabel({ scope: "agent", file: "/a/r.md", project: false, name: "reviewer" })).toBe(
			"Agent reviewer",
		);
		expect(sourceLabel({ scope: "skill", file: "/s/SKILL.md", project: true })).toBe("Skill");
		expect(sourceLabel({ scope: "pi-project", file: "/w/.pi/settings.json", project: true })).toBe("pi project");
	});
});

describe("isPolicySource", () => {
	it("is true for managed hooks and plugins managed policy forces on, false for everything else", () => {
		const source = (extra: Partial<HookSource>): HookSource => ({
			scope: "plugin",
			file: "/f",
			project: false,
			...extra,
		});
		expect(isPolicySource(source({ scope: "managed" }))).toBe(true);
		expect(isPolicySource(source({ plugin: plugin(true) }))).toBe(true);
		expect(isPolicySource(source({ plugin: plugin(false) }))).toBe(false);
		expect(isPolicySource(source({ scope: "claude-user" }))).toBe(false);
	});
});
