/**
 * Worst-case cost of a backtracking regular expression, read from its source. Nested repetition (`(a+)+`,
 * `(a|aa)*`) takes exponential time on an input that almost matches; each unbounded repetition in a row
 * (`.*a.*b`) multiplies the work by the input length. Used to refuse matchers that could hang pi.
 */

/** Most unbounded repetitions (`*`, `+`, `{n,}`) in a row a matcher may have; `.*a.*b` has 2. */
export const MAX_REPETITIONS_IN_A_ROW = 2;

interface Frame {
	/** Repetitions in a row in the current alternative. */
	current: number;
	/** Largest count of the finished alternatives. */
	best: number;
	/** True once the group has a `|`. */
	alternation: boolean;
	/** True once the group has any quantifier, `?` and `{n,m}` included. */
	quantified: boolean;
}

/** What the quantifier at `source[index]` is, and where the next token starts. */
type QuantifierKind = "none" | "optional" | "bounded" | "unbounded";

const readQuantifier = (source: string, index: number): { kind: QuantifierKind; next: number } => {
	const char = source[index];
	let kind: QuantifierKind = "none";
	let next = index + 1;
	if (char === "*" || char === "+") kind = "unbounded";
	else if (char === "?") kind = "optional";
	else if (char === "{") {
		const counted = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index, index + 32));
		if (counted === null) return { kind: "none", next: index };
		next = index + counted[0].length;
		if (counted[2] !== undefined && counted[3] === "") kind = "unbounded";
		else kind = Number(counted[3] ?? counted[1]) > 1 ? "bounded" : "optional";
	} else return { kind: "none", next: index };
	if (source[next] === "?") next++; // lazy form: same cost
	return { kind, next };
};

/** Index after the `(?:`, `(?=`, `(?<name>`... prefix of a group whose `(` is at `index - 1`. */
const skipGroupPrefix = (source: string, index: number): number => {
	if (source[index] !== "?") return index;
	if (source[index + 1] === "<" && source[index + 2] !== "=" && source[index + 2] !== "!") {
		const close = source.indexOf(">", index);
		return close === -1 ? index + 1 : close + 1;
	}
	return source[index + 1] === "<" ? index + 3 : index + 2;
};

/**
 * Why `source` (a regex that compiles) may take exponential or high-polynomial time, or undefined when it is
 * safe: a repeated group that itself repeats or has alternatives, or more than
 * {@link MAX_REPETITIONS_IN_A_ROW} unbounded repetitions in a row. Conservative: some refused patterns are
 * harmless (`(Edit|Write)+`), none of the accepted ones can backtrack exponentially. Never throws.
 */
export const regexHazard = (source: string): string | undefined => {
	const stack: Frame[] = [{ current: 0, best: 0, alternation: false, quantified: false }];
	let index = 0;
	while (index < source.length) {
		const char = source[index];
		const frame = stack[stack.length - 1] as Frame;
		// The atom at `index`: its repetition count and whether it is a group with inner repetition or alternatives.
		let atom = { count: 0, complex: false };
		if (char === "(") {
			stack.push({ current: 0, best: 0, alternation: false, quantified: false });
			index = skipGroupPrefix(source, index + 1);
			continue;
		}
		if (char === "|") {
			frame.best = Math.max(frame.best, frame.current);
			frame.current = 0;
			frame.alternation = true;
			index++;
			continue;
		}
		if (char === ")" && stack.length > 1) {
			stack.pop();
			const inner = Math.max(frame.best, frame.current);
			atom = { count: inner, complex: inner > 0 || frame.alternation || frame.quantified };
			index++;
		} else if (char === "\\") {
			index += 2;
		} else if (char === "[") {
			let end = index + 1;
			while (end < source.length && source[end] !== "]") end += source[end] === "\\" ? 2 : 1;
			index = end + 1;
		} else {
			index++;
		}
		const quantifier = readQuantifier(source, index);
		index = quantifier.next;
		const parent = stack[stack.length - 1] as Frame;
		if ((quantifier.kind === "unbounded" || quantifier.kind === "bounded") && atom.complex) {
			return 'it repeats a group that itself repeats or has alternatives (like "(a+)+" or "(a|aa)*"), which can take exponential time';
		}
		if (quantifier.kind !== "none") parent.quantified = true;
		parent.current += atom.count + (quantifier.kind === "unbounded" ? 1 : 0);
		if (parent.current > MAX_REPETITIONS_IN_A_ROW) {
			const limit = MAX_REPETITIONS_IN_A_ROW;
			return `it has more than ${limit} unbounded repetitions (*, +, {n,}) in a row, which can take seconds on a long name`;
		}
	}
	return undefined;
};
