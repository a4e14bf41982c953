/**
 * What the hooks cost, per hook and per hook event, over the journal's records across sessions: fires per day,
 * median and 95th-percentile time, the share of the agent's run time they took, hooks whose slow runs come near
 * their timeout, and what goes over a budget. A hook event's time is the longest of its hooks' runs (Claude
 * Code runs the matching hooks of an event in parallel); a hook's time is its own run. Pure.
 */
import type { HookEntry, HookEventName } from "../types.ts";
import type { RecordFacts } from "./firing-record.ts";

/** One agent run of a session (pi's `agent_start` to `agent_settled`), epoch milliseconds. */
export interface RunSpan {
	readonly session: string;
	readonly start: number;
	readonly end: number;
}

/** A record with the session it belongs to. */
export interface CostInput {
	readonly record: RecordFacts;
	readonly session: string;
}

/** What one hook (or one hook event) cost. */
export interface CostRow {
	/** The hook's id, or the hook event's name. */
	readonly key: string;
	readonly event: HookEventName;
	/** The hook (its newest run's entry); absent on a hook event's row. */
	readonly entry?: HookEntry;
	/** How many times it ran (a hook event: how many times one of its hooks ran). */
	readonly fires: number;
	/** `fires` over the days the records span (at least one day). */
	readonly firesPerDay: number;
	/** Median time of one run, in milliseconds. */
	readonly p50Ms: number;
	/** 95th-percentile time of one run, in milliseconds. */
	readonly p95Ms: number;
	/** All its runs' time, in milliseconds. */
	readonly totalMs: number;
	/**
	 * Its time inside agent runs over the time of those runs (0..1), from the journal's run lines; undefined when
	 * no run of the sessions it fired in was recorded.
	 */
	readonly runShare: number | undefined;
	/** The hook's timeout in milliseconds (hook rows only). */
	readonly timeoutMs?: number;
	/** True when its 95th-percentile time is at least {@link NEAR_TIMEOUT} of its timeout. */
	readonly nearTimeout: boolean;
	/** True when its 95th-percentile time is over the budget. */
	readonly overBudget: boolean;
}

/** The cost view's figures. */
export interface CostReport {
	/** Hooks, most total time first. */
	readonly hooks: readonly CostRow[];
	/** Hook events, most total time first. */
	readonly events: readonly CostRow[];
	/** The days the records span (at least 1). */
	readonly days: number;
	/** Agent runs recorded, and their total time in milliseconds. */
	readonly runs: number;
	readonly runMs: number;
}

/** What the report needs besides the records. */
export interface CostOptions {
	/** Epoch milliseconds now (the span of days ends here). */
	readonly now: number;
	/** A run over this many milliseconds (95th percentile) is over the budget. */
	readonly budgetMs: number;
	/** A hook's timeout on an event, in milliseconds (engine/run/handler.ts `hookTimeoutMs`). */
	readonly timeoutMs: (entry: HookEntry, event: HookEventName) => number;
}

/** The share of its timeout a hook's 95th-percentile time may reach before it is marked near its timeout. */
export const NEAR_TIMEOUT = 0.8;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `fraction` percentile of `sorted` (ascending, not empty): nearest rank. */
const rank = (sorted: readonly number[], fraction: number): number =>
	sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;

/** One run's time and when it happened, collected per row. */
interface Sample {
	readonly session: string;
	readonly time: number;
	readonly ms: number;
}

/** The time of `samples` that falls inside an agent run of its session. */
const insideRuns = (samples: readonly Sample[], runsBySession: ReadonlyMap<string, readonly RunSpan[]>): number => {
	let inside = 0;
	for (const sample of samples) {
		const spans = runsBySession.get(sample.session) ?? [];
		if (spans.some((span) => sample.time >= span.start && sample.time <= span.end)) inside += sample.ms;
	}
	return inside;
};

/** The total time of the runs of the sessions `samples` came from. */
const runTimeOf = (samples: readonly Sample[], runsBySession: ReadonlyMap<string, readonly RunSpan[]>): number => {
	let total = 0;
	for (const session of new Set(samples.map((sample) => sample.session)))
		for (const span of runsBySession.get(session) ?? []) total += span.end - span.start;
	return total;
};

/**
 * The cost report of `records` (test runs from the panel left out) and the agent runs `runs`. Rows with no
 * fires are not listed.
 */
export const costReport = (
	records: readonly CostInput[],
	runs: readonly RunSpan[],
	options: CostOptions,
): CostReport => {
	const hookSamples = new Map<string, { entry: HookEntry; event: HookEventName; samples: Sample[] }>();
	const eventSamples = new Map<HookEventName, Sample[]>();
	let first = options.now;
	for (const { record, session } of records) {
		if (record.test === true || record.verdicts.length === 0) continue;
		first = Math.min(first, record.time);
		let longest = 0;
		for (const verdict of record.verdicts) {
			const ms = Math.max(0, verdict.outcome.durationMs);
			longest = Math.max(longest, ms);
			const row = hookSamples.get(verdict.entry.id) ?? { entry: verdict.entry, event: record.event, samples: [] };
			row.entry = verdict.entry;
			row.samples.push({ session, time: record.time, ms });
			hookSamples.set(verdict.entry.id, row);
		}
		const samples = eventSamples.get(record.event) ?? [];
		samples.push({ session, time: record.time, ms: longest });
		eventSamples.set(record.event, samples);
	}
	const days = Math.max(1, (options.now - first) / DAY_MS);
	const runsBySession = new Map<string, RunSpan[]>();
	const valid = runs.filter((span) => span.end >= span.start);
	for (const span of valid) {
		const list = runsBySession.get(span.session) ?? [];
		list.push(span);
		runsBySession.set(span.session, list);
	}
	const row = (key: string, event: HookEventName, samples: readonly Sample[], entry?: HookEntry): CostRow => {
		const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
		const p95Ms = rank(sorted, 0.95);
		const runTime = runTimeOf(samples, runsBySession);
		const timeoutMs = entry === undefined ? undefined : options.timeoutMs(entry, event);
		return {
			key,
			event,
			...(entry === undefined ? {} : { entry }),
			fires: samples.length,
			firesPerDay: samples.length / days,
			p50Ms: rank(sorted, 0.5),
			p95Ms,
			totalMs: sorted.reduce((sum, ms) => sum + ms, 0),
			runShare: runTime > 0 ? Math.min(1, insideRuns(samples, runsBySession) / runTime) : undefined,
			...(timeoutMs === undefined ? {} : { timeoutMs }),
			nearTimeout: timeoutMs !== undefined && timeoutMs > 0 && p95Ms >= NEAR_TIMEOUT * timeoutMs,
			overBudget: p95Ms > options.budgetMs,
		};
	};
	const byTotal = (a: CostRow, b: CostRow): number => b.totalMs - a.totalMs || a.key.localeCompare(b.key);
	return {
		hooks: [...hookSamples].map(([id, item]) => row(id, item.event, item.samples, item.entry)).sort(byTotal),
		events: [...eventSamples].map(([event, samples]) => row(event, event, samples)).sort(byTotal),
		days,
		runs: valid.length,
		runMs: valid.reduce((sum, span) => sum + (span.end - span.start), 0),
	};
};
