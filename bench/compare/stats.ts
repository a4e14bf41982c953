/**
 * One compared figure: the per-round values of the build before and the build after, measured alternately in one
 * run, their medians, and whether after is worse beyond the noise of this run.
 */
import { median, percentile } from "../stats.ts";

/** A figure measured for both builds: milliseconds, one value per round (per pi run or per child run). */
export interface Compared {
	readonly what: string;
	readonly before: readonly number[];
	readonly after: readonly number[];
}

/** How after compares with before: `worse`/`better` only beyond 10% and beyond the spread; `-` when one is missing. */
export type CompareVerdict = "worse" | "better" | "same" | "-";

/** After must differ by more than this fraction of before to count. */
const MARGIN = 0.1;

/** The spread of per-round values: their interquartile range (nearest rank), milliseconds. */
export const spreadOf = (values: readonly number[]): number => percentile(values, 75) - percentile(values, 25);

/**
 * `worse` when after's median is over before's by more than 10% and by more than the larger of the two spreads;
 * `better` the other way round; `same` otherwise; `-` when a side has no value.
 */
export const verdictOf = (row: Compared): CompareVerdict => {
	if (row.before.length === 0 || row.after.length === 0) return "-";
	const before = median(row.before);
	const after = median(row.after);
	const noise = Math.max(spreadOf(row.before), spreadOf(row.after));
	if (after > before * (1 + MARGIN) && after - before > noise) return "worse";
	if (before > after * (1 + MARGIN) && before - after > noise) return "better";
	return "same";
};
