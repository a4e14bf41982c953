/**
 * Which files the self-guard protects in a session, gathered when the configuration changes: the hook settings files
 * of every source (also the ones that do not exist yet: creating one adds hooks), installed plugins' hook files and
 * manifests and their install records, skill and agent files whose frontmatter declares hooks, and every file an
 * approval of a configured project hook covers (host/trust/coverage.ts). Also whether the user switched the guard off
 * (`guardHookFiles: false` in pi's global settings.json, the user's own file: a project file cannot).
 */
import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readSettingsFile } from "../../engine/config/load.ts";
import { installedPluginRoots, installRecordsFile } from "../../engine/config/plugins.ts";
import { settingsSources } from "../../engine/config/sources.ts";
import type { GuardedFile } from "../../engine/trust/self-guard.ts";
import type { HookConfig, HookEntry } from "../../engine/types.ts";
import type { CoverageTracker } from "../../host/trust/coverage.ts";

/** The pi setting that switches the self-guard off (`false`); any other value or none keeps it on. */
export const GUARD_SETTING = "guardHookFiles";

/** Where the settings files are. */
export interface GuardLocations {
	readonly home: string;
	/** Claude Code's user folder (`$CLAUDE_CONFIG_DIR` or `~/.claude`). */
	readonly claudeDir: string;
	readonly agentDir: string;
	readonly projectDir: string;
}

/** The settings file names Claude Code reads in its user folder. */
const USER_FILES = ["settings.json", "settings.local.json"];

/**
 * The guarded files of `config`, settings files first (a file both a settings file and covered is told as a
 * settings file). Reads the plugin install records; `coverage` hashes what it has not seen. Never throws.
 */
export const collectGuardedFiles = (
	config: HookConfig,
	where: GuardLocations,
	coverage: CoverageTracker,
): GuardedFile[] => {
	const files: GuardedFile[] = [];
	const add = (path: string, kind: GuardedFile["kind"]): void => {
		files.push({ path, kind });
	};
	for (const source of settingsSources(where)) add(source.file, "settings_file");
	for (const dir of new Set([where.claudeDir, join(where.home, ".claude")]))
		for (const name of USER_FILES) add(join(dir, name), "settings_file");
	for (const file of config.managedFiles ?? []) add(file, "settings_file");
	const entries: HookEntry[] = [...config.entries, ...config.skipped.map((skipped) => skipped.entry)];
	for (const entry of entries) {
		const { scope, file } = entry.source;
		if (scope === "plugin") add(file, "plugin_file");
		else if (scope === "skill" || scope === "agent") add(file, "hook_frontmatter");
	}
	try {
		add(installRecordsFile(where.claudeDir), "plugin_file");
		for (const roots of installedPluginRoots(where.claudeDir)?.values() ?? [])
			for (const root of roots) {
				add(join(root, "hooks", "hooks.json"), "plugin_file");
				add(join(root, ".claude-plugin", "plugin.json"), "plugin_file");
			}
	} catch {
		// Install records that cannot be read guard nothing more; the settings files stay guarded.
	}
	for (const entry of config.entries) {
		if (!entry.source.project) continue;
		try {
			for (const covered of coverage.of(entry).files) add(covered.path, "covered_file");
		} catch {
			// A folder that cannot be listed: its files are not guarded, the rest are.
		}
	}
	return files;
};

/** False only when pi's global settings.json (in the agent dir) sets `guardHookFiles: false`. Never throws. */
export const guardOn = (agentDir: string): boolean => {
	const read = readSettingsFile(join(agentDir, "settings.json"));
	if (read.kind !== "ok") return true;
	try {
		const data = JSON.parse(read.text) as Record<string, unknown> | null;
		return data?.[GUARD_SETTING] !== false;
	} catch {
		return true;
	}
};

/**
 * The host's realpath port of the guard: `path` with symlinks resolved (its folder's, then the file's own when it
 * exists), the folder's for a file not written yet, else `path` as it is. Costs a `realpath` of the folder, an `lstat`
 * and, for an existing file, its `realpath`; no exception on the common paths. Never throws.
 */
export const realpathOf = (path: string): string => {
	try {
		const dir = dirname(path);
		const folder = dir === path ? dir : realpathSync.native(dir);
		const real = join(folder, basename(path));
		// An existing file: its own realpath too (a symlink; the name's case as on disk, where names ignore case).
		return lstatSync(real, { throwIfNoEntry: false }) === undefined ? real : realpathSync.native(real);
	} catch {
		return path;
	}
};
