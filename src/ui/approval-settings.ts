/**
 * What the approval dialog says about project settings that would switch hooks off or change a plugin's options
 * (src/engine/config/project-settings.ts): per setting one line with the file, the setting and its value, and one
 * saying what it would switch off or change. Terminal-safe, nothing cut. Pure.
 */

import { settingPath } from "../engine/config/project-settings.ts";
import { terminalSafe } from "../engine/text/terminal-safe.ts";
import type { ProjectSetting } from "../engine/types.ts";
import { PROJECT_FILES } from "./approval-intro.ts";

const shown = (value: boolean | string): string => terminalSafe(JSON.stringify(value));

/** What approving `setting` would do, in words. */
const effectText = (setting: ProjectSetting): string => {
	const plugin = terminalSafe(setting.plugin ?? "");
	switch (setting.effect) {
		case "hooks_off":
			return "switches off every hook, yours included (only managed policy hooks keep running)";
		case "hooks_on":
			return "switches your hooks back on (your settings set disableAllHooks: true)";
		case "plugin_off":
			return `switches off the plugin ${plugin}, which your settings switch on: its hooks stop running`;
		case "mcp_server":
			return `${setting.before === undefined ? "defines the" : "replaces your"} MCP server ${terminalSafe(
				setting.server ?? "",
			)}, which an mcp_tool hook of yours calls`;
		case "option": {
			const name = terminalSafe(setting.path.at(-1) ?? "");
			return setting.before === undefined
				? `sets the option ${name} of the plugin ${plugin}, which your settings do not set`
				: `replaces your value ${shown(setting.before)} of the option ${name} of the plugin ${plugin}`;
		}
	}
};

/** The two lines of one setting: `setting <file>: <path> = <value>`, then `    <what it does>`. */
export const settingLines = (setting: ProjectSetting): string[] => {
	const file =
		setting.effect === "mcp_server" ? ".pi/mcp.json" : (PROJECT_FILES[setting.source.scope] ?? setting.source.file);
	return [
		`setting ${terminalSafe(file)}: ${terminalSafe(settingPath(setting))} = ${shown(setting.value)}`,
		`    ${effectText(setting)}`,
	];
};

/** The lines of every setting, in order. */
export const settingListLines = (settings: readonly ProjectSetting[]): string[] => settings.flatMap(settingLines);

/** The dialog's paragraph about settings (empty when there are none). */
export const settingsIntro = (settings: readonly ProjectSetting[]): string[] =>
	settings.length === 0
		? []
		: [
				`This project's settings would switch off or change your own hooks (${settings.length} setting(s) ` +
					`below). Until you approve them your hooks run as you configured them.`,
			];
