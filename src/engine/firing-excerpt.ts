/**
 * What the firing log keeps of an event: the stdin and each hook's output cut to an excerpt and with
 * secrets masked, so 500 logged events never hold hundreds of megabytes (each capture may be 1 MiB).
 */
import type { FiringRecord, NotRunHook } from "./engine.ts";
import type { HookVerdict } from "./interpret.ts";
import { redactSecrets } from "./redact.ts";
import type { CapturedOutput } from "./types.ts";

/** Characters the firing log keeps of the stdin JSON and of each hook's stdout and stderr. */
export const LOG_EXCERPT_CHARS = 16_000;

const cut = (text: string): string =>
	text.length <= LOG_EXCERPT_CHARS
		? redactSecrets(text)
		: `${redactSecrets(text.slice(0, LOG_EXCERPT_CHARS))}\n[pi-hook-manager: the log keeps the first ${LOG_EXCERPT_CHARS} of ${text.length} characters]`;

const capture = (output: CapturedOutput): CapturedOutput => ({ ...output, text: cut(output.text) });

const verdictExcerpt = (verdict: HookVerdict): HookVerdict => {
	const outcome = verdict.outcome;
	if (outcome.kind === "spawn_failed" || outcome.kind === "request_failed") return verdict;
	return { ...verdict, outcome: { ...outcome, stdout: capture(outcome.stdout), stderr: capture(outcome.stderr) } };
};

/**
 * Reads an excerpt's stdin: masked on first read when it is short (most events; nothing is held beyond what the
 * excerpt would hold), at once when it is longer than the excerpt (so the log never holds the whole text).
 */
const stdinReader = (stdin: string): (() => string) => {
	if (stdin.length > LOG_EXCERPT_CHARS) {
		const masked = cut(stdin);
		return () => masked;
	}
	let masked: string | undefined;
	return () => {
		masked ??= cut(stdin);
		return masked;
	};
};

/** Reads the record's `notRun`: the engine's getter itself when it has one (built on first read), else the array. */
const notRunReader = (record: FiringRecord): (() => readonly NotRunHook[]) => {
	const getter = Object.getOwnPropertyDescriptor(record, "notRun")?.get as (() => readonly NotRunHook[]) | undefined;
	if (getter !== undefined) return getter;
	const notRun = record.notRun;
	return () => notRun;
};

/**
 * The record with its stdin and outputs cut to {@link LOG_EXCERPT_CHARS} characters and secrets masked. The
 * "why didn't it fire" trace stays lazy, and masking the stdin waits until someone reads it: on a tool call no
 * hook matches, these were the most expensive steps. The excerpt holds nothing of the record beyond them.
 */
export const firingExcerpt = (record: FiringRecord): FiringRecord => {
	const stdin = stdinReader(record.stdin);
	const notRun = notRunReader(record);
	return {
		seq: record.seq,
		time: record.time,
		event: record.event,
		matchQuery: record.matchQuery,
		summary: record.summary,
		get stdin() {
			return stdin();
		},
		verdicts: record.verdicts.length === 0 ? [] : record.verdicts.map(verdictExcerpt),
		get notRun() {
			return notRun();
		},
	};
};
