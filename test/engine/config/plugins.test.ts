import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";
import type { HookConfig } from "../../../src/engine/types.ts";
import { layClaudeLayout } from "../../support/claude-layout.ts";

let root: string;
let home: string;
let project: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-plugins-"));
	home = join(root, "home");
	project = join(root, "project");
	mkdirSync(home, { recursive: true });
	mkdirSync(project, { recursive: true });
	layClaudeLayout(home, project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cache = (...parts: string[]) => join(home, ".claude", "plugins", "cache", "my-marketplace", ...parts);
const guardRoot = () => cache("guard", "1.0.0");
const notesRoot = () => cache("notes", "0.2.0");
const guardCommand = 'node "${CLAUDE_PLUGIN_ROOT}/scripts/guard.mjs"';

const load = (options: { trusted?: boolean; approved?: boolean } = {}): HookConfig =>
	createConfigStore({
		sources: settingsSources({ home, agentDir: join(root, "agent"), projectDir: project }),
		plugins: { home, projectDir: project },
		isTrusted: () => options.trusted ?? true,
		isApproved: () => options.approved ?? true,
	}).current();

const summary = (config: HookConfig) =>
	config.entries.map((entry) => ({
		plugin: entry.source.plugin?.id,
		event: entry.event,
		file: entry.source.file,
		project: entry.source.project,
	}));

const editJson = (file: string, edit: (data: Record<string, unknown>) => void): void => {
	const data = JSON.parse(readFileSync(file, "utf8"));
	edit(data);
	writeFileSync(file, JSON.stringify(data));
};

describe("plugins as the real Claude Code installs them", () => {
	it("loads hooks/hooks.json and both kinds of manifest hooks, with the plugin's root, data and options", () => {
		const config = load();
		expect(config.issues).toEqual([]);
		expect(summary(config)).toEqual([
			{
				plugin: "guard@my-marketplace",
				event: "PreToolUse",
				file: join(guardRoot(), "hooks", "hooks.json"),
				project: false,
			},
			{
				plugin: "notes@my-marketplace",
				event: "PreToolUse",
				file: join(notesRoot(), "extra", "hooks.json"),
				project: true,
			},
			{
				plugin: "notes@my-marketplace",
				event: "PostToolUse",
				file: join(notesRoot(), ".claude-plugin", "plugin.json"),
				project: true,
			},
		]);
		const guard = config.entries[0]?.source.plugin;
		expect(guard).toEqual({
			id: "guard@my-marketplace",
			root: guardRoot(),
			data: join(home, ".claude", "plugins", "data", "guard-my-marketplace"),
			options: { level: "strict" },
			forced: false,
		});
		expect(config.entries[2]?.jsonPath).toBe("hooks[1].PostToolUse[0].hooks[0]");
	});

	it("a plugin enabled only by a project file is project code: untrusted or unapproved, it does not run", () => {
		expect(load({ trusted: false }).skipped.map((s) => [s.entry.source.plugin?.id, s.reason])).toEqual([
			["notes@my-marketplace", "untrusted"],
			["notes@my-marketplace", "untrusted"],
		]);
		const unapproved = load({ approved: false });
		expect(unapproved.entries.map((entry) => entry.source.plugin?.id)).toEqual(["guard@my-marketplace"]);
		expect(unapproved.skipped.map((s) => s.reason)).toEqual(["unapproved", "unapproved"]);
	});

	it("the user's own enabling makes a plugin the user's, even when the project enables it too", () => {
		editJson(join(home, ".claude", "settings.json"), (data) => {
			(data.enabledPlugins as Record<string, boolean>)["notes@my-marketplace"] = true;
		});
		expect(load({ approved: false }).entries.map((entry) => entry.source.plugin?.id)).toEqual([
			"guard@my-marketplace",
			"notes@my-marketplace",
			"notes@my-marketplace",
		]);
	});

	it("a plugin switched off in a more specific scope runs nothing and is listed as plugin_disabled", () => {
		writeFileSync(
			join(project, ".claude", "settings.local.json"),
			JSON.stringify({ enabledPlugins: { "guard@my-marketplace": false } }),
		);
		const config = load();
		expect(config.entries.map((entry) => entry.source.plugin?.id)).toEqual([
			"notes@my-marketplace",
			"notes@my-marketplace",
		]);
		expect(config.skipped.map((s) => [s.entry.source.plugin?.id, s.reason])).toEqual([
			["guard@my-marketplace", "plugin_disabled"],
		]);
	});

	it("managed enabledPlugins forces a plugin on: it counts as managed policy", () => {
		const managed = join(root, "managed");
		mkdirSync(managed);
		writeFileSync(
			join(managed, "managed-settings.json"),
			JSON.stringify({ enabledPlugins: { "guard@my-marketplace": true } }),
		);
		writeFileSync(
			join(project, ".claude", "settings.local.json"),
			JSON.stringify({ enabledPlugins: { "guard@my-marketplace": false } }),
		);
		const config = createConfigStore({
			sources: settingsSources({ home, agentDir: join(root, "agent"), projectDir: project }),
			managedDir: managed,
			plugins: { home, projectDir: project },
			isTrusted: () => true,
		}).current();
		expect(
			config.entries.find((entry) => entry.source.plugin?.id === "guard@my-marketplace")?.source.plugin?.forced,
		).toBe(true);
	});
});

describe("broken plugins skip only themselves, with the file and the reason", () => {
	it("a broken manifest skips that plugin, saying none of its hooks run", () => {
		const manifest = join(notesRoot(), ".claude-plugin", "plugin.json");
		writeFileSync(manifest, "{ not json");
		const config = load();
		expect(config.entries.map((entry) => entry.source.plugin?.id)).toEqual(["guard@my-marketplace"]);
		expect(config.issues).toEqual([
			{
				file: manifest,
				path: "",
				message: expect.stringMatching(
					/^invalid JSON in the plugin manifest: .*; none of plugin notes@my-\S+ hooks/,
				),
				source: "Plugin notes@my-marketplace",
				kind: "plugin_skipped",
			},
		]);
		expect(config.issues[0]?.message).toMatch(/; none of plugin notes@my-marketplace's hooks run until it parses$/);
	});

	it("a manifest broken from the start names the hooks of hooks/hooks.json that do not run", () => {
		writeFileSync(join(guardRoot(), ".claude-plugin", "plugin.json"), "{ not json");
		const config = load();
		expect(config.entries.map((entry) => entry.source.plugin?.id)).not.toContain("guard@my-marketplace");
		expect(config.issues.map((issue) => issue.kind)).toEqual(["plugin_skipped"]);
		expect(config.issues[0]?.message).toContain(
			"; until it parses, plugin guard@my-marketplace's 1 hook(s) do not run: " + `PreToolUse (${guardCommand})`,
		);
	});

	it("a broken hooks.json skips that file", () => {
		const file = join(guardRoot(), "hooks", "hooks.json");
		writeFileSync(file, '{"hooks": ');
		const config = load();
		expect(config.entries.map((entry) => entry.source.plugin?.id)).toEqual([
			"notes@my-marketplace",
			"notes@my-marketplace",
		]);
		expect(config.issues.map((issue) => [issue.file, issue.path, issue.source])).toEqual([
			[file, "", "Plugin guard@my-marketplace"],
		]);
		expect(config.issues[0]?.message).toMatch(/^invalid JSON/);
	});

	it("an install record pointing at a missing folder is reported with the folder", () => {
		rmSync(guardRoot(), { recursive: true });
		const config = load();
		expect(config.entries.map((entry) => entry.source.plugin?.id)).toEqual([
			"notes@my-marketplace",
			"notes@my-marketplace",
		]);
		expect(config.issues).toEqual([
			{
				file: guardRoot(),
				path: "",
				message:
					"the install folder of plugin guard@my-marketplace is missing (reinstall it with claude " +
					"plugin install guard@my-marketplace)",
				source: "Plugin guard@my-marketplace",
			},
		]);
	});

	it("an enabled plugin without an install record is reported on the file that enables it", () => {
		editJson(join(home, ".claude", "settings.json"), (data) => {
			(data.enabledPlugins as Record<string, boolean>)["ghost@my-marketplace"] = true;
		});
		const config = load();
		expect(config.issues.map((issue) => [issue.file, issue.path])).toEqual([
			[join(home, ".claude", "settings.json"), "enabledPlugins.ghost@my-marketplace"],
		]);
		expect(config.entries).toHaveLength(3);
	});

	it("manifest hook paths outside the plugin, missing, or naming hooks/hooks.json again are each reported", () => {
		const manifest = join(guardRoot(), ".claude-plugin", "plugin.json");
		editJson(manifest, (data) => {
			data.hooks = ["../../../../../../etc/hooks.json", "./nope.json", "./hooks/hooks.json", 7];
		});
		const config = load();
		expect(config.entries).toHaveLength(3);
		expect(config.issues.map((issue) => [issue.file, issue.path])).toEqual([
			[manifest, "hooks[0]"],
			[manifest, "hooks[1]"],
			[manifest, "hooks[2]"],
			[manifest, "hooks[3]"],
		]);
	});

	it("unusable install records are reported and no plugin runs", () => {
		const records = join(home, ".claude", "plugins", "installed_plugins.json");
		writeFileSync(records, "[]");
		const config = load();
		expect(config.entries).toEqual([]);
		expect(config.issues.map((issue) => issue.file)).toEqual([records]);
	});

	it("a plugin edit is picked up on the next check", () => {
		const store = createConfigStore({
			sources: settingsSources({ home, agentDir: join(root, "agent"), projectDir: project }),
			plugins: { home, projectDir: project },
			isTrusted: () => true,
			checkIntervalMs: 0,
		});
		expect(store.current().entries).toHaveLength(3);
		// Without its manifest `hooks`, notes has no hooks left.
		writeFileSync(join(notesRoot(), ".claude-plugin", "plugin.json"), JSON.stringify({ name: "notes" }));
		expect(store.current().entries.map((entry) => entry.source.plugin?.id)).toEqual(["guard@my-marketplace"]);
	});
});

describe("the plugin file shapes docs/sources.md gives", () => {
	it("load: the doc's installed_plugins.json, a wrapped hooks.json and a manifest's bare inline event map", () => {
		// The doc's example install records, with its paths moved into this test's home and project.
		const doc = readFileSync(join(import.meta.dirname, "..", "..", "..", "docs", "sources.md"), "utf8");
		const block = /`installed_plugins\.json` \(version 2\)[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
		expect(block).toBeDefined();
		const records = (block ?? "")
			.replace(/^ {2}/gm, "")
			.replaceAll("/home/me/work/app", project)
			.replaceAll("/home/me", home);
		writeFileSync(join(home, ".claude", "plugins", "installed_plugins.json"), records);
		// The project's install (1.1.0) is the one that counts here.
		const installed = cache("guard", "1.1.0");
		mkdirSync(join(installed, "hooks"), { recursive: true });
		mkdirSync(join(installed, ".claude-plugin"), { recursive: true });
		const handlers = [{ type: "command", command: "true" }];
		writeFileSync(
			join(installed, "hooks", "hooks.json"),
			JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: handlers }] } }),
		);
		writeFileSync(
			join(installed, ".claude-plugin", "plugin.json"),
			JSON.stringify({ name: "guard", hooks: { PostToolUse: [{ matcher: "Bash", hooks: handlers }] } }),
		);
		const config = load();
		const guard = config.entries.filter((entry) => entry.source.plugin?.id === "guard@my-marketplace");
		expect(guard.map((entry) => [entry.event, entry.source.file])).toEqual([
			["PreToolUse", join(installed, "hooks", "hooks.json")],
			["PostToolUse", join(installed, ".claude-plugin", "plugin.json")],
		]);
		expect(config.issues.filter((issue) => issue.source === "Plugin guard@my-marketplace")).toEqual([]);
	});
});

