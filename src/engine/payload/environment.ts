/**
 * The environment of a hook process (Claude Code's `CLAUDE_*` variables, a plugin's or skill's own), and the
 * placeholders a command or argument may name (`${CLAUDE_PROJECT_DIR}`, a plugin's `${user_config.KEY}`).
 */
import type { HookSource } from "../types.ts";
import { eventEffort, type SessionInfo } from "./base.ts";

/**
 * The environment of a hook process: pi's own environment plus what Claude Code sets: `CLAUDE_PROJECT_DIR`
 * (the project root), `CLAUDECODE=1`, `CLAUDE_CODE_SESSION_ID`, `CLAUDE_CODE_ENTRYPOINT`,
 * `CLAUDE_CODE_CHILD_SESSION=1`, `COREPACK_ENABLE_AUTO_PIN=0` (a hook running `pnpm`/`yarn` cannot rewrite
 * `package.json`), `NoDefaultCurrentDirectoryInExePath=1`, `PWD`, `CLAUDE_EFFORT` on tool events and Stop
 * while pi thinks, and (Claude Code 2.1.332) `CLAUDE_PID` (pi's process id) and `CLAUDE_CODE_SESSION_ATTENDED`
 * (`1` with pi's TUI, `0` in print, JSON and RPC mode). `event` undefined = no event-specific variables.
 */
export const hookEnvironment = (
	base: Readonly<Record<string, string | undefined>>,
	session: SessionInfo,
	extra: Readonly<Record<string, string>> = {},
	event?: string,
): Record<string, string> => {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
	const effort = event === undefined ? undefined : eventEffort(session, event);
	return {
		...env,
		CLAUDE_PROJECT_DIR: session.projectDir,
		CLAUDECODE: "1",
		CLAUDE_CODE_ENTRYPOINT: "pi-hook-manager",
		CLAUDE_CODE_SESSION_ID: session.sessionId,
		CLAUDE_CODE_CHILD_SESSION: "1",
		COREPACK_ENABLE_AUTO_PIN: "0",
		NoDefaultCurrentDirectoryInExePath: "1",
		PWD: session.cwd,
		...(effort === undefined ? {} : { CLAUDE_EFFORT: effort }),
		...(session.pid === undefined ? {} : { CLAUDE_PID: String(session.pid) }),
		...(session.attended === undefined ? {} : { CLAUDE_CODE_SESSION_ATTENDED: session.attended ? "1" : "0" }),
		...extra,
	};
};

/**
 * What a hook's source adds to its environment (as in Claude Code): a plugin's `CLAUDE_PLUGIN_ROOT`,
 * `CLAUDE_PLUGIN_DATA` and `CLAUDE_PLUGIN_OPTION_<KEY>` (key upper-cased, other characters as `_`); a skill's
 * folder as `CLAUDE_PLUGIN_ROOT`. Empty for settings files.
 */
export const sourceEnvironment = (source: HookSource): Record<string, string> => {
	const plugin = source.plugin;
	if (plugin !== undefined) {
		const env: Record<string, string> = {};
		for (const [key, value] of Object.entries(plugin.options))
			env[`CLAUDE_PLUGIN_OPTION_${key.replace(/[^A-Za-z0-9_]/g, "_").toUpperCase()}`] = value;
		return { ...env, CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.data };
	}
	return source.root === undefined ? {} : { CLAUDE_PLUGIN_ROOT: source.root };
};

/** A plugin's `${user_config.KEY}` references in `text` whose option is not set; empty when all are. */
export const missingUserConfig = (text: string, options: Readonly<Record<string, string>>): string[] =>
	[...text.matchAll(/\$\{user_config\.([^}]+)\}/g)].map((match) => match[1] ?? "").filter((key) => !(key in options));

/** Replaces a plugin's `${user_config.KEY}` with its option value (exec form only, Claude Code 2.1.207). */
export const substituteUserConfig = (text: string, options: Readonly<Record<string, string>>): string =>
	text.replace(/\$\{user_config\.([^}]+)\}/g, (whole, key: string) => options[key] ?? whole);

/** Replaces `${CLAUDE_PROJECT_DIR}` (and other `${NAME}` of `vars`) in a command or argument. */
export const substitutePlaceholders = (text: string, vars: Readonly<Record<string, string>>): string =>
	text.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name: string) => vars[name] ?? whole);
