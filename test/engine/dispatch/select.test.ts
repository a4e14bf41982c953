import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import type { HookConfig, HookSource, PluginInfo } from "../../../src/engine/types.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "phm-sources-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const user: HookSource = { scope: "claude-user", file: "/u/settings.json", project: false };
const projectFile: HookSource = { scope: "claude-project", file: "/p/.claude/settings.json", project: true };
const managed: HookSource = { scope: "managed", file: "/etc/claude-code/managed-settings.json", project: false };
const plugin = (extra: Partial<PluginInfo> = {}): HookSource => ({
	scope: "plugin",
	file: "/cache/guard/hooks/hooks.json",
	project: false,
	hooksPath: ["hooks"],
	plugin: { id: "guard@mk", root: "/cache/guard", data: "/data/guard-mk", options: {}, forced: false, ...extra },
});
const skill: HookSource = { scope: "skill", file: "/skills/deploy/SKILL.md", project: false, name: "deploy" };

const settings = (source: HookSource, data: Record<string, unknown>) => parseSettingsText(JSON.stringify(data), source);
const bash = (...hooks: Record<string, unknown>[]) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });

const request = () => ({
	event: "PreToolUse" as const,
	matchValues: ["Bash", "bash"],
	tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
	payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
	session: engineSession(dir, { sessionId: "S1" }),
});

const run = async (config: HookConfig, deps: { allOff?: boolean; enabled?: boolean } = {}) => {
	const engine = createEngine(
		engineDeps({
			config: () => config,
			switches: { allOff: () => deps.allOff ?? false, isEnabled: () => deps.enabled ?? true },
		}),
	);
	const result = await engine.dispatch(request());
	return {
		ran: result.verdicts.map((verdict) => verdict.entry.source.scope).sort(),
		notRun: result.record?.notRun.map((hook) => `${hook.entry.source.scope}:${hook.reason}`) ?? [],
	};
};

