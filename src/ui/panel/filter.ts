/**
 * The panel's filter: fuse.js fuzzy search over named text fields of each row (event, matcher, command,
 * source), keeping the rows in their order, and the matched character ranges for highlighting. Pure.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import Fuse from "fuse.js";
import { fitMiddleParts, fitParts } from "./format.ts";

/** Matched character ranges `[start, end]` (inclusive, UTF-16 indices) in one field. */
export type MatchRanges = readonly (readonly [number, number])[];

/** A row that matched, with the ranges per field; `ranges` is empty for an empty query. */
export interface FilterMatch<T, K extends string> {
	readonly item: T;
	readonly ranges: Partial<Record<K, MatchRanges>>;
}

/** fuse.js options: typo-tolerant per word, every word must match some field, results in row order. */
const FUSE_OPTIONS = {
	includeMatches: true,
	ignoreLocation: true,
	threshold: 0.2,
	shouldSort: false,
	useTokenSearch: true,
	tokenMatch: "all",
} as const;

/**
 * The items matching `query` in their original order. `fields` gives each item's searchable text by field
 * name. An empty or blank query matches everything.
 */
export const fuzzyFilter = <T, K extends string>(
	items: readonly T[],
	query: string,
	keys: readonly K[],
	fields: (item: T) => Readonly<Record<K, string>>,
): FilterMatch<T, K>[] => {
	if (query.trim() === "") return items.map((item) => ({ item, ranges: {} }));
	const docs = items.map(fields);
	const fuse = new Fuse(docs, { ...FUSE_OPTIONS, keys: [...keys] });
	return fuse
		.search(query.trim())
		.sort((a, b) => a.refIndex - b.refIndex)
		.map((result) => {
			const ranges: Partial<Record<K, MatchRanges>> = {};
			for (const match of result.matches ?? []) {
				const key = match.key as K | undefined;
				if (key === undefined) continue;
				ranges[key] = [...(ranges[key] ?? []), ...match.indices];
			}
			return { item: items[result.refIndex] as T, ranges };
		});
};

/**
 * Plain `text` fitted into `width` columns (see {@link fit}) with the characters in `ranges` styled by `mark`.
 * Ranges beyond the cut are dropped; the result is exactly `width` columns wide.
 */
export const highlightFit = (
	text: string,
	width: number,
	ranges: MatchRanges | undefined,
	mark: (text: string) => string,
): string => {
	const { kept, tail } = fitParts(text, width);
	if (ranges === undefined || ranges.length === 0) return kept + tail;
	const cut = kept.length;
	const marked = new Array<boolean>(cut).fill(false);
	for (const [start, end] of ranges) {
		for (let index = Math.max(0, start); index <= Math.min(end, cut - 1); index++) marked[index] = true;
	}
	let out = "";
	let index = 0;
	while (index < cut) {
		let next = index;
		while (next < cut && marked[next] === marked[index]) next++;
		const piece = kept.slice(index, next);
		out += marked[index] ? mark(piece) : piece;
		index = next;
	}
	return out + tail;
};

/** Like {@link highlightFit}, but a long text is cut in the middle (see {@link fitMiddleParts}). */
export const highlightFitMiddle = (
	text: string,
	width: number,
	ranges: MatchRanges | undefined,
	mark: (text: string) => string,
): string => {
	const { line, pieces } = fitMiddleParts(text, width);
	const [first, second] = pieces;
	if (ranges === undefined || ranges.length === 0 || first === undefined) return line;
	if (second === undefined) return highlightFit(text, width, ranges, mark);
	const front = text.slice(first.start, first.end);
	const back = text.slice(second.start, second.end);
	const backRanges = ranges
		.map(([start, end]) => [start - second.start, end - second.start] as const)
		.filter(([, end]) => end >= 0);
	const rest = line.slice(front.length + 3 + back.length);
	return (
		highlightFit(front, visibleWidth(front), ranges, mark) +
		"..." +
		highlightFit(back, visibleWidth(back), backRanges, mark) +
		rest
	);
};
