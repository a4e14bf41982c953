// Isolated pi environments for end-to-end tests: a temp HOME, agent dir and project dir wired to the fake
// model server, and a runner for the real `pi` binary in print mode that never hangs.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { killLeftovers, ownChild, waitBudget, waitedText } from "./test-limit.ts";

/** Absolute path of the project root (the directory holding package.json). */
export const PROJECT_ROOT: string = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** What to pass to `pi -e` to load this extension: package.json's `pi.extensions` names dist/index.js (the bundle). */
export const EXTENSION_PATH: string = PROJECT_ROOT;

/** The pinned pi binary (1.6.0) of the project, independent of the caller's cwd. */
export const PI_BIN: string = join(PROJECT_ROOT, "node_modules", ".bin", "pi");

/** Provider id the sandbox's models.json defines. */
export const FAKE_PROVIDER = "fake";

/** Model id the sandbox's models.json defines; the fake server answers for it. */
export const FAKE_MODEL = "fake-model";

/** Base URL used until {@link PiSandbox.setFakeUrl} is called: the discard port, so a forgotten call fails fast. */
const UNSET_FAKE_URL = "http://127.0.0.1:9/v1";

/** Options of {@link createPiSandbox}. */
export interface PiSandboxOptions {
	/** Sets `defaultProjectTrust: "always"`, so print mode loads `<project>/.pi/*`; default false ("ask", skipped). */
	readonly trustProject?: boolean;
	/** Fake server base URL for models.json; can be set later with `setFakeUrl`. */
	readonly fakeUrl?: string;
}

/** A temp directory tree in which pi runs isolated from the real home and agent dir. */
export interface PiSandbox {
	/** The temp root; every other directory is inside it. */
	readonly root: string;
	/** HOME of pi: `~/.claude/settings.json` is `<home>/.claude/settings.json`. */
	readonly home: string;
	/** PI_CODING_AGENT_DIR: models.json, settings.json, sessions/. */
	readonly agentDir: string;
	/** The working directory pi runs in. */
	readonly projectDir: string;
	/** Environment for pi: a clean set (nothing inherited but PATH, TMPDIR, SHELL), plus `extra`. */
	env(extra?: Record<string, string>): Record<string, string>;
	/** Writes `value` as pretty JSON to a path relative to `root`, creating parent directories. */
	writeJson(relPath: string, value: unknown): string;
	/** Writes text to a path relative to `root`, creating parent directories; returns the absolute path. */
	writeFile(relPath: string, text: string): string;
	/** Rewrites models.json so the `fake` provider points at `url` (e.g. `http://127.0.0.1:PORT/v1`). */
	setFakeUrl(url: string): void;
	/**
	 * Kills what is still running in the sandbox (pi, its hooks, their background jobs: every process whose cwd or
	 * environment lies below `root`), saying so on stderr, then removes the whole tree; returns what it killed.
	 */
	cleanup(): string[];
}

/**
 * Creates `<tmp>/home`, `<tmp>/agent` and `<tmp>/project` and writes the agent's models.json (provider
 * `fake`, model `fake-model`, literal API key) and settings.json (fake model by default, quiet, no telemetry,
 * no retries, optional project trust).
 */
export function createPiSandbox(opts: PiSandboxOptions = {}): PiSandbox {
	// realpath: pi records canonical cwd paths (sessions, trust), so keep ours canonical too.
	const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-hook-e2e-")));
	const home = join(root, "home");
	const agentDir = join(root, "agent");
	const projectDir = join(root, "project");
	for (const dir of [home, agentDir, projectDir]) mkdirSync(dir, { recursive: true });

	const writeFile = (relPath: string, text: string): string => {
		const path = resolve(root, relPath);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, text);
		return path;
	};
	const writeJson = (relPath: string, value: unknown): string =>
		writeFile(relPath, `${JSON.stringify(value, null, "\t")}\n`);
	const setFakeUrl = (url: string): void => {
		writeJson("agent/models.json", modelsJson(url));
	};

	setFakeUrl(opts.fakeUrl ?? UNSET_FAKE_URL);
	writeJson("agent/settings.json", {
		defaultProvider: FAKE_PROVIDER,
		defaultModel: FAKE_MODEL,
		defaultThinkingLevel: "off",
		quietStartup: true,
		enableInstallTelemetry: false,
		cacheWarming: "off",
		retry: { enabled: false },
		...(opts.trustProject ? { defaultProjectTrust: "always" } : {}),
	});

	return {
		root,
		home,
		agentDir,
		projectDir,
		env: (extra = {}) => ({
			...inherited(["TMPDIR", "SHELL"]),
			PATH: [join(PROJECT_ROOT, "node_modules", ".bin"), process.env.PATH ?? "/usr/bin:/bin"].join(":"),
			HOME: home,
			PI_CODING_AGENT_DIR: agentDir,
			PI_OFFLINE: "1",
			PI_SKIP_VERSION_CHECK: "1",
			PI_TELEMETRY: "0",
			LANG: "C.UTF-8",
			...extra,
		}),
		writeJson,
		writeFile,
		setFakeUrl,
		// Retries: a pi that is still exiting may write one last file while the tree is removed (ENOTEMPTY).
		cleanup: () => {
			const killed = killLeftovers(root);
			if (killed.length > 0) console.warn(`sandbox clean-up of ${root} killed leftovers: ${killed.join("; ")}`);
			rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
			return killed;
		},
	};
}

