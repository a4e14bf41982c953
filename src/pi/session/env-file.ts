/**
 * The `CLAUDE_ENV_FILE` of a session: SessionStart (and FileChanged) hooks append `export` lines to it (Claude
 * Code), the engine evaluates it through the process runner (src/engine/run/env-file.ts), and the resulting
 * variables go into pi's environment so later bash tool commands see them. Hooks keep the environment pi started
 * with, as in Claude Code (2.1.197: an export reaches Bash tool calls, not later hooks), of every source, also in a
 * later session of the same pi process (`/new` loads the extension again, and pi's environment then holds the
 * exports): what the exports changed is remembered for the process ({@link hookBaseEnv}).
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Creates (empty) the env file `name` of a session under `baseDir` (SessionStart's by default); returns its path, or
 * undefined on failure.
 */
export const createEnvFile = (
	baseDir: string,
	sessionId: string,
	name = "sessionstart-hook.sh",
): string | undefined => {
	try {
		const dir = join(baseDir, "session-env", sessionId.replace(/[^A-Za-z0-9_-]/g, "_"));
		mkdirSync(dir, { recursive: true });
		const file = join(dir, name);
		writeFileSync(file, "");
		return file;
	} catch {
		return undefined;
	}
};

/** True when the env file has content to evaluate (a missing or empty file has none). */
export const envFileHasContent = (file: string): boolean => {
	try {
		return statSync(file).size > 0;
	} catch {
		return false;
	}
};

/** The key of the process-wide record of what env-file exports changed in pi's environment. */
const APPLIED = Symbol.for("pi-hook-manager.env-file-exports");

/** Each variable env-file exports set in pi's environment in this process, with its value before the first. */
const applied = (): Map<string, string | undefined> => {
	const global = globalThis as { [APPLIED]?: Map<string, string | undefined> };
	global[APPLIED] ??= new Map();
	return global[APPLIED];
};

/** Puts `vars` (an env file's exports) into `env`, pi's environment, remembering what each was before. */
export const applyExports = (env: Record<string, string | undefined>, vars: Readonly<Record<string, string>>) => {
	const record = applied();
	for (const [key, value] of Object.entries(vars)) {
		if (!record.has(key)) record.set(key, env[key]);
		env[key] = value;
	}
};

/** The environment hooks start from: a copy of `env` (pi's) without what env-file exports changed in it. */
export const hookBaseEnv = (env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> => {
	const base = { ...env };
	for (const [key, before] of applied()) {
		if (before === undefined) delete base[key];
		else base[key] = before;
	}
	return base;
};
