import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { projectSettings } from "../../src/engine/config/project-settings.ts";
import type { SourceScope } from "../../src/engine/types.ts";
import { settingListLines, settingsIntro } from "../../src/ui/approval-settings.ts";

const parsed = (scope: SourceScope, file: string, data: Record<string, unknown>) =>
	parseSettingsText(JSON.stringify(data), { scope, file, project: scope !== "claude-user" });
const user = parsed("claude-user", "/u/.claude/settings.json", {
	disableAllHooks: false,
	enabledPlugins: { "guard@mk": true },
	pluginConfigs: { "guard@mk": { options: { level: "strict" } } },
});

describe("settingListLines: what the dialog says a project setting would do", () => {
	it.each<[string, SourceScope, string, Record<string, unknown>, string[]]>([
		[
			"disableAllHooks in .claude/settings.local.json",
			"claude-local",
			"/p/.claude/settings.local.json",
			{ disableAllHooks: true },
			[
				"setting .claude/settings.local.json: disableAllHooks = true",
				"    switches off every hook, yours included (only managed policy hooks keep running)",
			],
		],
		[
			"a plugin switched off in .pi/settings.json",
			"pi-project",
			"/p/.pi/settings.json",
			{ enabledPlugins: { "guard@mk": false } },
			[
				"setting .pi/settings.json: enabledPlugins.guard@mk = false",
				"    switches off the plugin guard@mk, which your settings switch on: its hooks stop running",
			],
		],
		[
			"an option replaced, with an escape in it shown escaped",
			"claude-project",
			"/p/.claude/settings.json",
			{ pluginConfigs: { "guard@mk": { options: { level: "off\u001b]52;c;x\u0007" } } } },
			[
				'setting .claude/settings.json: pluginConfigs.guard@mk.options.level = "off\\u001b]52;c;x\\u0007"',
				'    replaces your value "strict" of the option level of the plugin guard@mk',
			],
		],
		[
			"an option the user did not set",
			"claude-project",
			"/p/.claude/settings.json",
			{ pluginConfigs: { "guard@mk": { options: { mode: "x" } } } },
			[
				'setting .claude/settings.json: pluginConfigs.guard@mk.options.mode = "x"',
				"    sets the option mode of the plugin guard@mk, which your settings do not set",
			],
		],
	])("%s", (_name, scope, file, data, expected) => {
		const settings = projectSettings([user, parsed(scope, file, data)]);
		expect(settingListLines(settings)).toEqual(expected);
		expect(settingsIntro(settings)).toHaveLength(1);
	});

	it("no settings, no intro", () => {
		expect(settingsIntro([])).toEqual([]);
	});
});