/** The models.json content for a fake server at `baseUrl`. */
function modelsJson(baseUrl: string): unknown {
	return {
		providers: {
			[FAKE_PROVIDER]: {
				name: "Fake LLM",
				baseUrl,
				api: "openai-completions",
				apiKey: "test-key",
				models: [
					{
						id: FAKE_MODEL,
						name: "Fake Model",
						contextWindow: 128_000,
						maxTokens: 4096,
						cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
					},
				],
			},
		},
	};
}

/** Picks the listed variables from the test process's environment, skipping unset ones. */
function inherited(names: readonly string[]): Record<string, string> {
	const picked: Record<string, string> = {};
	for (const name of names) {
		const value = process.env[name];
		if (value !== undefined) picked[name] = value;
	}
	return picked;
}

/** Options of {@link runPiPrint}. */
export interface RunPiOptions {
	/**
	 * Kill pi (its whole process group and its hooks) after this long and resolve with `timedOut`; without it pi
	 * gets 60 000 ms. Either way, a run the test's limit cuts short rejects, naming the run and its last output.
	 */
	readonly timeoutMs?: number;
	/** Extra environment variables, applied over the sandbox env. */
	readonly env?: Record<string, string>;
	/** Text written to pi's stdin; stdin is closed right away when undefined. */
	readonly input?: string;
}

/** The result of one pi run. */
export interface PiRunResult {
	/** Exit code; null when pi was killed by a signal (including our timeout). */
	readonly code: number | null;
	/** Everything pi wrote to stdout (in print mode: the final assistant text). */
	readonly stdout: string;
	/** Everything pi wrote to stderr. */
	readonly stderr: string;
	/** Wall-clock time from spawn to exit. */
	readonly durationMs: number;
	/** True when the run hit `timeoutMs` and was killed. */
	readonly timedOut: boolean;
}

/**
 * Argument list for a print-mode run that loads one extension: `["-e", extPath, "-p", prompt]`.
 * Sessions stay on, so the session JSONL can be inspected under `<agentDir>/sessions/`.
 */
export function piPrintArgs(prompt: string, extPath: string = EXTENSION_PATH): string[] {
	return ["-e", extPath, "-p", prompt];
}

/** The last `chars` characters of `text`, marked when cut. */
export const tail = (text: string, chars = 2_000): string => (text.length > chars ? `...${text.slice(-chars)}` : text);

/**
 * Runs the real pi binary with `args` in `sandbox.projectDir` and the sandbox env, and collects its output.
 * The caller supplies `-p` (see {@link piPrintArgs}). pi runs in its own process group; after `timeoutMs` it is
 * killed with that group and the hooks it started (which run in groups of their own), so the promise always
 * settles: it resolves, with `timedOut` when `timeoutMs` ended the run, and rejects when the test's limit came first
 * (the error names the run and pi's last output), so the test fails with that message before vitest's timeout.
 */
export function runPiPrint(sandbox: PiSandbox, args: readonly string[], opts: RunPiOptions = {}): Promise<PiRunResult> {
	const budget = waitBudget(opts.timeoutMs ?? 60_000);
	const started = performance.now();
	return new Promise((resolveRun, rejectRun) => {
		const child = spawn(PI_BIN, args, {
			cwd: sandbox.projectDir,
			env: sandbox.env(opts.env),
			stdio: ["pipe", "pipe", "pipe"],
			detached: true,
		});
		const what = `pi ${args.join(" ")}`;
		const release =
			child.pid === undefined ? () => {} : ownChild({ pid: child.pid, label: what, root: sandbox.root });
		let stdout = "";
		let stderr = "";
		let timedOut = false;
		child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
		child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
		// pi reads piped stdin as part of the prompt; an open pipe would make it wait forever.
		child.stdin.on("error", () => {});
		child.stdin.end(opts.input ?? "");

		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid);
			killLeftovers(sandbox.root);
		}, budget.ms);
		let settled = false;
		const finish = (code: number | null, extraStderr = ""): void => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			release();
			const durationMs = Math.round(performance.now() - started);
			if (timedOut && (budget.byTestLimit || opts.timeoutMs === undefined)) {
				const output = `stdout:\n${tail(stdout)}\nstderr:\n${tail(stderr + extraStderr)}`;
				rejectRun(
					new Error(`runPiPrint: waited for \`${what}\` to exit; killed it ${waitedText(budget)}\n${output}`),
				);
				return;
			}
			resolveRun({ code, stdout, stderr: stderr + extraStderr, durationMs, timedOut });
		};
		child.on("error", (error) => finish(null, `runPiPrint: spawn failed: ${error.message}\n`));
		child.on("close", (code) => {
			// Reap anything left in pi's process group. pi's bash tool starts commands in their own group, so a
			// command that backgrounds itself (`cmd &`) is NOT reached by this; tests must not leave such jobs.
			killGroup(child.pid);
			finish(code);
		});
	});
}

/** SIGKILLs the process group led by `pid`; a group that is already gone is fine. */
function killGroup(pid: number | undefined): void {
	if (pid === undefined) return;
	try {
		process.kill(-pid, "SIGKILL");
	} catch {
		// ESRCH: the group has already exited.
	}
}
