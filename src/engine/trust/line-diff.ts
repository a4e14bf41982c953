/**
 * A short line diff of a covered file between the approved copy and now, for the re-approval dialog: the lines
 * removed (`-`) and added (`+`) in file order, at most a few, then how many more changed. Common leading and
 * trailing lines are dropped first; the middle is compared line by line (longest common subsequence) when it is
 * small, else shown as all removed then all added. Pure.
 */

/** One line of a covered file's diff: removed, added, `skipped` (how many more), or why none can be shown. */
export type DiffLine =
	| { readonly op: "-" | "+"; readonly text: string }
	| { readonly op: "skipped"; readonly count: number }
	| { readonly op: "unknown"; readonly reason: "no_copy" | "binary" | "large" };

/** Changed lines shown per file by default. */
export const DIFF_LINES = 12;

/** Largest middle (lines before x lines after) compared line by line. */
const MAX_CELLS = 250_000;

const split = (text: string): string[] => {
	const lines = text.split("\n");
	if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
	return lines;
};

/** The changed lines of `before` -> `after`, at most `max` of them, then `skipped` with the rest's count. */
export const lineDiff = (before: string, after: string, max: number = DIFF_LINES): DiffLine[] => {
	const a = split(before);
	const b = split(after);
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
		endA -= 1;
		endB -= 1;
	}
	const midA = a.slice(start, endA);
	const midB = b.slice(start, endB);
	const ops: DiffLine[] = [];
	if (midA.length * midB.length > MAX_CELLS) {
		for (const text of midA) ops.push({ op: "-", text });
		for (const text of midB) ops.push({ op: "+", text });
	} else {
		// lcs[i][j]: length of the longest common subsequence of midA[i..] and midB[j..].
		const width = midB.length + 1;
		const lcs = new Uint32Array((midA.length + 1) * width);
		for (let i = midA.length - 1; i >= 0; i -= 1) {
			for (let j = midB.length - 1; j >= 0; j -= 1) {
				lcs[i * width + j] =
					midA[i] === midB[j]
						? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
						: Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
			}
		}
		let i = 0;
		let j = 0;
		while (i < midA.length || j < midB.length) {
			if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
				i += 1;
				j += 1;
			} else if (
				i < midA.length &&
				(j >= midB.length || (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))
			) {
				ops.push({ op: "-", text: midA[i] ?? "" });
				i += 1;
			} else {
				ops.push({ op: "+", text: midB[j] ?? "" });
				j += 1;
			}
		}
	}
	if (ops.length <= max) return ops;
	return [...ops.slice(0, max), { op: "skipped", count: ops.length - max }];
};
