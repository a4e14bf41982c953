/**
 * What the firing log keeps of an event: the stdin and each hook's output cut to an excerpt and with
 * secrets masked, so 500 logged events never hold hundreds of megabytes (each capture may be 1 MiB).
 */
import type { FiringRecord } from "./engine.ts";
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

/** The record with its stdin and outputs cut to {@link LOG_EXCERPT_CHARS} characters and secrets masked. */
export const firingExcerpt = (record: FiringRecord): FiringRecord => ({
	...record,
	stdin: cut(record.stdin),
	verdicts: record.verdicts.map(verdictExcerpt),
});
