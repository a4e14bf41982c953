/**
 * Outcomes of hooks that are requests rather than processes (`http`, `prompt`, `agent`): they have no real
 * stdout or stderr, only an answer, so their outcome carries it as captured text. Pure.
 */
import type { CapturedOutput, ProcessOutcome } from "./types.ts";

/** `text` as whole captured output (never truncated; `bytes` is its UTF-8 length). */
export const capturedText = (text: string): CapturedOutput => ({
	text,
	bytes: Buffer.byteLength(text),
	truncated: false,
});

/**
 * A request stopped before it answered: `timed_out` when its own timeout (`timeoutMs`) fired, else `aborted`
 * (the user pressed Esc). Both decide nothing (Claude Code: a hook that times out fails open).
 */
export const stoppedOutcome = (timedOut: boolean, timeoutMs: number, durationMs: number): ProcessOutcome =>
	timedOut
		? { kind: "timed_out", timeoutMs, stdout: capturedText(""), stderr: capturedText(""), durationMs }
		: { kind: "aborted", stdout: capturedText(""), stderr: capturedText(""), durationMs };
