/**
 * The panel's memory of what fired: the last firing records (bounded, newest first) and per-hook statistics
 * for the whole session (runs, blocks, errors, timeouts, recent durations). Pure data; no pi, no I/O.
 */
import type { HookVerdict } from "../../engine/decide/interpret.ts";
import { LOG_EXCERPT_CHARS } from "../../engine/record/excerpt.ts";
import { type FiringRecord, withParts } from "../../engine/record/firing-record.ts";
import { isBlock, type RunResult, verdictResult } from "../../engine/record/result-kind.ts";
import { percentile } from "./format.ts";

/**
 * Bytes of firing records the log keeps by default (an estimate of their in-memory size, see
 * {@link recordBytes}): all of a session's records, up to this budget; past it the oldest are dropped
 * (statistics keep counting, and the journal keeps them on disk).
 */
export const DEFAULT_LOG_BYTES = 128 * 1024 * 1024;

/** Characters of stdin and of each output an old record keeps once the log is over its budget. */
export const SLIM_CHARS = 500;

const slimText = (text: string): string =>
	text.length <= SLIM_CHARS
		? text
		: `${text.slice(0, SLIM_CHARS)}\n[pi-hook-manager: an older record; the log keeps its first ` +
			`${SLIM_CHARS.toLocaleString("en-US")} characters]`;

/**
 * A record with its stdin and outputs cut to {@link SLIM_CHARS} (what old records keep past the budget). Its other
 * parts are shared: a lazily built `notRun` stays unbuilt.
 */
export const slimRecord = (record: FiringRecord): FiringRecord => {
	const stdin = slimText(record.stdin);
	const verdicts = record.verdicts.map((verdict) => {
		const outcome = verdict.outcome;
		if (outcome.kind === "spawn_failed" || outcome.kind === "request_failed") return verdict;
		return {
			...verdict,
			outcome: {
				...outcome,
				stdout: { ...outcome.stdout, text: slimText(outcome.stdout.text) },
				stderr: { ...outcome.stderr, text: slimText(outcome.stderr.text) },
			},
		};
	});
	const hint = record.sizeHint === undefined ? undefined : { ...record.sizeHint, stdinChars: stdin.length };
	// The trace stays as it is (lazy when unbuilt); a slimmed row keeps no unmasked stdin for a replay.
	return withParts(record, verdicts, { stdin, replay: undefined, sizeHint: hint });
};

/** Characters of one text a logged record can hold: the log's excerpt and its marker. */
const MAX_TEXT = LOG_EXCERPT_CHARS + 100;

/**
 * Roughly what a record costs in the log, in bytes (a byte per character, as V8 keeps ASCII, plus 64 per
 * object); each text counts at most as the log's excerpt of it, so the engine's record (whose stdin is a plain
 * string, not the excerpt's masked-on-read getter) gives the figure without masking anything.
 */
export const recordBytes = (record: FiringRecord): number => {
	const text = (value: string): number => Math.min(value.length, MAX_TEXT);
	// The hint, when the record has one, keeps the estimate from building the stdin and trace it builds lazily.
	const hint = record.sizeHint;
	let chars =
		Math.min(hint?.stdinChars ?? record.stdin.length, MAX_TEXT) +
		record.summary.length +
		(record.matchQuery?.length ?? 0);
	let objects = 4 + (hint?.notRunHeld ?? record.notRun.length);
	for (const verdict of record.verdicts) {
		const outcome = verdict.outcome;
		chars += text(verdict.message) + text(verdict.warning ?? "");
		if (outcome.kind !== "spawn_failed" && outcome.kind !== "request_failed")
			chars += text(outcome.stdout.text) + text(outcome.stderr.text);
		else chars += text(outcome.message);
		objects += 6;
	}
	return chars + objects * 64;
};

/** Durations kept per hook for the median and 95th percentile. */
export const DURATION_SAMPLES = 1000;

/** Session statistics of one hook. */
export interface HookStats {
	readonly runs: number;
	readonly blocks: number;
	readonly errors: number;
	readonly timeouts: number;
	/** Median duration in milliseconds over the last {@link DURATION_SAMPLES} runs; undefined before the first run. */
	readonly medianMs: number | undefined;
	/** 95th-percentile duration, same window; undefined before the first run. */
	readonly p95Ms: number | undefined;
	/** The last run; undefined when the hook has not run this session. */
	readonly last: { readonly decision: RunResult; readonly time: number; readonly durationMs: number } | undefined;
}

/** Statistics of a hook that has not run. */
export const NO_STATS: HookStats = {
	runs: 0,
	blocks: 0,
	errors: 0,
	timeouts: 0,
	medianMs: undefined,
	p95Ms: undefined,
	last: undefined,
};

interface MutableStats {
	runs: number;
	blocks: number;
	errors: number;
	timeouts: number;
	durations: number[];
	last: HookStats["last"];
}

