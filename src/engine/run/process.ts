/**
 * The real ProcessRunner: spawns one hook process in its own process group, writes its stdin, captures capped
 * stdout/stderr, and enforces the timeout, abort and SIGTERM→SIGKILL sequence. Every run resolves an outcome.
 *
 * Spawning, exit code, signal and spawn-failure reporting go through execa 9 (its error values name the
 * failing file and errno, and its cwd check names a missing working directory), at its leanest: `buffer: false`
 * (this runner captures), `extendEnv: false` (the engine hands the complete environment, built once per session),
 * stdin written directly, no `cleanup` (hooks are reaped here). Two things stay this runner's own, around execa:
 * - the kill: execa's `timeout`/`cancelSignal` signal only the direct child (the shell's PID), so a hook's
 *   background jobs and grandchildren would survive; here the whole process group gets SIGTERM, then SIGKILL;
 * - the byte cap: execa's `maxBuffer` fails the run and closes the child's pipe (the hook then dies of EPIPE);
 *   here the first N bytes are kept, the rest drained and counted, and the hook exits normally.
 * execa is loaded on the first run or in the background at the first prompt of a session with command hooks
 * (`runProcess.warm`), never at start-up: it costs tens of milliseconds to load.
 */

import { statSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { lazyModule } from "../io/lazy-module.ts";
import type { CapturedOutput, ProcessOutcome, ProcessRunner, ProcessSpec } from "../ports.ts";
import { captureStream } from "./capture.ts";

type ExecaModule = typeof import("execa");

/**
 * execa, loaded once on first use or by {@link warmRunner} (never at start-up), with Node's own loader: through
 * pi's extension loader its hundred files would each be transformed. In the bundle pi loads, the single-file copy
 * scripts/build.mjs writes next to it (`dist/execa.mjs`, about 15 ms to load instead of 40); from `src/` the package.
 */
const execaModule = lazyModule<ExecaModule>("execa", "./execa.mjs");

const loadExeca = async (): Promise<ExecaModule> => execaModule();

/** execa's function once a run has loaded it: later runs spawn without waiting a tick for the loader. */
let loadedExeca: ExecaModule["execa"] | undefined;

/** Milliseconds after the first prompt before execa is loaded in the background: pi is then waiting for the model. */
export const WARM_DELAY_MS = 50;

/**
 * execa's options for every hook process besides its `cwd` and `env`: piped stdio read by our own byte-capped
 * capture (`buffer: false`), exit code and signal as values (`reject: false`), its own process group
 * (`detached`) that the runner kills itself, so neither execa's cleanup nor its forced kill is used.
 */
export const EXECA_OPTIONS = {
	extendEnv: false,
	stdin: "pipe",
	stdout: "pipe",
	stderr: "pipe",
	buffer: false,
	reject: false,
	detached: true,
	cleanup: false,
	windowsHide: true,
	forceKillAfterDelay: false,
} as const;

let warming = false;

/** Loads execa in the background shortly after start-up (once), so the first hook does not wait for it. */
export const warmRunner = (): void => {
	if (warming) return;
	warming = true;
	setTimeout(() => {
		try {
			execaModule();
		} catch {
			// The first run reports it: spawn_failed, "cannot load execa".
		}
	}, WARM_DELAY_MS).unref();
};

/** What the runner reads of execa's result (also its error value, as `reject: false` resolves with it). */
interface ExecaSettled {
	readonly exitCode?: number | undefined;
	readonly signal?: string | undefined;
	readonly code?: string | undefined;
	readonly originalMessage?: string | undefined;
	readonly shortMessage?: string | undefined;
}

/** Milliseconds to wait for stdout/stderr to end after the direct child exited (a grandchild may hold them). */
export const PIPE_GRACE_MS = 200;

/** Longest delay a Node timer supports; longer ones would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const EMPTY: CapturedOutput = { text: "", bytes: 0, truncated: false };

/**
 * Process groups this process started that may still have members: hooks still running, hooks that exited on
 * their own (some may have left background jobs), and hooks being terminated whose SIGKILL is not sent yet.
 */
const lingering = new Set<number>();

/**
 * SIGKILLs what is left of the process groups of hooks that already exited (their background jobs) or are being
 * terminated (their SIGTERM-ignoring children), so no hook process outlives the session. Returns how many groups
 * still had members. Never throws.
 */
export const reapLingeringGroups = (): number => {
	if (lingering.size === 0) return 0;
	let reaped = 0;
	for (const pgid of lingering) {
		try {
			process.kill(-pgid, "SIGKILL");
			reaped += 1;
		} catch {
			// ESRCH: nothing left in that group.
		}
	}
	lingering.clear();
	return reaped;
};

/**
 * Runs `spec` as a child process in a new process group and resolves what it did. Never throws or rejects. Once
 * execa is loaded, the process is spawned before this returns its promise (no tick in between).
 * - bad spec, or the process cannot start (ENOENT, EACCES, missing cwd) → `spawn_failed`;
 * - `signal` already aborted → `aborted` without spawning;
 * - after `spec.timeoutMs` ms (or when `signal` fires) the group gets SIGTERM, then SIGKILL after
 *   `spec.killGraceMs` ms → `timed_out` (or `aborted`), however the process ended;
 * - otherwise `exited` with the exit code, or `signaled` when a signal from elsewhere killed it.
 * stdout and stderr each keep at most `spec.maxOutputBytes` bytes. Once the direct child exited, the output pipes
 * get {@link PIPE_GRACE_MS} ms to close, then the run ends. A background job the hook left behind (`notify &`)
 * keeps running, as in Claude Code; {@link reapLingeringGroups} ends such jobs when the session ends.
 */
const run = async (spec: ProcessSpec, signal?: AbortSignal): Promise<ProcessOutcome> => {
	const start = performance.now();
	const elapsed = (): number => performance.now() - start;
	const invalid = validateSpec(spec);
	if (invalid !== undefined) return { kind: "spawn_failed", message: invalid, durationMs: elapsed() };
	if (signal?.aborted) return { kind: "aborted", stdout: EMPTY, stderr: EMPTY, durationMs: elapsed() };

	let execa: ExecaModule["execa"];
	if (loadedExeca !== undefined) execa = loadedExeca;
	else {
		try {
			({ execa } = await loadExeca());
			loadedExeca = execa;
		} catch (error) {
			return { kind: "spawn_failed", message: `cannot load execa: ${errorText(error)}`, durationMs: elapsed() };
		}
		// The signal may have fired while execa loaded.
		if (signal?.aborted) return { kind: "aborted", stdout: EMPTY, stderr: EMPTY, durationMs: elapsed() };
	}
	let child: ReturnType<typeof execa> & { stdin: Writable; stdout: Readable; stderr: Readable };
	try {
		child = execa(spec.file, [...spec.args], {
			cwd: spec.cwd,
			env: spec.env,
			...EXECA_OPTIONS,
		}) as typeof child;
	} catch (error) {
		const message = `cannot start "${spec.file}": ${errorText(error)}`;
		return { kind: "spawn_failed", message, durationMs: elapsed() };
	}
	// execa resolves (never rejects, with `reject: false`) once the child exited and its pipes closed.
	const settled = child as unknown as Promise<ExecaSettled>;
	const { pid } = child;
	if (pid === undefined) {
		// A failed spawn (ENOENT, EACCES, a missing cwd): execa's error value carries the errno code.
		const failure = await settled;
		const detail = failure.originalMessage ?? failure.shortMessage ?? "unknown error";
		const message = spawnFailureMessage(spec, failure.code, detail);
		return { kind: "spawn_failed", message, durationMs: elapsed() };
	}
	// stdin first: a hook that reads it waits for nothing else of ours. (Its output cannot be missed meanwhile: a
	// stream emits data only from a later I/O callback, and the captures below attach in this same turn.)
	// A child that never reads stdin, or exits first, makes the write fail with EPIPE/ECONNRESET: not our problem.
	child.stdin.on("error", ignore);
	try {
		child.stdin.end(spec.stdin);
	} catch {
		// Same as above: the child's stdin is gone, the run goes on.
	}
	// Registered from the start: if pi exits while the hook still runs, the exit reap ends it.
	lingering.add(pid);
	const stdout = captureStream(child.stdout, spec.maxOutputBytes);
	const stderr = captureStream(child.stderr, spec.maxOutputBytes);

	const killGroup = (name: NodeJS.Signals): void => {
		try {
			process.kill(-pid, name);
		} catch {
			// ESRCH: the whole group is gone already.
		}
	};

	return new Promise<ProcessOutcome>((resolve) => {
		let killedBy: "timeout" | "abort" | undefined;
		let graceTimer: NodeJS.Timeout | undefined;
		const terminate = (reason: "timeout" | "abort"): void => {
			if (killedBy !== undefined) return;
			killedBy = reason;
			killGroup("SIGTERM");
			// Until the SIGKILL below lands, a reap must finish the job: pi may exit before the grace period ends.
			lingering.add(pid);
			graceTimer = setTimeout(() => killGroup("SIGKILL"), timerMs(spec.killGraceMs));
		};
		const timeoutTimer = setTimeout(() => terminate("timeout"), timerMs(spec.timeoutMs));
		const onAbort = (): void => terminate("abort");
		signal?.addEventListener("abort", onAbort, { once: true });

		child.once("exit", () => {
			clearTimeout(timeoutTimer);
			clearTimeout(graceTimer);
			signal?.removeEventListener("abort", onAbort);
			// Usually both pipes have closed by now: then no grace timer is needed.
			const pipes =
				stdout.finished() && stderr.finished()
					? Promise.resolve()
					: waitAtMost(Promise.all([stdout.done, stderr.done]), PIPE_GRACE_MS);
			void pipes
				.then(() => {
					// A grandchild may still hold the pipes: stop reading, and end every process left in the group.
					child.stdout.destroy();
					child.stderr.destroy();
					child.stdin.destroy();
					if (killedBy === undefined) lingering.add(pid);
					else {
						killGroup("SIGKILL");
						lingering.delete(pid);
					}
					return settled;
				})
				.then((result) => {
					const base = { stdout: stdout.result(), stderr: stderr.result(), durationMs: elapsed() };
					if (killedBy === "timeout") resolve({ ...base, kind: "timed_out", timeoutMs: spec.timeoutMs });
					else if (killedBy === "abort") resolve({ ...base, kind: "aborted" });
					else if (result.exitCode !== undefined) resolve({ ...base, kind: "exited", code: result.exitCode });
					else resolve({ ...base, kind: "signaled", signal: result.signal ?? "unknown" });
				});
		});
	});
};

/** The real runner: {@link run}, with {@link warmRunner} as its `warm`. */
export const runProcess: ProcessRunner = Object.assign(run, { warm: warmRunner });

/** Returns why `spec` cannot be run, echoing the bad value, or undefined when it is fine. */
function validateSpec(spec: ProcessSpec): string | undefined {
	const bad = (field: string, rule: string, value: unknown): string => {
		const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
		return `invalid process spec: ${field} must be ${rule}, got ${shown}`;
	};
	if (typeof spec.file !== "string" || spec.file === "") return bad("file", "a non-empty string", spec.file);
	if (!Array.isArray(spec.args) || !spec.args.every((arg) => typeof arg === "string")) {
		return bad("args", "an array of strings", spec.args);
	}
	if (typeof spec.cwd !== "string" || spec.cwd === "") return bad("cwd", "a non-empty string", spec.cwd);
	for (const field of ["timeoutMs", "killGraceMs"] as const) {
		const value = spec[field];
		if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
			return bad(field, "a finite number of milliseconds > 0", value);
		}
	}
	if (!Number.isInteger(spec.maxOutputBytes) || spec.maxOutputBytes <= 0) {
		return bad("maxOutputBytes", "an integer number of bytes > 0", spec.maxOutputBytes);
	}
	return undefined;
}