describe("managed policy precedence (Claude Code: only managed policy switches managed hooks off)", () => {
	const both = (userData: Record<string, unknown>, managedData: Record<string, unknown>) =>
		mergeSources(
			[
				settings(managed, { ...bash(cmd("true")), ...managedData }),
				settings(user, { ...bash(cmd("true #u")), ...userData }),
			],
			true,
		);

	it("non-managed disableAllHooks leaves managed hooks running", async () => {
		const config = both({ disableAllHooks: true }, {});
		expect(config.disableAllHooks).toBe(true);
		expect(await run(config)).toEqual({ ran: ["managed"], notRun: ["claude-user:all_off"] });
	});

	it("managed disableAllHooks switches managed hooks off too, and wins over a non-managed false", async () => {
		const config = both({ disableAllHooks: false }, { disableAllHooks: true });
		expect(config).toMatchObject({
			disableAllHooks: true,
			disableAllHooksManaged: true,
			disableAllHooksSource: managed.file,
		});
		expect((await run(config)).ran).toEqual([]);
	});

	it("the kill switch and the per-hook switch leave managed hooks and force-enabled plugins running", async () => {
		const config = mergeSources(
			[
				settings(managed, bash(cmd("true"))),
				settings(plugin({ forced: true }), bash(cmd("true #forced"))),
				settings(user, bash(cmd("true #u"))),
			],
			true,
		);
		expect((await run(config, { allOff: true })).ran).toEqual(["managed", "plugin"]);
		expect((await run(config, { enabled: false })).ran).toEqual(["managed", "plugin"]);
	});

	it("allowManagedHooksOnly leaves managed hooks and force-enabled plugins only; the rest are skipped for it", () => {
		const config = mergeSources(
			[
				settings(managed, { ...bash(cmd("m")), allowManagedHooksOnly: true }),
				settings(user, { ...bash(cmd("u")), allowManagedHooksOnly: false }),
				settings(plugin({ forced: true }), bash(cmd("forced"))),
				settings({ ...plugin(), file: "/cache/other/hooks.json" }, bash(cmd("other"))),
				settings(skill, bash(cmd("s"))),
			],
			true,
		);
		expect(config.entries.map((entry) => entry.source.scope)).toEqual(["managed", "plugin"]);
		expect(config.skipped.map((s) => `${s.entry.source.scope}:${s.reason}`)).toEqual([
			"claude-user:managed_only",
			"plugin:managed_only",
			"skill:managed_only",
		]);
	});

	it("a dispatch's why-not-run list names the hooks skipped for allowManagedHooksOnly", async () => {
		const config = mergeSources(
			[settings(managed, { ...bash(cmd("true")), allowManagedHooksOnly: true }), settings(user, bash(cmd("u")))],
			true,
		);
		expect(await run(config)).toEqual({ ran: ["managed"], notRun: ["claude-user:managed_only"] });
	});

	it("allowManagedHooksOnly in a non-managed file changes nothing", () => {
		const config = mergeSources([settings(user, { ...bash(cmd("u")), allowManagedHooksOnly: true })], true);
		expect(config.entries).toHaveLength(1);
	});

	it("strictPluginOnlyCustomization with hooks keeps plugin and managed hooks only", () => {
		for (const strict of [true, ["hooks"]]) {
			const config = mergeSources(
				[
					settings(managed, { ...bash(cmd("m")), strictPluginOnlyCustomization: strict }),
					settings(user, bash(cmd("u"))),
					settings(projectFile, bash(cmd("p"))),
					settings(plugin(), bash(cmd("plug"))),
				],
				true,
			);
			expect(config.entries.map((entry) => entry.source.scope)).toEqual(["managed", "plugin"]);
			expect(config.skipped.map((s) => s.reason)).toEqual(["plugin_only", "plugin_only"]);
		}
		const skills = mergeSources(
			[settings(managed, { strictPluginOnlyCustomization: ["skills"] }), settings(user, bash(cmd("u")))],
			true,
		);
		expect(skills.entries).toHaveLength(1);
	});

	it("a later managed-settings.d file overrides an earlier one", () => {
		const dropIn = { ...managed, file: "/etc/claude-code/managed-settings.d/20-b.json" };
		const config = mergeSources(
			[
				settings(managed, { allowManagedHooksOnly: true }),
				settings(dropIn, { allowManagedHooksOnly: false }),
				settings(user, bash(cmd("u"))),
			],
			true,
		);
		expect(config.entries).toHaveLength(1);
	});
});

