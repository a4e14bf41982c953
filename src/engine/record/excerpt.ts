/**
 * What the firing log keeps of an event: the stdin and each hook's output cut to an excerpt and with
 * secrets masked, so 500 logged events never hold hundreds of megabytes (each capture may be 1 MiB).
 */
import type { HookVerdict } from "../decide/interpret.ts";
import type { CapturedOutput } from "../ports.ts";
import { redactSecrets } from "../text/redact.ts";
import { type FiringRecord, withParts } from "./firing-record.ts";
import { type Later, Lazy, type Part, readPart } from "./lazy.ts";

/** Characters the firing log keeps of the stdin JSON and of each hook's stdout and stderr. */
export const LOG_EXCERPT_CHARS = 16_000;

const count = (value: number): string => value.toLocaleString("en-US");

/**
 * `text` cut to {@link LOG_EXCERPT_CHARS} with secrets masked, and a marker saying how much there was:
 * `whole` is the output's size in bytes when known (a 20 MB output of which 1 MiB was captured says
 * `of 20,000,000 bytes`), else the text's length in characters.
 */
const cut = (text: string, bytes?: number): string => {
	if (text.length <= LOG_EXCERPT_CHARS) return redactSecrets(text);
	const whole = bytes === undefined ? `${count(text.length)} characters` : `${count(bytes)} bytes`;
	return (
		`${redactSecrets(text.slice(0, LOG_EXCERPT_CHARS))}\n[pi-hook-manager: the log keeps the first ` +
		`${count(LOG_EXCERPT_CHARS)} characters of ${whole}]`
	);
};

const capture = (output: CapturedOutput): CapturedOutput => ({ ...output, text: cut(output.text, output.bytes) });

const verdictExcerpt = (verdict: HookVerdict): HookVerdict => {
	const outcome = verdict.outcome;
	if (outcome.kind === "spawn_failed" || outcome.kind === "request_failed") return verdict;
	return { ...verdict, outcome: { ...outcome, stdout: capture(outcome.stdout), stderr: capture(outcome.stderr) } };
};

/** The log's excerpt of a text (cut and masked), as a cell's build. */
const maskText = (text: string): string => cut(text);

/** The log's excerpt of a lazy text, as a cell's build: the text is built, then cut and masked. */
const maskLater = (text: Later<string>): string => cut(text.read());

/** A cell of the log's excerpt of a lazy text (cut and masked when first read; holds only the text's cell). */
export const maskedLater = (text: Later<string>): Later<string> => new Lazy(maskLater, text, undefined);

/**
 * The excerpt's stdin, masked and cut on first read: a stdin longer than the excerpt is cut at once (so the log
 * never holds the whole text); a short one, or one the engine builds only when read, waits until someone looks.
 * After the first read only the excerpt is held.
 */
const stdinExcerpt = (record: FiringRecord): Part<string> => {
	const { stdin, sizeHint } = record.parts;
	if (stdin instanceof Lazy && sizeHint !== undefined && sizeHint.stdinChars <= LOG_EXCERPT_CHARS)
		return maskedLater(stdin);
	const text = readPart(stdin);
	return text.length > LOG_EXCERPT_CHARS ? cut(text) : new Lazy(maskText, text, undefined);
};

/**
 * The record with its stdin and outputs cut to {@link LOG_EXCERPT_CHARS} characters and secrets masked. The
 * "why didn't it fire" trace stays lazy, and masking the stdin waits until someone reads it: on a tool call no
 * hook matches, these were the most expensive steps. The excerpt holds nothing of the record beyond them. A
 * record that is already the log's row (`isLogRow`: a call no hook matched) is its own excerpt.
 */
export const firingExcerpt = (record: FiringRecord): FiringRecord => {
	if (record.isLogRow) return record;
	const verdicts = record.verdicts.length === 0 ? [] : record.verdicts.map(verdictExcerpt);
	return withParts(record, verdicts, { stdin: stdinExcerpt(record) });
};
