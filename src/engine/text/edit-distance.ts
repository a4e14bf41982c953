/** How far apart two short names are, for "did you mean" hints. */

/**
 * The Levenshtein distance of `a` and `b` (insertions, deletions and substitutions of one UTF-16 unit each),
 * stopping early with `limit + 1` once every path is longer than `limit`. O(|a|·|b|) time, O(|b|) memory.
 */
export const editDistance = (a: string, b: string, limit = Number.POSITIVE_INFINITY): number => {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const row = [i];
		let best = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			const value = Math.min(
				(previous[j] as number) + 1,
				(row[j - 1] as number) + 1,
				(previous[j - 1] as number) + cost,
			);
			row.push(value);
			best = Math.min(best, value);
		}
		if (best > limit) return limit + 1;
		previous = row;
	}
	return previous[b.length] as number;
};
