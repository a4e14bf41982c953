/**
 * What the firing log keeps of an event: the stdin and each hook's output cut to an excerpt and with
 * secrets masked, so 500 logged events never hold hundreds of megabytes (each capture may be 1 MiB).
 */

import type { HookVerdict } from "./interpret.ts";
import type { FiringRecord, NotRunHook } from "./record/firing-record.ts";
import { redactSecrets } from "./redact.ts";
import type { CapturedOutput } from "./types.ts";

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

/**
 * Reads an excerpt's stdin, masked and cut on first read: a stdin longer than the excerpt is cut at once (so the
 * log never holds the whole text); a short one, or one the engine builds only when read (a call no hook matched),
 * waits until someone looks. After the first read only the excerpt is held.
 */
const stdinReader = (record: FiringRecord): (() => string) => {
	const getter = Object.getOwnPropertyDescriptor(record, "stdin")?.get as (() => string) | undefined;
	const chars = record.sizeHint?.stdinChars;
	if (getter === undefined || chars === undefined || chars > LOG_EXCERPT_CHARS) {
		const text = record.stdin;
		if (text.length > LOG_EXCERPT_CHARS) {
			const masked = cut(text);
			return () => masked;
		}
		let masked: string | undefined;
		return () => {
			masked ??= cut(text);
			return masked;
		};
	}
	let source: (() => string) | undefined = getter;
	let masked: string | undefined;
	return () => {
		if (masked === undefined) {
			masked = cut((source as () => string)());
			source = undefined;
		}
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

const NO_VERDICTS: readonly HookVerdict[] = [];

/** What an {@link UnmatchedRow} holds before its fields are read: its stdin's source and no turned-down hooks. */
const UNMATCHED_HINT = { stdinChars: 512, notRunHeld: 0 } as const;

/**
 * The record of an event no hook matched, made by the engine already as the firing log keeps it, so that path
 * builds one object and nothing else: its stdin is built from the event, cut to {@link LOG_EXCERPT_CHARS} and
 * masked when first read, its "why didn't it fire" trace when first read. {@link unmasked} is the stdin as a hook
 * of the event would have got it (for a replay). A class, so its getters live on the prototype: a copy must read
 * them (see `slimRecord`), not copy own properties alone.
 */
export class UnmatchedRow implements FiringRecord {
	readonly seq: number;
	readonly time: number;
	readonly event: FiringRecord["event"];
	readonly matchQuery: string | undefined;
	readonly summary: string;
	readonly verdicts: readonly HookVerdict[] = NO_VERDICTS;
	readonly sizeHint: FiringRecord["sizeHint"] = UNMATCHED_HINT;
	/** The trace's builder, remembering what it built; it holds the configuration and the match values only. */
	readonly traceReader: () => readonly NotRunHook[];
	#build: (() => string) | undefined;
	#raw: string | undefined;
	#masked: string | undefined;

	/** `build` makes the stdin JSON line on first need; `trace` the why-not-run list (called at most once). */
	constructor(
		fields: Pick<FiringRecord, "seq" | "time" | "event" | "matchQuery" | "summary">,
		build: () => string,
		trace: () => readonly NotRunHook[],
	) {
		this.seq = fields.seq;
		this.time = fields.time;
		this.event = fields.event;
		this.matchQuery = fields.matchQuery;
		this.summary = fields.summary;
		this.#build = build;
		let built: readonly NotRunHook[] | undefined;
		this.traceReader = () => {
			built ??= trace();
			return built;
		};
	}

	/** The stdin as the log shows it: cut and masked. */
	get stdin(): string {
		this.#masked ??= cut(this.unmasked());
		return this.#masked;
	}

	get notRun(): readonly NotRunHook[] {
		return this.traceReader();
	}

	/** The stdin a hook of this event would have got, unmasked (built on the first read of either). */
	unmasked(): string {
		if (this.#raw === undefined) {
			this.#raw = (this.#build as () => string)();
			this.#build = undefined;
		}
		return this.#raw;
	}
}

/**
 * The record with its stdin and outputs cut to {@link LOG_EXCERPT_CHARS} characters and secrets masked. The
 * "why didn't it fire" trace stays lazy, and masking the stdin waits until someone reads it: on a tool call no
 * hook matches, these were the most expensive steps. The excerpt holds nothing of the record beyond them. An
 * {@link UnmatchedRow} is its own excerpt.
 */
export const firingExcerpt = (record: FiringRecord): FiringRecord => {
	if (record instanceof UnmatchedRow) return record;
	const stdin = stdinReader(record);
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
		...(record.test === true ? { test: true as const } : {}),
		...(record.sizeHint === undefined ? {} : { sizeHint: record.sizeHint }),
	};
};
