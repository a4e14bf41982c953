/**
 * The firing log's filter query: words that must all appear (case-insensitive substrings) in a row, each
 * either anywhere (`rm`) or in one field (`event:pre`, `hook:guard`, `decision:deny`, `input:git`,
 * `session:3f2a`), plus time bounds (`since:10m`, `since:2026-11-30`, `until:14:00`). Substring words make
 * a query that extends another narrow its result, so the log filters incrementally. Pure.
 */

/** The row fields a word can name. */
export const QUERY_FIELDS = ["event", "input", "hook", "decision", "session"] as const;

/** One of {@link QUERY_FIELDS}. */
export type QueryField = (typeof QUERY_FIELDS)[number];

/** One word of a query. */
export type QueryWord =
	| { readonly kind: "text"; readonly field: QueryField | undefined; readonly value: string }
	| { readonly kind: "since" | "until"; readonly value: string; readonly time: number | undefined };

/** A parsed query. */
export interface LogQuery {
	readonly text: string;
	readonly words: readonly QueryWord[];
}

/** What a row offers the query: lower-cased field texts and its time. */
export interface QueryRow {
	readonly lower: Readonly<Record<QueryField, string>>;
	readonly time: number;
}

const UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A time bound: `10m`, `2h`, `7d`, `30s` before `now`; `14:05` (today, local time); or anything `Date.parse`
 * reads (`2026-11-30`, `2026-11-30T09:00`). Undefined when it is none of these (the word then matches nothing).
 */
export const parseTimeBound = (value: string, now: number): number | undefined => {
	const relative = /^(\d+(?:\.\d+)?)([smhd])$/.exec(value);
	if (relative) return now - Number(relative[1]) * (UNITS[relative[2] ?? "s"] ?? 1000);
	const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
	if (clock) {
		const date = new Date(now);
		date.setHours(Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0), 0);
		return date.getTime();
	}
	const parsed = Date.parse(value);
	return Number.isNaN(parsed) ? undefined : parsed;
};

/** Parses a query typed into the filter; `now` anchors relative times. */
export const parseLogQuery = (text: string, now: number): LogQuery => {
	const words: QueryWord[] = [];
	for (const raw of text.trim().split(/\s+/)) {
		if (raw === "") continue;
		const colon = raw.indexOf(":");
		const name = colon > 0 ? raw.slice(0, colon).toLowerCase() : "";
		const value = colon > 0 ? raw.slice(colon + 1) : raw;
		if (name === "since" || name === "until") {
			words.push({ kind: name, value, time: parseTimeBound(value, now) });
		} else if ((QUERY_FIELDS as readonly string[]).includes(name)) {
			words.push({ kind: "text", field: name as QueryField, value: value.toLowerCase() });
		} else {
			words.push({ kind: "text", field: undefined, value: raw.toLowerCase() });
		}
	}
	return { text, words };
};

const matchesWord = (row: QueryRow, word: QueryWord): boolean => {
	if (word.kind !== "text") {
		if (word.time === undefined) return false;
		return word.kind === "since" ? row.time >= word.time : row.time <= word.time;
	}
	if (word.field !== undefined) return row.lower[word.field].includes(word.value);
	const { lower } = row;
	return (
		lower.event.includes(word.value) ||
		lower.input.includes(word.value) ||
		lower.hook.includes(word.value) ||
		lower.decision.includes(word.value)
	);
};

/** True when `row` satisfies every word of `query` (an empty query matches every row). */
export const matchesQuery = (row: QueryRow, query: LogQuery): boolean => {
	for (const word of query.words) if (!matchesWord(row, word)) return false;
	return true;
};

/**
 * True when every row matching `next` also matches `previous`, judged from the words alone: `next` keeps
 * the words of `previous`, may lengthen its last text word (same field), and may add words. Then the
 * previous result only needs narrowing. Time words never count as lengthened (`since:1` -> `since:10`
 * widens).
 */
export const narrows = (previous: LogQuery, next: LogQuery): boolean => {
	const before = previous.words;
	const after = next.words;
	if (after.length < before.length) return false;
	for (let index = 0; index < before.length; index++) {
		const old = before[index];
		const now = after[index];
		if (old === undefined || now === undefined) return false;
		if (old.kind !== now.kind) return false;
		if (old.kind !== "text" || now.kind !== "text") {
			if (old.value !== now.value) return false;
			continue;
		}
		if (old.field !== now.field) return false;
		const last = index === before.length - 1;
		if (last ? !now.value.includes(old.value) : now.value !== old.value) return false;
	}
	return true;
};

/**
 * Where the words of `query` appear in `text` (the field `field` of a row): `[start, end]` inclusive ranges
 * for highlighting. Only text words count; a lower-casing that changes the length gives no ranges.
 */
export const queryRanges = (
	text: string,
	field: QueryField,
	query: LogQuery,
): readonly (readonly [number, number])[] => {
	const lower = text.toLowerCase();
	if (lower.length !== text.length) return [];
	const ranges: [number, number][] = [];
	for (const word of query.words) {
		if (word.kind !== "text" || word.value === "") continue;
		if (word.field !== undefined && word.field !== field) continue;
		const at = lower.indexOf(word.value);
		if (at >= 0) ranges.push([at, at + word.value.length - 1]);
	}
	return ranges;
};
