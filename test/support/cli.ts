/**
 * The built `pi-hook-manager` command (dist/cli.mjs, built by vitest's global set-up) run as a real process
 * against a project in a temp folder, with its own home, agent dir and an empty managed-policy folder, so the
 * machine's own settings never count.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "./pi-env.ts";

/** The command's bundle. */
export const CLI_BIN = join(PROJECT_ROOT, "dist", "cli.mjs");

/** The sample project of the README's "Test your hooks in CI" (a guard and its fixtures). */
export const SAMPLE_PROJECT = join(PROJECT_ROOT, "demo", "hook-tests");

/** A temp project, home and agent dir. */
export interface CliSandbox {
	readonly root: string;
	readonly project: string;
	readonly home: string;
	readonly agentDir: string;
	/**
	 * Runs the command in the project (its cwd) with `--home`; resolves however it exits. `bin` runs another copy of
	 * the bundle (default {@link CLI_BIN}); `env` is added to its environment.
	 */
	run(
		args: readonly string[],
		options?: { readonly cwd?: string; readonly bin?: string; readonly env?: Record<string, string> },
	): Promise<CliResult>;
	/** The process id of the last run started (to signal it). */
	lastPid(): number | undefined;
	remove(): void;
}

/** How a run ended. */
export interface CliResult {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
}

/** Creates a sandbox; `copy` is a folder copied as the project (default: an empty project). */
export const createCliSandbox = (copy?: string): CliSandbox => {
	const root = realpathSync(mkdtempSync(join(tmpdir(), "phm-cli-")));
	const project = join(root, "project");
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const managed = join(root, "managed");
	for (const dir of [project, agentDir, managed]) mkdirSync(dir, { recursive: true });
	if (copy !== undefined) cpSync(copy, project, { recursive: true });
	const env: Record<string, string | undefined> = { ...process.env, PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: managed };
	delete env.CLAUDE_CONFIG_DIR;
	delete env.PI_CODING_AGENT_DIR;
	let pid: number | undefined;
	return {
		root,
		project,
		home,
		agentDir,
		lastPid: () => pid,
		run: (args, options) =>
			new Promise((resolve) => {
				const child = execFile(
					process.execPath,
					[options?.bin ?? CLI_BIN, ...args, "--home", home],
					{
						cwd: options?.cwd ?? project,
						env: { ...env, ...options?.env },
						encoding: "utf8",
						timeout: 60_000,
					},
					(error, stdout, stderr) => {
						const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
						resolve({ code, stdout, stderr });
					},
				);
				pid = child.pid;
			}),
		remove: () => rmSync(root, { recursive: true, force: true }),
	};
};
