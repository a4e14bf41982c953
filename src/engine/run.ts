/**
 * The real ProcessRunner: spawns one hook process in its own process group, writes its stdin, captures capped
 * stdout/stderr, and enforces the timeout, abort and SIGTERM→SIGKILL sequence. Every run resolves an outcome.
 */

import { type ChildProcessByStdio, spawn } from "node:child_process";
import { statSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { captureStream } from "./capture.ts";
import type { CapturedOutput, ProcessOutcome, ProcessRunner, ProcessSpec } from "./types.ts";

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
 * Runs `spec` as a child process in a new process group and resolves what it did. Never throws or rejects.
 * - bad spec, or the process cannot start (ENOENT, EACCES, missing cwd) → `spawn_failed`;
 * - `signal` already aborted → `aborted` without spawning;
 * - after `spec.timeoutMs` ms (or when `signal` fires) the group gets SIGTERM, then SIGKILL after
 *   `spec.killGraceMs` ms → `timed_out` (or `aborted`), however the process ended;
 * - otherwise `exited` with the exit code, or `signaled` when a signal from elsewhere killed it.
 * stdout and stderr each keep at most `spec.maxOutputBytes` bytes. Once the direct child exited, the output pipes
 * get {@link PIPE_GRACE_MS} ms to close, then the run ends. A background job the hook left behind (`notify &`)
 * keeps running, as in Claude Code; {@link reapLingeringGroups} ends such jobs when the session ends.
 */
export const runProcess: ProcessRunner = async (spec, signal) => {
	const start = performance.now();
	const elapsed = (): number => performance.now() - start;
	const invalid = validateSpec(spec);
	if (invalid !== undefined) return { kind: "spawn_failed", message: invalid, durationMs: elapsed() };
	if (signal?.aborted) return { kind: "aborted", stdout: EMPTY, stderr: EMPTY, durationMs: elapsed() };

	// Node's spawn directly: execa cost about 0.7 ms per hook (35% of a `true` hook), for nothing used here.
	let child: ChildProcessByStdio<Writable, Readable, Readable>;
	try {
		child = spawn(spec.file, [...spec.args], {
			cwd: spec.cwd,
			env: spec.env,
			stdio: ["pipe", "pipe", "pipe"],
			detached: true,
			windowsHide: true,
		});
	} catch (error) {
		const message = `cannot start "${spec.file}": ${errorText(error)}`;
		return { kind: "spawn_failed", message, durationMs: elapsed() };
	}
	// A failed spawn (ENOENT, EACCES, a missing cwd) is reported by an "error" event on the next tick.
	const spawnError = new Promise<NodeJS.ErrnoException>((resolve) => child.once("error", resolve));
	const { pid } = child;
	if (pid === undefined) {
		for (const stream of [child.stdin, child.stdout, child.stderr]) stream.destroy();
		const failure = await spawnError;
		const message = spawnFailureMessage(spec, failure.code, failure.message);
		return { kind: "spawn_failed", message, durationMs: elapsed() };
	}
	child.on("error", ignore);
	// Registered from the start: if pi exits while the hook still runs, the exit reap ends it.
	lingering.add(pid);
	const stdout = captureStream(child.stdout, spec.maxOutputBytes);
	const stderr = captureStream(child.stderr, spec.maxOutputBytes);
	// A child that never reads stdin, or exits first, makes the write fail with EPIPE/ECONNRESET: not our problem.
	child.stdin.on("error", ignore);
	try {
		child.stdin.end(spec.stdin);
	} catch {
		// Same as above: the child's stdin is gone, the run goes on.
	}

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

		child.once("exit", (code, exitSignal) => {
			clearTimeout(timeoutTimer);
			clearTimeout(graceTimer);
			signal?.removeEventListener("abort", onAbort);
			void waitAtMost(Promise.all([stdout.done, stderr.done]), PIPE_GRACE_MS).then(() => {
				// A grandchild may still hold the pipes: stop reading, and end every process left in the group.
				child.stdout.destroy();
				child.stderr.destroy();
				child.stdin.destroy();
				if (killedBy === undefined) lingering.add(pid);
				else {
					killGroup("SIGKILL");
					lingering.delete(pid);
				}
				const base = { stdout: stdout.result(), stderr: stderr.result(), durationMs: elapsed() };
				if (killedBy === "timeout") resolve({ ...base, kind: "timed_out", timeoutMs: spec.timeoutMs });
				else if (killedBy === "abort") resolve({ ...base, kind: "aborted" });
				else if (code !== null) resolve({ ...base, kind: "exited", code });
				else resolve({ ...base, kind: "signaled", signal: exitSignal ?? "unknown" });
			});
		});
	});
};

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