describe("a plugin manifest that breaks mid-session keeps the plugin's last good hooks", () => {
	const live = () => {
		let clock = 0;
		const store = createConfigStore({
			sources: settingsSources({ home, agentDir: join(root, "agent"), projectDir: project }),
			plugins: { home, projectDir: project },
			isTrusted: () => true,
			isApproved: () => true,
			now: () => clock,
		});
		return {
			next: () => {
				clock += 1000;
				return store.current();
			},
		};
	};
	const ids = (config: HookConfig) => config.entries.map((entry) => `${entry.source.plugin?.id}:${entry.event}`);

	it("the guard keeps its hooks/hooks.json hook, the notice names it, and a fixed manifest is quiet again", () => {
		const manifest = join(guardRoot(), ".claude-plugin", "plugin.json");
		const good = readFileSync(manifest, "utf8");
		const store = live();
		const before = ids(store.next());
		expect(before).toContain("guard@my-marketplace:PreToolUse");
		writeFileSync(manifest, "{ broken");
		const broken = store.next();
		expect(ids(broken)).toEqual(before);
		expect(broken.issues).toEqual([
			{
				file: manifest,
				path: "",
				source: "Plugin guard@my-marketplace",
				kind: "kept_last_good",
				message: expect.stringMatching(/^invalid JSON in the plugin manifest: /),
			},
		]);
		expect(broken.issues[0]?.message).toContain(
			`; plugin guard@my-marketplace keeps its 1 hook(s) from before the edit: PreToolUse (${guardCommand})`,
		);
		writeFileSync(manifest, good);
		const fixed = store.next();
		expect(ids(fixed)).toEqual(before);
		expect(fixed.issues).toEqual([]);
	});

	it("a plugin whose hooks live in the manifest itself keeps them too (inline and by path)", () => {
		const manifest = join(notesRoot(), ".claude-plugin", "plugin.json");
		const store = live();
		const before = ids(store.next());
		expect(before.filter((id) => id.startsWith("notes@"))).toHaveLength(2);
		writeFileSync(manifest, "[1, 2");
		const broken = store.next();
		expect(ids(broken)).toEqual(before);
		expect(broken.issues.map((issue) => [issue.file, issue.kind])).toEqual([[manifest, "kept_last_good"]]);
		expect(broken.issues[0]?.message).toContain(
			"plugin notes@my-marketplace keeps its 2 hook(s) from before the edit",
		);
	});
});