/** One sentence naming the file (and the cwd when that is what is missing) for a failed spawn. */
function spawnFailureMessage(spec: ProcessSpec, code: string | undefined, detail: string): string {
	if (!isDirectory(spec.cwd)) {
		return `cannot start "${spec.file}": working directory "${spec.cwd}" does not exist or is not a directory`;
	}
	if (code === "ENOENT") return `cannot start "${spec.file}": no such file, or its interpreter is missing (ENOENT)`;
	if (code === "EACCES") return `cannot start "${spec.file}": permission denied, is it executable? (EACCES)`;
	return `cannot start "${spec.file}": ${detail}`;
}

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

/**
 * Resolves when `promise` settles or after `ms` milliseconds, whichever comes first; never rejects.
 * On timeout it still waits one `setImmediate`, so pipe data that is already waiting gets read even if the event loop
 * was blocked for longer than `ms` (timers run before I/O polling in a loop iteration).
 */
function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
	return new Promise((resolve) => {
		const timer = setTimeout(() => setImmediate(resolve), ms);
		promise.then(
			() => {
				clearTimeout(timer);
				resolve();
			},
			() => {
				clearTimeout(timer);
				resolve();
			},
		);
	});
}

/** Clamps a delay to what a Node timer can wait (about 24.8 days). */
function timerMs(ms: number): number {
	return Math.min(ms, MAX_TIMER_MS);
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function ignore(): void {}

let reapOnExitRegistered = false;

/**
 * Makes sure no hook outlives pi: on process exit (however pi ends) every group still registered gets
 * SIGKILL. Registers once per process, whatever the number of callers.
 */
export const reapHooksOnExit = (): void => {
	if (reapOnExitRegistered) return;
	reapOnExitRegistered = true;
	process.once("exit", () => void reapLingeringGroups());
};
