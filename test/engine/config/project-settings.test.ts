import { describe, expect, it } from "vitest";
import { type ParsedSource, parseSettingsText } from "../../../src/engine/config/parse.ts";
import { approvedSetting, holdBackSettings, projectSettings } from "../../../src/engine/config/project-settings.ts";
import type { HookSource, ProjectSetting, SourceScope } from "../../../src/engine/types.ts";

const FILES: Record<string, string> = {
	managed: "/etc/claude-code/managed-settings.json",
	"claude-user": "/u/.claude/settings.json",
	"pi-global": "/a/settings.json",
	"claude-project": "/p/.claude/settings.json",
	"claude-local": "/p/.claude/settings.local.json",
	"pi-project": "/p/.pi/settings.json",
};
const source = (scope: SourceScope): HookSource => ({
	scope,
	file: FILES[scope] ?? "",
	project: scope === "claude-project" || scope === "claude-local" || scope === "pi-project",
});
const files = (data: Partial<Record<SourceScope, Record<string, unknown>>>): ParsedSource[] =>
	Object.entries(data).map(([scope, value]) =>
		parseSettingsText(JSON.stringify(value), source(scope as SourceScope)),
	);
const on = (id: string, value: boolean) => ({ enabledPlugins: { [id]: value } });
/** A plugin option, the plugin switched on too (the options of a plugin no file switches on change nothing). */
const option = (id: string, name: string, value: string) => ({
	enabledPlugins: { [id]: true },
	pluginConfigs: { [id]: { options: { [name]: value } } },
});
const brief = (setting: ProjectSetting) => [
	setting.source.scope,
	setting.path.join("."),
	setting.effect,
	setting.before,
];

describe("projectSettings: the project values that change what runs", () => {
	it.each<[string, Partial<Record<SourceScope, Record<string, unknown>>>, unknown[][]]>([
		["nothing set", { "claude-user": {}, "claude-project": {} }, []],
		[
			"project disableAllHooks true",
			{ "claude-project": { disableAllHooks: true } },
			[["claude-project", "disableAllHooks", "hooks_off", false]],
		],
		[
			"local disableAllHooks true",
			{ "claude-local": { disableAllHooks: true } },
			[["claude-local", "disableAllHooks", "hooks_off", false]],
		],
		[
			"pi project disableAllHooks true",
			{ "pi-project": { disableAllHooks: true } },
			[["pi-project", "disableAllHooks", "hooks_off", false]],
		],
		["project false, user unset: no change", { "claude-project": { disableAllHooks: false } }, []],
		[
			"project true, user true: no change",
			{ "claude-user": { disableAllHooks: true }, "claude-project": { disableAllHooks: true } },
			[],
		],
		[
			"project false over the user's true",
			{ "pi-global": { disableAllHooks: true }, "claude-local": { disableAllHooks: false } },
			[["claude-local", "disableAllHooks", "hooks_on", true]],
		],
		[
			"managed sets it: no project value counts",
			{ managed: { disableAllHooks: false }, "claude-project": { disableAllHooks: true } },
			[],
		],
		[
			"project switches off the user's plugin",
			{ "claude-user": on("g@m", true), "claude-project": on("g@m", false) },
			[["claude-project", "enabledPlugins.g@m", "plugin_off", true]],
		],
		[
			"pi global enables, pi project disables",
			{ "pi-global": on("g@m", true), "pi-project": on("g@m", false) },
			[["pi-project", "enabledPlugins.g@m", "plugin_off", true]],
		],
		["project false for a plugin the user never enabled", { "claude-project": on("g@m", false) }, []],
		["project false, user false", { "claude-user": on("g@m", false), "claude-project": on("g@m", false) }, []],
		["project true: its hooks are approved one by one instead", { "claude-project": on("g@m", true) }, []],
		[
			"managed forces it on",
			{ managed: on("g@m", true), "claude-user": on("g@m", true), "claude-project": on("g@m", false) },
			[],
		],
		[
			"project option over the user's",
			{ "claude-user": option("g@m", "level", "strict"), "claude-project": option("g@m", "level", "off") },
			[["claude-project", "pluginConfigs.g@m.options.level", "option", "strict"]],
		],
		[
			"project option the user did not set",
			{ "claude-local": option("g@m", "level", "off") },
			[["claude-local", "pluginConfigs.g@m.options.level", "option", undefined]],
		],
		[
			"project option equal to the user's",
			{ "claude-user": option("g@m", "level", "x"), "claude-project": option("g@m", "level", "x") },
			[],
		],
		[
			"an option of a plugin no file switches on",
			{ "claude-project": { pluginConfigs: { "g@m": { options: { level: "off" } } } } },
			[],
		],
		[
			"managed option wins anyway",
			{ managed: option("g@m", "level", "x"), "claude-project": option("g@m", "level", "y") },
			[],
		],
		[
			"each project file on its own",
			{
				"claude-user": on("g@m", true),
				"claude-project": { disableAllHooks: true },
				"claude-local": on("g@m", false),
			},
			[
				["claude-project", "disableAllHooks", "hooks_off", false],
				["claude-local", "enabledPlugins.g@m", "plugin_off", true],
			],
		],
		["user files are never held back", { "claude-user": { disableAllHooks: true, ...on("g@m", false) } }, []],
	])("%s", (_name, data, expected) => {
		expect(projectSettings(files(data)).map(brief)).toEqual(expected);
	});

	it("the key is the file, the setting and the exact value", () => {
		const key = (data: Partial<Record<SourceScope, Record<string, unknown>>>) =>
			projectSettings(files(data))[0]?.key;
		const base = key({ "claude-project": option("g@m", "level", "off") });
		expect(base).toMatch(/^[0-9a-f]{64}$/);
		expect(key({ "claude-project": option("g@m", "level", "off") })).toBe(base);
		expect(key({ "claude-project": option("g@m", "level", "of") })).not.toBe(base);
		expect(key({ "claude-local": option("g@m", "level", "off") })).not.toBe(base);
		expect(key({ "claude-project": option("g@m", "mode", "off") })).not.toBe(base);
		expect(key({ "claude-project": option("h@m", "level", "off") })).not.toBe(base);
		// The user's value is not part of it: approving "off" over "strict" still holds when the user's value moves.
		expect(
			key({ "claude-user": option("g@m", "level", "x"), "claude-project": option("g@m", "level", "off") }),
		).toBe(base);
	});
});

