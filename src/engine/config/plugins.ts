/**
 * The Claude Code plugins whose hooks run: `enabledPlugins` of every settings scope (the most specific scope
 * wins; managed policy above all), the install records in `~/.claude/plugins/installed_plugins.json`, and each
 * enabled plugin's hook files in its install folder (`hooks/hooks.json`, and the `hooks` field of
 * `.claude-plugin/plugin.json`: a path, an inline object, or an array of both). A missing install folder or a
 * missing hooks file skips only that plugin or file, with the file and the reason; a broken manifest is returned
 * as such (`broken`), so the live store can keep the plugin's hooks from before it broke.
 */
import { mkdirSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { isObject } from "../is-object.ts";
import { pathPlace } from "../text/paths.ts";
import type { ConfigIssue, HookSource, PluginInfo, SourceScope } from "../types.ts";
import { fileStamp, readSettingsFile } from "./load.ts";
import type { ParsedSource } from "./parse.ts";

/** Where Claude Code keeps plugins: `plugins` in its user folder (`~/.claude`, or `$CLAUDE_CONFIG_DIR`). */
export const pluginsDir = (claudeDir: string): string => join(claudeDir, "plugins");

/** `installed_plugins.json` under the plugins folder. */
export const installRecordsFile = (claudeDir: string): string => join(pluginsDir(claudeDir), "installed_plugins.json");

/** `${CLAUDE_PLUGIN_DATA}` of a plugin: `~/.claude/plugins/data/<id, characters other than A-Z a-z 0-9 - _ as ->`. */
export const pluginDataDir = (claudeDir: string, id: string): string =>
	join(pluginsDir(claudeDir), "data", id.replace(/[^a-zA-Z0-9\-_]/g, "-"));

/** Claude Code's user folder of `locations`: `claudeDir`, else `<home>/.claude`. */
export const claudeDirOf = (locations: PluginLocations): string =>
	locations.claudeDir ?? join(locations.home, ".claude");

/** Which scope's `enabledPlugins` value counts, most specific first (managed policy is above all of them). */
const ENABLE_PRECEDENCE: readonly SourceScope[] = [
	"managed",
	"claude-local",
	"claude-project",
	"pi-project",
	"claude-user",
	"pi-global",
];

const PROJECT_SCOPES = new Set<SourceScope>(["claude-local", "claude-project", "pi-project"]);

/** What decided whether a plugin is on. */
export interface PluginSwitch {
	readonly id: string;
	readonly enabled: boolean;
	/** The settings file whose value counts. */
	readonly file: string;
	/** True when managed policy enables it. */
	readonly forced: boolean;
	/** True when only project files enable it: its hooks are project code and need approval. */
	readonly project: boolean;
}

/**
 * The effective `enabledPlugins` of the parsed settings and managed sources (pure). A plugin is on when the most
 * specific scope that names it says `true`; managed policy overrides every other scope.
 */
export const pluginSwitches = (settings: readonly ParsedSource[]): PluginSwitch[] => {
	const byId = new Map<string, Map<SourceScope, { value: boolean; file: string }>>();
	for (const parsed of settings) {
		for (const [id, value] of Object.entries(parsed.enabledPlugins ?? {})) {
			const scopes = byId.get(id) ?? new Map();
			// Managed files merge in order: a later managed-settings.d file overrides an earlier one.
			scopes.set(parsed.source.scope, { value, file: parsed.source.file });
			byId.set(id, scopes);
		}
	}
	const switches: PluginSwitch[] = [];
	for (const [id, scopes] of byId) {
		const scope = ENABLE_PRECEDENCE.find((candidate) => scopes.has(candidate));
		const decided = scope === undefined ? undefined : scopes.get(scope);
		if (decided === undefined) continue;
		const ownTrue = [...scopes].some(([from, { value }]) => value && !PROJECT_SCOPES.has(from));
		switches.push({
			id,
			enabled: decided.value,
			file: decided.file,
			forced: scope === "managed" && decided.value,
			project: decided.value && !ownTrue,
		});
	}
	return switches;
};

/** Merged `pluginConfigs.<id>.options` of all settings, the most specific scope winning per key. */
const pluginOptions = (settings: readonly ParsedSource[], id: string): Record<string, string> => {
	const ordered = [...settings].sort(
		(a, b) => ENABLE_PRECEDENCE.indexOf(b.source.scope) - ENABLE_PRECEDENCE.indexOf(a.source.scope),
	);
	const options: Record<string, string> = {};
	for (const parsed of ordered) Object.assign(options, parsed.pluginOptions?.[id] ?? {});
	return options;
};

/** An install record's folder for this project: a record of this project first, then a user one, then any. */
const installPathOf = (records: unknown, projectDir: string): string | undefined => {
	const list = Array.isArray(records) ? records : [records];
	const usable = list.filter(
		(record): record is Record<string, unknown> => isObject(record) && typeof record.installPath === "string",
	);
	const pick =
		usable.find((record) => record.projectPath === projectDir) ??
		usable.find((record) => record.scope === "user" || record.projectPath === undefined) ??
		usable[0];
	return pick?.installPath as string | undefined;
};

/** An enabled plugin whose `.claude-plugin/plugin.json` cannot be read: none of its hooks load from it now. */
export interface BrokenPlugin {
	/** `name@marketplace`. */
	readonly id: string;
	/** The manifest's absolute path. */
	readonly manifest: string;
	/** What is wrong with it, one sentence (`invalid JSON in the plugin manifest: ...`). */
	readonly message: string;
	/** The hook files that would load without the manifest (`hooks/hooks.json` when it is there): what does not run. */
	readonly held: readonly HookSource[];
	/** Where in `sources` the plugin's hook sources would be (keeps the load order when they are put back). */
	readonly at: number;
}

/** What the plugins contribute: hook files to load, and problems found on the way. */
export interface PluginResolution {
	/** Hook sources of enabled plugins, in `enabledPlugins` order; loaded like settings files. */
	readonly sources: readonly HookSource[];
	/** Hook sources of plugins switched off in `enabledPlugins` (listed as skipped, never run). */
	readonly disabled: readonly HookSource[];
	/** Enabled plugins whose manifest is broken (not in `sources`, no issue yet: the store words it). */
	readonly broken: readonly BrokenPlugin[];
	readonly issues: readonly ConfigIssue[];
	/** The files read to get here (install records, manifests): when one changes, resolve again. */
	readonly inputs: readonly string[];
}

/** Where plugins are looked up. */
export interface PluginLocations {
	/** The user's home: `~/.claude/plugins` lives here. */
	readonly home: string;
	/** Claude Code's user folder when it is not `<home>/.claude` (`$CLAUDE_CONFIG_DIR`). */
	readonly claudeDir?: string;
	/** The project root, to pick a project's install record. */
	readonly projectDir: string;
}

/** True when `path` is the folder `root` or inside it. */
const isInside = (root: string, path: string): boolean => pathPlace(root, path) !== "outside";

const real = (path: string): string => {
	try {
		return realpathSync(path);
	} catch {
		return path;
	}
};

const exists = (path: string): boolean => fileStamp(path) !== "missing";

/** The manifest's `hooks` field (undefined when there is no manifest or no field), or why it cannot be read. */
const manifestHooks = (manifestFile: string): { readonly hooks: unknown } | { readonly broken: string } => {
	const manifest = readSettingsFile(manifestFile);
	if (manifest.kind === "missing") return { hooks: undefined };
	if (manifest.kind === "error") return { broken: `plugin manifest ${manifest.message}` };
	let data: unknown;
	try {
		data = JSON.parse(manifest.text.replace(/^\uFEFF/, ""));
	} catch (error) {
		return { broken: `invalid JSON in the plugin manifest: ${(error as Error).message}` };
	}
	return isObject(data) ? { hooks: data.hooks } : { broken: "a plugin manifest must hold a JSON object" };
};

/**
 * The hook sources of one installed plugin, from its folder and manifest; with a broken manifest, `broken` says
 * why and `sources` are the files that would load without it (`hooks/hooks.json`).
 */
const pluginHookSources = (
	root: string,
	base: Omit<HookSource, "file">,
	issues: ConfigIssue[],
	inputs: string[],
): { readonly sources: HookSource[]; readonly broken?: string } => {
	const manifestFile = join(root, ".claude-plugin", "plugin.json");
	inputs.push(manifestFile);
	const manifest = manifestHooks(manifestFile);
	const sources: HookSource[] = [];
	const loaded = new Set<string>();
	const standard = join(root, "hooks", "hooks.json");
	inputs.push(standard);
	if (exists(standard)) {
		sources.push({ ...base, file: standard, hooksPath: ["hooks"] });
		loaded.add(real(standard));
	}
	if ("broken" in manifest) return { sources, broken: manifest.broken };
	const hooksField = manifest.hooks;
	if (hooksField === undefined) return { sources };
	const items = Array.isArray(hooksField) ? hooksField : [hooksField];
	items.forEach((item, index) => {
		const at = Array.isArray(hooksField) ? `hooks[${index}]` : "hooks";
		if (typeof item === "string") {
			const file = resolve(root, item);
			if (!isInside(root, file)) {
				issues.push({
					file: manifestFile,
					path: at,
					message: `hooks file ${item} is outside the plugin folder`,
				});
				return;
			}
			inputs.push(file);
			if (!exists(file)) {
				issues.push({ file: manifestFile, path: at, message: `hooks file ${item} is not there (${file})` });
				return;
			}
			if (loaded.has(real(file))) {
				// Claude Code: hooks/hooks.json loads by itself; naming it again in the manifest is a duplicate.
				const message = `hooks file ${item} is already loaded (hooks/hooks.json loads by itself)`;
				issues.push({ file: manifestFile, path: at, message });
				return;
			}
			loaded.add(real(file));
			sources.push({ ...base, file, hooksPath: ["hooks"] });
		} else if (isObject(item)) {
			sources.push({
				...base,
				file: manifestFile,
				hooksPath: Array.isArray(hooksField) ? ["hooks", index] : ["hooks"],
			});
		} else {
			issues.push({
				file: manifestFile,
				path: at,
				message: "hooks must be a path, an object of hooks, or an array of them",
			});
		}
	});
	return { sources };
};

/** Reads `installed_plugins.json`: the records by plugin id, or undefined with an issue when it is unusable. */
const readInstallRecords = (file: string, issues: ConfigIssue[]): Record<string, unknown> | undefined => {
	const read = readSettingsFile(file);
	if (read.kind === "missing") return {};
	if (read.kind === "error") {
		issues.push({ file, path: "", message: `plugin install records ${read.message}` });
		return undefined;
	}
	try {
		const data: unknown = JSON.parse(read.text);
		if (isObject(data) && isObject(data.plugins)) return data.plugins;
	} catch (error) {
		issues.push({ file, path: "", message: `invalid JSON: ${(error as Error).message}` });
		return undefined;
	}
	issues.push({ file, path: "plugins", message: 'install records need a "plugins" object' });
	return undefined;
};

/**
 * The install folders of every installed plugin by id (`installed_plugins.json`, v1 or v2 records), read now; undefined
 * when the records cannot be read (then nothing can be said about what is uninstalled). Never throws.
 */
export const installedPluginRoots = (claudeDir: string): ReadonlyMap<string, readonly string[]> | undefined => {
	const records = readInstallRecords(installRecordsFile(claudeDir), []);
	if (records === undefined) return undefined;
	const roots = new Map<string, string[]>();
	for (const [id, value] of Object.entries(records)) {
		const list = Array.isArray(value) ? value : [value];
		roots.set(
			id,
			list.flatMap((record) =>
				isObject(record) && typeof record.installPath === "string" ? [record.installPath] : [],
			),
		);
	}
	return roots;
};

/**
 * Resolves the enabled plugins of `settings` (the parsed settings and managed sources) to the hook files to load.
 * Reads the install records and manifests; creates each enabled plugin's data folder (`${CLAUDE_PLUGIN_DATA}`),
 * as Claude Code does before its hooks run. Never throws.
 */
export const resolvePlugins = (settings: readonly ParsedSource[], locations: PluginLocations): PluginResolution => {
	const issues: ConfigIssue[] = [];
	const file = installRecordsFile(claudeDirOf(locations));
	const inputs: string[] = [file];
	const switches = pluginSwitches(settings);
	if (switches.length === 0) return { sources: [], disabled: [], broken: [], issues, inputs };
	const records = readInstallRecords(file, issues);
	if (records === undefined) return { sources: [], disabled: [], broken: [], issues, inputs };
	const sources: HookSource[] = [];
	const disabled: HookSource[] = [];
	const broken: BrokenPlugin[] = [];
	for (const plugin of switches) {
		const root = installPathOf(records[plugin.id], locations.projectDir);
		if (root === undefined) {
			if (plugin.enabled) {
				const message =
					`plugin ${plugin.id} is enabled but not installed (no record in ${file}); run ` +
					`claude plugin install ${plugin.id}`;
				issues.push({
					file: plugin.file,
					path: `enabledPlugins.${plugin.id}`,
					message,
					source: `Plugin ${plugin.id}`,
				});
			}
			continue;
		}
		inputs.push(root);
		if (!exists(root)) {
			if (plugin.enabled) {
				const message =
					`the install folder of plugin ${plugin.id} is missing (reinstall it with claude ` +
					`plugin install ${plugin.id})`;
				issues.push({ file: root, path: "", message, source: `Plugin ${plugin.id}` });
			}
			continue;
		}
		const info: PluginInfo = {
			id: plugin.id,
			root,
			data: pluginDataDir(claudeDirOf(locations), plugin.id),
			options: pluginOptions(settings, plugin.id),
			forced: plugin.forced,
		};
		const base = { scope: "plugin" as const, project: plugin.project, plugin: info };
		const own: ConfigIssue[] = [];
		const hooks = pluginHookSources(root, base, own, inputs);
		if (plugin.enabled) issues.push(...own.map((issue) => ({ ...issue, source: `Plugin ${plugin.id}` })));
		if (!plugin.enabled) {
			if (hooks.broken === undefined) disabled.push(...hooks.sources);
			continue;
		}
		if (hooks.broken !== undefined) {
			const manifest = join(root, ".claude-plugin", "plugin.json");
			broken.push({ id: plugin.id, manifest, message: hooks.broken, held: hooks.sources, at: sources.length });
			continue;
		}
		const found = hooks.sources;
		if (found.length > 0) {
			try {
				mkdirSync(info.data, { recursive: true });
			} catch {
				// A data folder that cannot be made is the hook's problem when it writes there, not the loader's.
			}
		}
		sources.push(...found);
	}
	return { sources, disabled, broken, issues, inputs };
};
