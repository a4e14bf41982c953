/**
 * The `CLAUDE_ENV_FILE` of a session: SessionStart (and FileChanged) hooks append `export` lines to it (Claude
 * Code), the engine evaluates it through the process runner (src/engine/run/env-file.ts), and the resulting
 * variables go into pi's environment so later bash tool commands see them. Hooks keep the environment pi started
 * with.
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
