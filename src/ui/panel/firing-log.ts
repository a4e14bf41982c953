/**
 * The panel's memory of what fired: the last firing records (bounded, newest first) and per-hook statistics
 * for the whole session (runs, blocks, errors, timeouts, recent durations). Pure data; no pi, no I/O.
 */
import type { FiringRecord } from "../../engine/engine.ts";
import type { HookVerdict } from "../../engine/interpret.ts";
import { percentile } from "./format.ts";

/** Records kept by default; older ones are dropped (statistics keep counting). */
export const DEFAULT_LOG_LIMIT = 500;

/** Durations kept per hook for the median and 95th percentile. */
export const DURATION_SAMPLES = 1000;

/**
 * What one hook run decided, as the log shows it:
 * `deny`/`ask`/`allow`/`defer` (PreToolUse permission decisions), `block` (exit 2 or `decision: "block"`),
 * `stop` (`continue: false`), `ok` (ran, decided nothing), `error`, `timeout`, `cancelled`.
 */
export type RunDecision =
	| "deny"
	| "ask"
	| "allow"
	| "defer"
	| "block"
	| "stop"
	| "ok"
	| "error"
	| "timeout"
	| "cancelled";

/** The decision of one verdict, read from its effects: its permission decision first, then a block, `continue: false`. */
export const verdictDecision = (verdict: HookVerdict): RunDecision => {
	let decision: RunDecision = "ok";
	for (const effect of verdict.effects) {
		switch (effect.kind) {
			case "failed":
				return effect.why;
			case "warning":
				// Output that looked like JSON but did not parse: a failure, as its card says (not `ok`).
				return "error";
			case "deny":
				if (effect.legacy) decision = "block";
				else return "deny";
				break;
			case "allow":
				if (!effect.legacy) return "allow";
				if (decision === "ok") decision = "allow";
				break;
			case "ask":
			case "defer":
				return effect.kind;
			case "block":
				if (verdict.status === "blocking") return "block";
				decision = "block";
				break;
			case "stop":
				if (decision !== "block") decision = "stop";
				break;
		}
	}
	return decision;
};

/** True for decisions that stopped something (counted as blocks). */
export const isBlock = (decision: RunDecision): boolean =>
	decision === "block" || decision === "deny" || decision === "stop";

/** Exit code of a run; undefined when the process did not exit on its own (timeout, signal, no process). */
export const verdictExit = (verdict: HookVerdict): number | undefined =>
	verdict.outcome.kind === "exited" ? verdict.outcome.code : undefined;

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
	readonly last: { readonly decision: RunDecision; readonly time: number; readonly durationMs: number } | undefined;
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
	/** Adds one record (from the engine's `onRecord`) and notifies listeners. */
	add(record: FiringRecord): void;
	/** The kept records, newest first. */
	records(): readonly FiringRecord[];
	/** Statistics of the hook with this id ({@link NO_STATS} when it never ran). */
	stats(id: string): HookStats;
	/** Calls `listener` after every `add`; returns the function that removes it. */
	subscribe(listener: () => void): () => void;
}

/** Creates an empty firing log that keeps at most `limit` records. */
export const createFiringLog = (limit = DEFAULT_LOG_LIMIT): FiringLog => {
	let kept: FiringRecord[] = [];
	const byHook = new Map<string, MutableStats>();
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
		const decision = verdictDecision(verdict);
		stats.runs++;
		if (isBlock(decision)) stats.blocks++;
		if (decision === "error") stats.errors++;
		if (decision === "timeout") stats.timeouts++;
		stats.durations.push(verdict.outcome.durationMs);
		if (stats.durations.length > DURATION_SAMPLES) stats.durations.shift();
		stats.last = { decision, time, durationMs: verdict.outcome.durationMs };
		byHook.set(verdict.entry.id, stats);
	};
	return {
		add(record) {
			kept = [record, ...kept].slice(0, limit);
			for (const verdict of record.verdicts) count(verdict, record.time);
			for (const listener of listeners) listener();
		},
		records: () => kept,
		stats(id) {
			const stats = byHook.get(id);
			if (stats === undefined) return NO_STATS;
			const { durations, ...counts } = stats;
			return { ...counts, medianMs: percentile(durations, 0.5), p95Ms: percentile(durations, 0.95) };
		},
		subscribe(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
	};
};
