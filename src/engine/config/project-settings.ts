/**
 * Project settings that change what runs, held back until the user approves them. Claude Code lets a project file
 * switch the user's hooks off (`disableAllHooks`), switch a user's plugin off (`enabledPlugins`) and override a
 * plugin's user config (`pluginConfigs.<id>.options`); here each such value in `.claude/settings.json`,
 * `.claude/settings.local.json` or `.pi/settings.json` applies only once approved, keyed by file, setting and exact
 * value (another value asks again). Until then the user's own values apply. A project value that changes nothing
 * (equal to the user's, under a managed value, or an option of a plugin no file switches on) applies without asking;
 * a plugin that only the project switches on needs no setting approval (its hooks are project hooks, approved one
 * by one), its options do. Pure.
 */
import { createHash } from "node:crypto";
import { redactSecrets } from "../text/redact.ts";
import type { HookSource, ProjectSetting, SettingEffect, SourceScope } from "../types.ts";
import type { ParsedSource } from "./parse.ts";

/** A held-back setting as stored in the approvals file (for people reading it; the key is the record's name). */
export interface ApprovedSetting {
	readonly file: string;
	/** `disableAllHooks`, `enabledPlugins.guard@mkt`, `pluginConfigs.guard@mkt.options.pattern`. */
	readonly setting: string;
	/** The approved value as JSON. */
	readonly value: string;
	/** ISO time of the approval. */
	readonly at: string;
}

/** Project settings files, the only ones whose settings are held back. */
const PROJECT_SETTINGS = new Set<SourceScope>(["claude-project", "claude-local", "pi-project"]);

/** The user's settings files, most specific first (Claude Code: `~/.claude` above pi global for plugins). */
const USER_DISABLE: readonly SourceScope[] = ["pi-global", "claude-user"];
const USER_PLUGINS: readonly SourceScope[] = ["claude-user", "pi-global"];

/** `a.b.c` of a setting's path, for people. */
export const settingPath = (setting: Pick<ProjectSetting, "path">): string => setting.path.join(".");

/** The approval key of a project setting: the full SHA-256 of its file, path and value. */
export const projectSettingKey = (file: string, path: readonly string[], value: boolean | string): string =>
	createHash("sha256")
		.update(JSON.stringify(["project-setting", file, path, value]))
		.digest("hex");

const setting = (
	effect: SettingEffect,
	source: HookSource,
	path: readonly string[],
	value: boolean | string,
	before: boolean | string | undefined,
	plugin?: string,
): ProjectSetting => ({
	effect,
	source,
	path,
	value,
	...(before === undefined ? {} : { before }),
	...(plugin === undefined ? {} : { plugin }),
	key: projectSettingKey(source.file, path, value),
});

/** The value the first of `scopes` (in that order) that sets it gives, from `read`. */
const firstSet = <T>(
	settings: readonly ParsedSource[],
	scopes: readonly SourceScope[],
	read: (parsed: ParsedSource) => T | undefined,
): T | undefined => {
	for (const scope of scopes) {
		const found = settings.find((parsed) => parsed.source.scope === scope && read(parsed) !== undefined);
		if (found !== undefined) return read(found);
	}
	return undefined;
};

/** True when a managed file sets it: then no project value can change it. */
const managedSets = (settings: readonly ParsedSource[], read: (parsed: ParsedSource) => unknown): boolean =>
	settings.some((parsed) => parsed.source.scope === "managed" && read(parsed) !== undefined);

/**
 * The settings of the project's files (among `settings`: the parsed managed and settings files) that change what
 * runs compared with the user's own settings, in file order. Pure.
 */
