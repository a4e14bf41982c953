/**
 * Outcomes of hooks that are requests rather than processes (`http`, `prompt`, `agent`): they have no real
 * stdout or stderr, only an answer, so their outcome carries it as captured text. Pure.
 */

import type { CapturedOutput, ProcessOutcome } from "../ports.ts";
import type { HookEventName } from "../types.ts";
import { promptAnswerToHookJson } from "./prompt-hook.ts";

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

/**
 * A `prompt` or `agent` hook's `{ok, reason}` answer on `event` as the outcome the engine reads: exit 0 with
 * the hook JSON the answer stands for on stdout (Claude Code: `ok: false` denies, blocks or adds context by event).
 */
export const answeredOutcome = (
	event: HookEventName,
	answer: { ok: boolean; reason: string },
	durationMs: number,
): ProcessOutcome => ({
	kind: "exited",
	code: 0,
	stdout: capturedText(JSON.stringify(promptAnswerToHookJson(event, answer))),
	stderr: capturedText(""),
	durationMs,
});
