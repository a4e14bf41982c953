/**
 * Measuring helpers for the benchmarks: medians, percentiles, a clock, and the table row every figure returns.
 * Benchmarks only report; nothing here asserts on time.
 */

/** One row of the benchmark table. */
export interface FigureRow {
	/** The figure's number in issue 6 (1-7). */
	readonly figure: number;
	/** What was measured, in a few words. */
	readonly what: string;
	/** The target, or `-` when it sets none. */
	readonly target: string;
	/** The measured value (medians, with units). */
	readonly measured: string;
	/** `met`, `missed`, or `-` when there is no target or nothing was measured. */
	readonly result: "met" | "missed" | "-";
}

/** Median of `values` (the mean of the middle two for an even count); NaN for none. */
export const median = (values: readonly number[]): number => {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1
		? (sorted[middle] as number)
		: ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The `p`-th percentile (0-100) of `values`, nearest rank; NaN for none. */
export const percentile = (values: readonly number[], p: number): number => {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[rank] as number;
};

/** Milliseconds `work` took (performance.now clock). */
export const timeMs = async (work: () => unknown): Promise<number> => {
	const start = performance.now();
	await work();
	return performance.now() - start;
};

/** `ms` milliseconds as `1.23 ms`, `456 ms` or `1.50 s`. */
export const formatMs = (ms: number): string => {
	if (ms < 0) return `-${formatMs(-ms)}`;
	if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
	if (ms >= 100) return `${ms.toFixed(0)} ms`;
	if (ms >= 1) return `${ms.toFixed(2)} ms`;
	return `${(ms * 1000).toFixed(1)} µs`;
};

/** `bytes` as `12.3 MB` or `456 KB` (powers of 1000, as `process.memoryUsage` reports bytes). */
export const formatBytes = (bytes: number): string =>
	Math.abs(bytes) >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(0)} KB`;

/** Runs a full garbage collection when node runs with `--expose-gc`; otherwise does nothing. */
export const collectGarbage = (): void => {
	(globalThis as { gc?: () => void }).gc?.();
};

/** One row of the issue 11 table: measured in the real pi, next to its floor from the same run. */
export interface MainRow {
	readonly what: string;
	readonly target: string;
	/** The figure in the real pi, with its counts. */
	readonly figure: string;
	/** The same measurement without the extension's work (or with a bare spawn in its place). */
	readonly floor: string;
	/** figure / floor. */
	readonly ratio: string;
	readonly result: "met" | "missed" | "-";
	/** The fake-context micro-figure of the same thing (the bench before issue 11), or `-`. */
	readonly fakeContext: string;
	/** Why the figure misses its target, from what this run measured (for rows that miss it). */
	readonly reason?: string;
}

/** `a / b` as `1.07×`. */
export const ratioText = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;