describe("plugin and skill hooks in the engine", () => {
	it("a plugin's copy of a settings command runs apart from it; two settings copies run once", async () => {
		const config = mergeSources(
			[
				settings(user, bash(cmd("true"))),
				settings(projectFile, bash(cmd("true"))),
				settings(plugin(), bash(cmd("true"))),
				settings(skill, bash(cmd("true"))),
			],
			true,
		);
		expect(await run(config)).toEqual({
			ran: ["claude-user", "plugin", "skill"],
			notRun: ["claude-project:duplicate"],
		});
	});

	it("sets CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA and CLAUDE_PLUGIN_OPTION_<KEY>, exec form filled in", async () => {
		const out = join(dir, "out.txt");
		const source = plugin({ root: dir, data: join(dir, "data"), options: { level: "strict", "max-size": "3" } });
		const script =
			`printf '%s|%s|%s|%s' "$CLAUDE_PLUGIN_ROOT" "$CLAUDE_PLUGIN_DATA" ` +
			`"$CLAUDE_PLUGIN_OPTION_LEVEL" "$CLAUDE_PLUGIN_OPTION_MAX_SIZE" > "${out}"`;
		const exec = cmd("/bin/sh", {
			args: [
				"-c",
				`printf '%s %s' "$1" "$2" > "${out}.exec"`,
				"x",
				"${CLAUDE_PLUGIN_ROOT}/a",
				"${user_config.level}",
			],
		});
		await run(mergeSources([settings(source, bash(cmd(script), exec))], true));
		expect(readFileSync(out, "utf8")).toBe(`${dir}|${join(dir, "data")}|strict|3`);
		expect(readFileSync(`${out}.exec`, "utf8")).toBe(`${dir}/a strict`);
	});

	it("refuses ${user_config.KEY} in a shell-form plugin command (Claude Code 2.1.207), and unset ones", async () => {
		const config = mergeSources(
			[
				settings(
					plugin({ options: { level: "x" } }),
					bash(cmd("echo ${user_config.level}"), cmd("echo", { args: ["${user_config.missing}"] })),
				),
			],
			true,
		);
		const engine = createEngine(engineDeps({ config: () => config }));
		const result = await engine.dispatch(request());
		expect(result.verdicts.map((verdict) => verdict.outcome.kind)).toEqual(["spawn_failed", "spawn_failed"]);
		expect(result.verdicts.map((verdict) => ("message" in verdict.outcome ? verdict.outcome.message : ""))).toEqual(
			[
				expect.stringContaining("not allowed in a shell-form hook command"),
				expect.stringContaining('plugin option "missing" is not set'),
			],
		);
	});

	it("${CLAUDE_PLUGIN_ROOT} outside a plugin, ${CLAUDE_PLUGIN_DATA} in a skill: Claude Code's error", async () => {
		const skillWithRoot: HookSource = { ...skill, root: dir };
		const config = mergeSources(
			[
				settings(user, bash(cmd('node "${CLAUDE_PLUGIN_ROOT}/x.mjs"'))),
				settings(
					skillWithRoot,
					bash(cmd("echo", { args: ["${CLAUDE_PLUGIN_DATA}"] }), cmd('test -d "${CLAUDE_PLUGIN_ROOT}"')),
				),
			],
			true,
		);
		const engine = createEngine(engineDeps({ config: () => config }));
		const result = await engine.dispatch(request());
		const byCommand = new Map(
			result.verdicts.map((verdict) => [
				verdict.entry.handler.type === "command" ? verdict.entry.handler.command : "",
				verdict.outcome,
			]),
		);
		expect(byCommand.get('node "${CLAUDE_PLUGIN_ROOT}/x.mjs"')).toMatchObject({
			kind: "spawn_failed",
			message: expect.stringContaining("but the hook is not associated with a plugin"),
		});
		expect(byCommand.get("echo")).toMatchObject({
			kind: "spawn_failed",
			message: expect.stringContaining("only ${CLAUDE_PLUGIN_ROOT} is available for skill hooks"),
		});
		expect(byCommand.get('test -d "${CLAUDE_PLUGIN_ROOT}"')).toMatchObject({ kind: "exited", code: 0 });
	});

	it("a skill's once: true hook runs once per session; once in a settings file is ignored", async () => {
		const config = mergeSources(
			[settings(skill, bash(cmd("true", { once: true }))), settings(user, bash(cmd("true #u", { once: true })))],
			true,
		);
		const engine = createEngine(engineDeps({ config: () => config }));
		const first = await engine.dispatch(request());
		const second = await engine.dispatch(request());
		expect(first.verdicts.map((verdict) => verdict.entry.source.scope).sort()).toEqual(["claude-user", "skill"]);
		expect(second.verdicts.map((verdict) => verdict.entry.source.scope)).toEqual(["claude-user"]);
		expect(second.record?.notRun.map((hook) => hook.reason)).toEqual(["once"]);
	});

	it("agent definition hooks are listed as skipped: pi has no subagents", () => {
		const agent: HookSource = {
			scope: "agent",
			file: "/u/.claude/agents/reviewer.md",
			project: false,
			name: "reviewer",
		};
		const config = mergeSources([settings(agent, bash(cmd("true")))], true);
		expect(config.entries).toEqual([]);
		expect(config.skipped.map((s) => s.reason)).toEqual(["no_moment"]);
	});
});
