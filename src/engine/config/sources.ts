/**
 * Where hooks come from, with the labels users see: the five settings files in merge order (Claude Code's
 * `.claude/` files and pi's own global and project settings), managed policy, plugins, skills and agents.
 */
import { join, resolve } from "node:path";
import type { HookSource, SourceScope } from "../types.ts";

/** The directories that locate the settings files. */
export interface SettingsLocations {
	/** The user's home (`~/.claude/settings.json` lives here). */
	readonly home: string;
	/** Claude Code's user folder ({@link claudeUserDir}); default `<home>/.claude`. */
	readonly claudeDir?: string;
	/** pi's agent directory (`~/.pi/agent`, or `$PI_CODING_AGENT_DIR`). */
	readonly agentDir: string;
	/** The project root: pi's cwd at session start. */
	readonly projectDir: string;
}

/**
 * Claude Code's user folder: `$CLAUDE_CONFIG_DIR` when it is set (Claude Code then reads its user `settings.json`,
 * `plugins/` and `agents/` there), else `<home>/.claude`.
 */
export const claudeUserDir = (home: string, env: Readonly<Record<string, string | undefined>>): string => {
	const dir = env.CLAUDE_CONFIG_DIR;
	return dir === undefined || dir === "" ? join(home, ".claude") : resolve(dir);
};

/** The five sources in merge order: Claude user, Claude project, Claude local, pi global, pi project. */
export const settingsSources = (locations: SettingsLocations): HookSource[] => [
	{
		scope: "claude-user",
		file: join(locations.claudeDir ?? join(locations.home, ".claude"), "settings.json"),
		project: false,
	},
	{ scope: "claude-project", file: join(locations.projectDir, ".claude", "settings.json"), project: true },
	{ scope: "claude-local", file: join(locations.projectDir, ".claude", "settings.local.json"), project: true },
	{ scope: "pi-global", file: join(locations.agentDir, "settings.json"), project: false },
	{ scope: "pi-project", file: join(locations.projectDir, ".pi", "settings.json"), project: true },
];

/**
 * The folder of Claude Code's managed policy: `/Library/Application Support/ClaudeCode` on macOS,
 * `C:\Program Files\ClaudeCode` on Windows, `/etc/claude-code` elsewhere (Claude Code's own choice).
 */
export const managedSettingsDir = (platform: NodeJS.Platform = process.platform): string =>
	platform === "darwin"
		? "/Library/Application Support/ClaudeCode"
		: platform === "win32"
			? "C:\\Program Files\\ClaudeCode"
			: "/etc/claude-code";

const LABELS: Readonly<Record<SourceScope, string>> = {
	"claude-user": "Claude user",
	"claude-project": "Claude project",
	"claude-local": "Claude local",
	"pi-global": "pi global",
	"pi-project": "pi project",
	managed: "Managed",
	plugin: "Plugin",
	skill: "Skill",
	agent: "Agent",
};

/** Display order of the sources in lists: managed policy first, then the settings files, plugins, skills, agents. */
export const SCOPE_ORDER: readonly SourceScope[] = [
	"managed",
	"claude-user",
	"claude-project",
	"claude-local",
	"pi-global",
	"pi-project",
	"plugin",
	"skill",
	"agent",
];

/**
 * Short label of a source for the UI: `"Claude project"`, `"Managed"`, and with the name for plugins, skills and
 * agents when given the source itself: `"Plugin guard@my-marketplace"`, `"Skill deploy"`, `"Agent reviewer"`.
 */
export const sourceLabel = (source: SourceScope | HookSource): string => {
	if (typeof source === "string") return LABELS[source];
	const name = source.plugin?.id ?? source.name;
	return name === undefined ? LABELS[source.scope] : `${LABELS[source.scope]} ${name}`;
};

/**
 * True for hooks that only managed policy can switch off: managed hooks and the hooks of plugins that managed
 * `enabledPlugins` force on (as in Claude Code). Non-managed `disableAllHooks`, the panel's switches and its
 * kill switch leave them running, and say so.
 */
export const isPolicySource = (source: HookSource): boolean =>
	source.scope === "managed" || source.plugin?.forced === true;
