/**
 * The built `pi-hook-manager` command (dist/cli.mjs, built by vitest's global set-up) run as a real process
 * against a project in a temp folder, with its own home, agent dir and an empty managed-policy folder, so the
 * machine's own settings never count.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { PROJECT_ROOT, tail } from "./pi-env.ts";
import { killLeftovers, ownChild, waitBudget, waitedText } from "./test-limit.ts";

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
	 * the bundle (default {@link CLI_BIN}); `env` is added to its environment. After 60 s (or near the test's limit)
	 * the command and the hooks it started are killed and the run rejects, naming the command and its last output.
	 */
	run(
		args: readonly string[],
		options?: { readonly cwd?: string; readonly bin?: string; readonly env?: Record<string, string> },
	): Promise<CliResult>;
	/** The process id of the last run started (to signal it). */
	lastPid(): number | undefined;
	/** Kills what is still running in the sandbox (saying so on stderr), then removes it. */
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
			new Promise((resolve, reject) => {
				const budget = waitBudget(60_000);
				const what = `pi-hook-manager ${args.join(" ")}`;
				let timedOut = false;
				// Its own process group, so a run that is cut short is killed with every hook it started.
				const child = spawn(process.execPath, [options?.bin ?? CLI_BIN, ...args, "--home", home], {
					cwd: options?.cwd ?? project,
					env: { ...env, ...options?.env },
					stdio: ["ignore", "pipe", "pipe"],
					detached: true,
				});
				let stdout = "";
				let stderr = "";
				child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
				child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
				let spawnError = "";
				child.on("error", (error) => (spawnError = `cli: spawn failed: ${error.message}\n`));
				child.on("close", (code) => {
					clearTimeout(timer);
					release();
					if (timedOut) {
						const output = `stdout:\n${tail(stdout)}\nstderr:\n${tail(stderr)}`;
						reject(
							new Error(
								`cli: waited for \`${what}\` to exit; killed it ${waitedText(budget)}\n${output}`,
							),
						);
						return;
					}
					resolve({ code: code ?? -1, stdout, stderr: stderr + spawnError });
				});
				pid = child.pid;
				const release = pid === undefined ? () => {} : ownChild({ pid, label: what, root });
				const timer = setTimeout(() => {
					timedOut = true;
					try {
						process.kill(-(child.pid ?? 0), "SIGKILL");
					} catch {
						// gone already
					}
					killLeftovers(root);
				}, budget.ms);
			}),
		remove: () => {
			const killed = killLeftovers(root);
			if (killed.length > 0)
				console.warn(`cli sandbox clean-up of ${root} killed leftovers: ${killed.join("; ")}`);
			rmSync(root, { recursive: true, force: true });
		},
	};
};

/**
 * Registers the removal of a test file's CLI sandboxes after each test and returns their maker: call it once at the
 * top of the file, then `cliSandbox(copy?)` in each test (see {@link createCliSandbox}).
 */
export const useCliSandboxes = (): ((copy?: string) => CliSandbox) => {
	const boxes: CliSandbox[] = [];
	afterEach(() => {
		for (const box of boxes.splice(0)) box.remove();
	});
	return (copy) => {
		const box = createCliSandbox(copy);
		boxes.push(box);
		return box;
	};
};

/** Writes `value` to `file` as JSON (two-space indent, a final newline), creating its folder. */
export const writeJson = (file: string, value: unknown): void => {
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
};
