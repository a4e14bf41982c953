/**
 * The five settings files hooks come from, in merge order, with the labels users see
 * (Claude Code hooks §2.1 for the `.claude/` files; pi's own global and project settings).
 */
import { join } from "node:path";
import type { HookSource, SourceScope } from "../types.ts";

/** The directories that locate the settings files. */
export interface SettingsLocations {
	/** The user's home (`~/.claude/settings.json` lives here). */
	readonly home: string;
	/** pi's agent directory (`~/.pi/agent`, or `$PI_CODING_AGENT_DIR`). */
	readonly agentDir: string;
	/** The project root: pi's cwd at session start. */
	readonly projectDir: string;
}

/** The five sources in merge order: Claude user, Claude project, Claude local, pi global, pi project. */
export const settingsSources = (locations: SettingsLocations): HookSource[] => [
	{ scope: "claude-user", file: join(locations.home, ".claude", "settings.json"), project: false },
	{ scope: "claude-project", file: join(locations.projectDir, ".claude", "settings.json"), project: true },
	{ scope: "claude-local", file: join(locations.projectDir, ".claude", "settings.local.json"), project: true },
	{ scope: "pi-global", file: join(locations.agentDir, "settings.json"), project: false },
	{ scope: "pi-project", file: join(locations.projectDir, ".pi", "settings.json"), project: true },
];

const LABELS: Readonly<Record<SourceScope, string>> = {
	"claude-user": "Claude user",
	"claude-project": "Claude project",
	"claude-local": "Claude local",
	"pi-global": "pi global",
	"pi-project": "pi project",
};

/** Short label of a source for the UI, e.g. `"Claude project"`. */
export const sourceLabel = (scope: SourceScope): string => LABELS[scope];