describe("holdBackSettings: what applies before and after approval", () => {
	const data = files({
		"claude-user": { ...on("g@m", true), ...option("g@m", "level", "strict") },
		"claude-project": {
			...option("g@m", "level", "off"),
			disableAllHooks: true,
			enabledPlugins: { "g@m": false, "p@m": true },
		},
	});
	const project = (held: readonly ParsedSource[]) => held.find((parsed) => parsed.source.scope === "claude-project");

	it("unapproved: the project's values are taken out, the rest of the file stays", () => {
		const held = holdBackSettings(data, true, () => false);
		expect(held.pending.map((item) => item.path.join("."))).toEqual([
			"disableAllHooks",
			"enabledPlugins.g@m",
			"pluginConfigs.g@m.options.level",
		]);
		expect(project(held.settings)).toMatchObject({
			disableAllHooks: undefined,
			enabledPlugins: { "p@m": true },
			pluginOptions: { "g@m": {} },
		});
		expect(held.settings[0]).toBe(data[0]);
	});

	it("approved values apply as written; only the unapproved ones wait", () => {
		const approved = new Set(
			projectSettings(data)
				.filter((item) => item.effect !== "option")
				.map((item) => item.key),
		);
		const held = holdBackSettings(data, true, (key) => approved.has(key));
		expect(held.pending.map((item) => item.effect)).toEqual(["option"]);
		expect(project(held.settings)).toMatchObject({
			disableAllHooks: true,
			enabledPlugins: { "g@m": false, "p@m": true },
		});
	});

	it("all approved: the very same sources", () => {
		expect(holdBackSettings(data, true, () => true)).toEqual({ settings: data, pending: [] });
	});

	it("an untrusted project: nothing applies and nothing is asked (folder trust first)", () => {
		const held = holdBackSettings(data, false, () => true);
		expect(held.pending).toEqual([]);
		expect(project(held.settings)?.disableAllHooks).toBeUndefined();
	});
});

describe("approvedSetting: the record kept in approvals.json", () => {
	it("names the file and setting, masks a secret-looking value", () => {
		const [item] = projectSettings(files({ "claude-project": option("g@m", "api_key", "abc123") }));
		if (item === undefined) throw new Error("no setting");
		const record = approvedSetting(item, new Date("2026-01-01T00:00:00Z"));
		expect(record).toMatchObject({ file: FILES["claude-project"], setting: "pluginConfigs.g@m.options.api_key" });
		expect(record.value).not.toContain("abc123");
		const [plain] = projectSettings(files({ "claude-project": option("g@m", "level", "off") }));
		if (plain === undefined) throw new Error("no setting");
		expect(approvedSetting(plain, new Date()).value).toBe('"off"');
	});
});