/** The firing log: feed it records, read records and statistics, and hear about changes. */
export interface FiringLog {
	/**
	 * Adds one record (from the engine's `onRecord`) and notifies listeners. O(1) amortised. `bytes` is its
	 * size when known (see {@link recordBytes}); else it is measured.
	 */
	add(record: FiringRecord, bytes?: number): void;
	/**
	 * Number of records ever added; the record added n-th (from 0) has ordinal n. Kept records have the
	 * ordinals {@link firstKept} to `added() - 1`.
	 */
	added(): number;
	/** Ordinal of the oldest kept record (records before it were dropped for the byte budget). */
	firstKept(): number;
	/** The kept records with ordinal >= `ordinal`, oldest first (a fresh array; the records are shared). */
	since(ordinal: number): readonly FiringRecord[];
	/**
	 * Changes when kept records were replaced or dropped (past the budget), so a view rebuilds its rows; it
	 * stays the same while records are only added.
	 */
	generation(): number;
	/** Estimated bytes of the kept records (see {@link recordBytes}). */
	bytes(): number;
	/** The kept records, newest first. O(n) on the first call after a change; prefer {@link since}. */
	records(): readonly FiringRecord[];
	/** Statistics of the hook with this id ({@link NO_STATS} when it never ran). */
	stats(id: string): HookStats;
	/**
	 * Moves the statistics of hook `from` to hook `to` (added to any `to` has): an edit that changes a hook's
	 * definition changes its id, and the edited hook keeps its runs.
	 */
	carryStats(from: string, to: string): void;
	/** Every carry made so far, oldest first (`[from, to]`), so statistics kept elsewhere can follow them. */
	carried(): readonly (readonly [string, string])[];
	/** Calls `listener` after every `add`; returns the function that removes it. */
	subscribe(listener: () => void): () => void;
}

/**
 * Creates an empty firing log that keeps its records within `maxBytes` (estimated, see {@link recordBytes}).
 * Records are appended, never copied. Past the budget the oldest records are first slimmed (stdin and outputs
 * cut to {@link SLIM_CHARS}) until the log is at 80 % of it, and only when slimming is not enough are the
 * oldest dropped, down to 90 %: all of a long session's rows stay, and the work is rare and spread out.
 */
export const createFiringLog = (maxBytes = DEFAULT_LOG_BYTES): FiringLog => {
	let kept: FiringRecord[] = [];
	let sizes: number[] = [];
	let first = 0;
	let total = 0;
	let slimmed = 0;
	let generation = 0;
	let newestFirst: readonly FiringRecord[] | undefined;
	const byHook = new Map<string, MutableStats>();
	const carries: [string, string][] = [];
	const listeners = new Set<() => void>();
	const count = (verdict: HookVerdict, time: number): void => {
		const stats = byHook.get(verdict.entry.id) ?? {
			runs: 0,
			blocks: 0,
			errors: 0,
			timeouts: 0,
			durations: [],
			last: undefined,
		};
		const decision = verdictResult(verdict);
		stats.runs++;
		if (isBlock(decision)) stats.blocks++;
		if (decision === "error") stats.errors++;
		if (decision === "timeout") stats.timeouts++;
		stats.durations.push(verdict.outcome.durationMs);
		if (stats.durations.length > DURATION_SAMPLES * 2) stats.durations = stats.durations.slice(-DURATION_SAMPLES);
		stats.last = { decision, time, durationMs: verdict.outcome.durationMs };
		byHook.set(verdict.entry.id, stats);
	};
	const trim = (): void => {
		if (total <= maxBytes) return;
		generation++;
		while (slimmed < kept.length - 1 && total > maxBytes * 0.8) {
			const slim = slimRecord(kept[slimmed] as FiringRecord);
			const size = recordBytes(slim);
			total += size - (sizes[slimmed] ?? 0);
			kept[slimmed] = slim;
			sizes[slimmed] = size;
			slimmed++;
		}
		if (total <= maxBytes) return;
		let drop = 0;
		while (drop < kept.length - 1 && total > maxBytes * 0.9) total -= sizes[drop++] ?? 0;
		kept = kept.slice(drop);
		sizes = sizes.slice(drop);
		first += drop;
		slimmed = Math.max(0, slimmed - drop);
	};
	return {
		add(record, bytes) {
			kept.push(record);
			const size = bytes ?? recordBytes(record);
			sizes.push(size);
			total += size;
			trim();
			newestFirst = undefined;
			// A test run from the panel is in the log, but it is not one of the session's runs.
			if (record.test !== true) for (const verdict of record.verdicts) count(verdict, record.time);
			if (listeners.size > 0) for (const listener of listeners) listener();
		},
		added: () => first + kept.length,
		firstKept: () => first,
		generation: () => generation,
		since: (ordinal) => kept.slice(Math.max(0, ordinal - first)),
		bytes: () => total,
		records() {
			newestFirst ??= [...kept].reverse();
			return newestFirst;
		},
		stats(id) {
			const stats = byHook.get(id);
			if (stats === undefined) return NO_STATS;
			const { durations, ...counts } = stats;
			const window = durations.slice(-DURATION_SAMPLES);
			return { ...counts, medianMs: percentile(window, 0.5), p95Ms: percentile(window, 0.95) };
		},
		carryStats(from, to) {
			if (from === to) return;
			carries.push([from, to]);
			const moved = byHook.get(from);
			if (moved === undefined) return;
			byHook.delete(from);
			const into = byHook.get(to);
			if (into === undefined) {
				byHook.set(to, moved);
				return;
			}
			const newer = (into.last?.time ?? 0) >= (moved.last?.time ?? 0) ? into.last : moved.last;
			byHook.set(to, {
				runs: into.runs + moved.runs,
				blocks: into.blocks + moved.blocks,
				errors: into.errors + moved.errors,
				timeouts: into.timeouts + moved.timeouts,
				durations: [...moved.durations, ...into.durations].slice(-DURATION_SAMPLES),
				last: newer,
			});
		},
		carried: () => carries,
		subscribe(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
	};
};

/**
 * Statistics over `records` (e.g. the journal's, across sessions): a firing log fed with them, unbounded;
 * `add` counts more records (this session's, as they come).
 */
export const statsOver = (records: readonly FiringRecord[]): Pick<FiringLog, "add" | "stats" | "carryStats"> => {
	const log = createFiringLog(Number.POSITIVE_INFINITY);
	for (const record of records) log.add(record, 0);
	return log;
};
