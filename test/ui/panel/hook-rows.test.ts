/** The hook list's rows: states, notes, issue rows, labels, and the order event -> matcher -> source. */
import { describe, expect, it } from "vitest";
import type { HookEntry } from "../../../src/engine/types.ts";
import { NO_STATS } from "../../../src/ui/panel/firing-log.ts";
import { buildRows, fileLabel, type ListRow } from "../../../src/ui/panel/hook-rows.ts";
import { fixtureConfig, SOURCES } from "./fixtures.ts";

const has = (entry: HookEntry, text: string) => JSON.stringify(entry.handler).includes(text);
const shape = (row: ListRow) => [row.kind, row.event, row.matcher, row.target.split(" · ")[0], row.source];

describe("buildRows", () => {
	it("orders rows by Claude Code's event order, then matcher groups by first appearance, then source", () => {
		const rows = buildRows(fixtureConfig(true), { isEnabled: () => true, stats: () => NO_STATS, sources: SOURCES });
		expect(rows.map(shape)).toEqual([
			[
				"issue",
				"UserPromptSubmit",
				"invalid",
				'a command hook needs a non-empty "command" string (hooks.UserPromptSubmit[0].hooks[0].command)',
				"Claude project",
			],
			["hook", "PreToolUse", "Bash", "block-rm.sh", "Claude user"],
			["hook", "PreToolUse", "Bash", "git_policy.py", "Claude project"],
			["hook", "PreToolUse", "Edit|Write", "prettier", "Claude project"],
			["hook", "PreToolUse", "Read", "echo pi-project-guard", "pi project"],
			["hook", "PostToolUse", "Write", "log.mjs", "Claude project"],
			["hook", "PostToolUse", "*", "http://127.0.0.1:8080/hook", "pi global"],
			["hook", "TeammateIdle", "*", "tests/check_tests_pass", "Claude user"],
		]);
	});

	it("marks a switched-off hook off and gives each hook its stats", () => {
		const rows = buildRows(fixtureConfig(true), {
			isEnabled: (entry) => !has(entry, "prettier"),
			stats: (id) => ({ ...NO_STATS, runs: id.length }),
			sources: SOURCES,
		});
		const hooks = rows.filter((row) => row.kind === "hook");
		const states = Object.fromEntries(hooks.map((row) => [row.target.split(" · ")[0], row.state]));
		expect(states.prettier).toBe("off");
		expect(states["block-rm.sh"]).toBe("on");
		for (const row of hooks) {
			expect(row.key).toBe(row.entry.id);
			expect(row.stats.runs).toBe(row.entry.id.length);
		}
	});

	it("shows hooks that cannot run as skipped with the reason, whatever their switch", () => {
		const rows = buildRows(fixtureConfig(false), {
			isEnabled: () => false,
			stats: () => NO_STATS,
			sources: SOURCES,
		});
		const project = rows.find((row) => row.kind === "hook" && has(row.entry, "git_policy"));
		expect(project).toMatchObject({ state: "skipped", note: expect.stringContaining("project is not trusted") });
		const mcp = rows.find((row) => row.kind === "hook" && has(row.entry, "check_tests_pass"));
		expect(mcp).toMatchObject({ state: "skipped", note: expect.stringContaining("TeammateIdle") });
		const user = rows.find((row) => row.kind === "hook" && has(row.entry, "block-rm"));
		expect(user).toMatchObject({ state: "off", note: undefined });
	});

	it("gives an issue with no event in its path the Settings event, and a terminal-safe target", () => {
		const config = {
			...fixtureConfig(true),
			issues: [{ file: "/elsewhere/settings.json", path: "", message: "not JSON \u001b[2J" }],
		};
		const rows = buildRows(config, { isEnabled: () => true, stats: () => NO_STATS, sources: SOURCES });
		const issue = rows.find((row) => row.kind === "issue");
		expect(issue).toMatchObject({ event: "Settings", matcher: "invalid", source: "/elsewhere/settings.json" });
		expect(issue?.target).not.toContain("\u001b");
		expect(issue?.target).toContain("not JSON");
		// An event this list does not know sorts after the known ones.
		expect(rows.at(-1)).toBe(issue);
	});
});

describe("fileLabel", () => {
	it("labels a source's file by its scope and any other file by its path", () => {
		expect(fileLabel("/p/.claude/settings.json", SOURCES)).toBe("Claude project");
		expect(fileLabel("/tmp/other.json", SOURCES)).toBe("/tmp/other.json");
	});

	it("says who fires a hook of an event only other extensions fire, or that nothing does", () => {
		const config = fixtureConfig(true);
		const [first] = config.entries;
		if (first === undefined) throw new Error("the fixture has hooks");
		const permission = { ...first, id: "perm", event: "PermissionRequest" as const };
		const subagent = { ...first, id: "sub", event: "SubagentStop" as const };
		const rows = buildRows(
			{ ...config, entries: [...config.entries, permission, subagent] },
			{
				isEnabled: () => true,
				stats: () => NO_STATS,
				sources: SOURCES,
				firers: () => ({ askers: ["permission-gate"], subagents: [] }),
			},
		);
		const byKey = new Map(rows.map((row) => [row.key, row]));
		const firedBy = (key: string) => {
			const row = byKey.get(key);
			return row?.kind === "hook" ? row.firedBy : undefined;
		};
		expect(firedBy("perm")).toEqual({ live: true, text: "live: asked by permission-gate this session" });
		expect(firedBy("sub")?.live).toBe(false);
		expect(firedBy(first.id)).toBeUndefined();
	});
});
