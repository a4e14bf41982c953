/**
 * The firing log tab's rows and filter result, kept up to date incrementally so the tab stays fast at
 * 100,000 rows: new records become rows once and only they are tested against the current query (old
 * records slimmed or dropped past the log's budget rebuild the rows, rarely); a query that extends the previous one
 * narrows the previous result; an earlier query (Backspace) is taken back from a small cache. Rows of earlier sessions
 * (the journal) come before the live ones. Pure data.
 */
import type { FiringRecord } from "../../engine/engine.ts";
import type { FiringLog } from "./firing-log.ts";
import { type LogQuery, matchesQuery, narrows, parseLogQuery, type QueryField, type QueryRow } from "./log-query.ts";
import { buildLogRows, type LogRow } from "./log-rows.ts";

/** A log row as the index keeps it: its position `n` (increasing, oldest first) and its lower-cased fields. */
export interface IndexedRow extends QueryRow {
	readonly n: number;
	readonly row: LogRow;
	/** Ordinal of the row's record in the live firing log; -1 for a row of an earlier session. */
	readonly ordinal: number;
}

/** Earlier queries remembered for Backspace. */
const CACHED_QUERIES = 32;

const indexRow = (row: LogRow, n: number, ordinal: number): IndexedRow => {
	const lower: Record<QueryField, string> = {
		event: row.event.toLowerCase(),
		input: row.input.toLowerCase(),
		hook: row.hook.toLowerCase(),
		decision: row.decision.toLowerCase(),
		session: (row.session ?? "").toLowerCase(),
	};
	return { n, row, ordinal, lower, time: row.record.time };
};

/** The rows of the log tab and the current filter result. */
export class LogIndex {
	private history: IndexedRow[] = [];
	private live: IndexedRow[] = [];
	private matched: IndexedRow[] = [];
	private query: LogQuery = parseLogQuery("", 0);
	private ingested = 0;
	private generation = 0;
	private nextN = 0;
	private cache: { readonly query: LogQuery; readonly matched: IndexedRow[]; readonly upTo: number }[] = [];
	private liveSession: string | undefined;

	/** `liveSession` is the id of the running session, shown on its rows once earlier sessions are loaded. */
	constructor(liveSession?: string) {
		this.liveSession = liveSession;
	}

	/** How many times a row was tested against a query (the work filtering did), for tests and the bench. */
	tested = 0;

	private test(row: IndexedRow, query: LogQuery): boolean {
		this.tested++;
		return matchesQuery(row, query);
	}

	/** The rows matching the current query, oldest first. */
	matches(): readonly IndexedRow[] {
		return this.matched;
	}

	/** Every row (history and live), matching or not. */
	size(): number {
		return this.history.length + this.live.length;
	}

	/** The current query text. */
	queryText(): string {
		return this.query.text;
	}

	/** The parsed current query. */
	currentQuery(): LogQuery {
		return this.query;
	}

	/**
	 * Takes in the live log's records added since the last call: each becomes rows once, and only those rows
	 * are tested against the query. Returns true when anything changed. A new log generation (old records
	 * slimmed or dropped for the byte budget) rebuilds the live rows.
	 */
	sync(log: FiringLog): boolean {
		if (log.generation() !== this.generation) {
			this.rebuildLive(log);
			return true;
		}
		if (log.added() === this.ingested) return false;
		const fresh = this.appendLive(log.since(this.ingested), Math.max(this.ingested, log.firstKept()));
		this.ingested = log.added();
		for (const row of fresh) if (this.test(row, this.query)) this.matched.push(row);
		return true;
	}

	/** Replaces the rows of earlier sessions (oldest first, each with its session id) and filters again. */
	setHistory(records: readonly { readonly record: FiringRecord; readonly session: string }[], log: FiringLog): void {
		this.nextN = 0;
		this.history = [];
		for (const { record, session } of records) {
			for (const row of buildLogRows([record], session)) this.history.push(indexRow(row, this.nextN++, -1));
		}
		this.rebuildLive(log);
	}

	/** True when rows of earlier sessions are in the index. */
	hasHistory(): boolean {
		return this.history.length > 0;
	}

	/** Applies a new query text; `now` anchors relative times (`since:10m`). */
	setQuery(text: string, now: number): void {
		if (text === this.query.text) return;
		const next = parseLogQuery(text, now);
		const previous = this.query;
		this.remember(previous, this.matched);
		const cached = this.cache.find((entry) => entry.query.text === text);
		if (narrows(previous, next)) {
			this.matched = this.matched.filter((row) => this.test(row, next));
		} else if (cached !== undefined) {
			// Rows that arrived after it was cached are tested now.
			this.matched = [...cached.matched, ...this.after(cached.upTo).filter((row) => this.test(row, next))];
		} else {
			this.matched = this.all().filter((row) => this.test(row, next));
		}
		this.query = next;
	}

	private remember(query: LogQuery, matched: IndexedRow[]): void {
		this.cache = this.cache.filter((entry) => entry.query.text !== query.text);
		this.cache.push({ query, matched, upTo: this.nextN });
		if (this.cache.length > CACHED_QUERIES) this.cache.shift();
	}

	private after(n: number): IndexedRow[] {
		const rows = this.all();
		let low = 0;
		let high = rows.length;
		while (low < high) {
			const mid = (low + high) >> 1;
			if ((rows[mid]?.n ?? 0) < n) low = mid + 1;
			else high = mid;
		}
		return rows.slice(low);
	}

	private all(): IndexedRow[] {
		return this.history.length === 0 ? this.live : [...this.history, ...this.live];
	}

	private appendLive(records: readonly FiringRecord[], firstOrdinal: number): IndexedRow[] {
		const fresh: IndexedRow[] = [];
		const session = this.history.length > 0 ? this.liveSession : undefined;
		records.forEach((record, offset) => {
			for (const row of buildLogRows([record], session)) {
				const indexed = indexRow(row, this.nextN++, firstOrdinal + offset);
				this.live.push(indexed);
				fresh.push(indexed);
			}
		});
		return fresh;
	}

	private rebuildLive(log: FiringLog): void {
		this.live = [];
		this.cache = [];
		this.generation = log.generation();
		this.appendLive(log.since(log.firstKept()), log.firstKept());
		this.ingested = log.added();
		this.matched = this.all().filter((row) => this.test(row, this.query));
	}
}