export const projectSettings = (settings: readonly ParsedSource[]): ProjectSetting[] => {
	const found: ProjectSetting[] = [];
	const disableOf = (parsed: ParsedSource) => parsed.disableAllHooks;
	const userDisable = firstSet(settings, USER_DISABLE, disableOf) ?? false;
	const disableLocked = managedSets(settings, disableOf);
	for (const parsed of settings) {
		if (!PROJECT_SETTINGS.has(parsed.source.scope)) continue;
		const value = parsed.disableAllHooks;
		if (value !== undefined && !disableLocked && value !== userDisable) {
			found.push(
				setting(value ? "hooks_off" : "hooks_on", parsed.source, ["disableAllHooks"], value, userDisable),
			);
		}
		for (const [id, on] of Object.entries(parsed.enabledPlugins ?? {})) {
			const enabledOf = (other: ParsedSource) => other.enabledPlugins?.[id];
			if (on || managedSets(settings, enabledOf)) continue;
			if (firstSet(settings, USER_PLUGINS, enabledOf) === true)
				found.push(setting("plugin_off", parsed.source, ["enabledPlugins", id], false, true, id));
		}
		for (const [id, options] of Object.entries(parsed.pluginOptions ?? {})) {
			// The options of a plugin no settings file switches on change nothing that runs.
			if (!settings.some((other) => other.enabledPlugins?.[id] === true)) continue;
			for (const [name, option] of Object.entries(options)) {
				const optionOf = (other: ParsedSource) => other.pluginOptions?.[id]?.[name];
				if (managedSets(settings, optionOf)) continue;
				const before = firstSet(settings, USER_PLUGINS, optionOf);
				if (option !== before) {
					const path = ["pluginConfigs", id, "options", name];
					found.push(setting("option", parsed.source, path, option, before, id));
				}
			}
		}
	}
	return found;
};

/** `parsed` without the settings of `held` (those of its file). */
const withoutSettings = (parsed: ParsedSource, held: readonly ProjectSetting[]): ParsedSource => {
	const mine = held.filter((item) => item.source.file === parsed.source.file);
	if (mine.length === 0) return parsed;
	const has = (path: readonly string[]) => mine.some((item) => item.path.join("\u0000") === path.join("\u0000"));
	const enabledPlugins =
		parsed.enabledPlugins === undefined
			? undefined
			: Object.fromEntries(Object.entries(parsed.enabledPlugins).filter(([id]) => !has(["enabledPlugins", id])));
	const pluginOptions =
		parsed.pluginOptions === undefined
			? undefined
			: Object.fromEntries(
					Object.entries(parsed.pluginOptions).map(([id, options]) => [
						id,
						Object.fromEntries(
							Object.entries(options).filter(([name]) => !has(["pluginConfigs", id, "options", name])),
						),
					]),
				);
	return {
		...parsed,
		disableAllHooks: has(["disableAllHooks"]) ? undefined : parsed.disableAllHooks,
		...(enabledPlugins === undefined ? {} : { enabledPlugins }),
		...(pluginOptions === undefined ? {} : { pluginOptions }),
	};
};

/** What {@link holdBackSettings} gives: the settings as they apply now, and those waiting for approval. */
export interface HeldSettings {
	/** `settings` with every project setting that is not approved taken out. */
	readonly settings: readonly ParsedSource[];
	/** Project settings waiting for approval (none while the project is not trusted: folder trust comes first). */
	readonly pending: readonly ProjectSetting[];
}

/**
 * Takes the project settings that change what runs out of `settings` unless the project is trusted and
 * `isApproved(key)` says the user approved that exact value; returns the rest and the ones waiting. Pure.
 */
export const holdBackSettings = (
	settings: readonly ParsedSource[],
	trusted: boolean,
	isApproved: (key: string) => boolean,
): HeldSettings => {
	const all = projectSettings(settings);
	if (all.length === 0) return { settings, pending: [] };
	const held = trusted ? all.filter((item) => !isApproved(item.key)) : all;
	if (held.length === 0) return { settings, pending: [] };
	return { settings: settings.map((parsed) => withoutSettings(parsed, held)), pending: trusted ? held : [] };
};

/**
 * The approvals-file record of `item` approved at `at`; the value masked like a `NAME=value` pair of its last path
 * part (an option named `api_key` is masked whatever its value looks like).
 */
export const approvedSetting = (item: ProjectSetting, at: Date): ApprovedSetting => {
	const name = item.path.at(-1) ?? "";
	const masked = redactSecrets(`${name}=${JSON.stringify(item.value)}`);
	return {
		file: item.source.file,
		setting: settingPath(item),
		value: masked.startsWith(`${name}=`) ? masked.slice(name.length + 1) : "[redacted]",
		at: at.toISOString(),
	};
};
