/**
 * `CLAUDE_ENV_FILE` (Claude Code hooks §3): SessionStart hooks append `export` lines to a per-session file;
 * pi-hook-manager evaluates it with the shell and puts the resulting variables into pi's environment, so
 * later bash tool commands see them. Hooks themselves keep the environment pi started with.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Creates (empty) the env file of a session under `baseDir`; returns its path, or undefined on failure. */
export const createEnvFile = (baseDir: string, sessionId: string): string | undefined => {
	try {
		const dir = join(baseDir, "session-env", sessionId.replace(/[^A-Za-z0-9_-]/g, "_"));
		mkdirSync(dir, { recursive: true });
		const file = join(dir, "sessionstart-hook.sh");
		writeFileSync(file, "");
		return file;
	} catch {
		return undefined;
	}
};

/**
 * The variables the env file sets or changes, evaluated by `/bin/sh` against `baseEnv` (at most 5 s).
 * Returns `{}` for an empty or missing file; `{error}` when the shell fails.
 */
export const evaluateEnvFile = (
	file: string,
	baseEnv: Readonly<Record<string, string | undefined>>,
): { vars: Record<string, string> } | { error: string } => {
	try {
		if (statSync(file).size === 0) return { vars: {} };
	} catch {
		return { vars: {} };
	}
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(baseEnv)) if (value !== undefined) env[key] = value;
	const result = spawnSync("/bin/sh", ["-c", '. "$1" >/dev/null 2>&1; env -0', "sh", file], {
		env,
		encoding: "utf8",
		timeout: 5000,
		maxBuffer: 16 * 1024 * 1024,
	});
	if (result.status !== 0 || result.error)
		return { error: `could not evaluate ${file}: ${result.error?.message ?? `exit ${result.status}`}` };
	const vars: Record<string, string> = {};
	for (const pair of result.stdout.split("\0")) {
		const index = pair.indexOf("=");
		if (index <= 0) continue;
		const key = pair.slice(0, index);
		const value = pair.slice(index + 1);
		if (key === "_" || key === "SHLVL" || key === "PWD" || key === "OLDPWD") continue;
		if (env[key] !== value) vars[key] = value;
	}
	return { vars };
};
