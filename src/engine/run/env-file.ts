/**
 * Evaluating `CLAUDE_ENV_FILE` (Claude Code: SessionStart hooks append `export` lines to it, and later Bash
 * commands see those variables): `/bin/sh` sources the file against pi's environment and prints the result,
 * through the process runner like any hook (its own process group, a timeout, never blocking pi), and the
 * variables that changed are read from that output. Only the reading is here; the file lives in src/pi.
 */
import type { ProcessRunner } from "../ports.ts";

/** Milliseconds the shell may take to evaluate the file. */
export const ENV_FILE_TIMEOUT_MS = 5000;

/** Bytes of the shell's `env -0` output kept; more is an error (the result would be cut). */
const MAX_ENV_BYTES = 16 * 1024 * 1024;

/** Variables the shell sets by itself; they never come from the file. */
const SHELL_OWN = new Set(["_", "SHLVL", "PWD", "OLDPWD"]);

/** The variables `env -0` output sets or changes compared with `env`. Pure. */
export const envChanges = (output: string, env: Readonly<Record<string, string>>): Record<string, string> => {
	const vars: Record<string, string> = {};
	for (const pair of output.split("\0")) {
		const index = pair.indexOf("=");
		if (index <= 0) continue;
		const key = pair.slice(0, index);
		const value = pair.slice(index + 1);
		if (SHELL_OWN.has(key)) continue;
		if (env[key] !== value) vars[key] = value;
	}
	return vars;
};

/**
 * The variables the env file sets or changes, evaluated by `/bin/sh` against `baseEnv` in `cwd` (at most
 * {@link ENV_FILE_TIMEOUT_MS}). Resolves `{vars}`, or `{error}` when the shell fails; never rejects.
 */
export const evaluateEnvFile = async (
	file: string,
	baseEnv: Readonly<Record<string, string | undefined>>,
	runner: ProcessRunner,
	cwd: string,
): Promise<{ vars: Record<string, string> } | { error: string }> => {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(baseEnv)) if (value !== undefined) env[key] = value;
	const outcome = await runner({
		file: "/bin/sh",
		args: ["-c", '. "$1" >/dev/null 2>&1; env -0', "sh", file],
		cwd,
		env,
		stdin: "",
		timeoutMs: ENV_FILE_TIMEOUT_MS,
		killGraceMs: 1000,
		maxOutputBytes: MAX_ENV_BYTES,
	});
	if (outcome.kind !== "exited" || outcome.code !== 0) {
		const why =
			outcome.kind === "exited"
				? `exit ${outcome.code}`
				: outcome.kind === "timed_out"
					? `timed out after ${ENV_FILE_TIMEOUT_MS / 1000} s`
					: "message" in outcome
						? outcome.message
						: outcome.kind;
		return { error: `could not evaluate ${file}: ${why}` };
	}
	if (outcome.stdout.truncated) return { error: `could not evaluate ${file}: its environment is over 16 MiB` };
	return { vars: envChanges(outcome.stdout.text, env) };
};
