/**
 * Worst-case cost of a backtracking regular expression, read from its source. Nested repetition (`(a+)+`,
 * `(a|aa)*`) takes exponential time on an input that almost matches; repetitions and optional parts in a row
 * (`.*a.*b`, `a?a?a?...`) multiply the ways a failing match is retried. Used to refuse matchers that could hang pi.
 */
/**
 * Largest backtracking budget a regex may have, in bits: log2 of the ways its repetitions in a row can split an
 * input. `*` or `+` costs log2 of the longest input + 1 (8 bits for 256 characters), `?` 1 bit, `{2,5}` log2(4)
 * = 2 bits. The budget is two unbounded repetitions (`.*a.*b`) plus 2 bits (`\w+\s?\w+`, `(a|b)?c*d*`).
 */
const backtrackBudget = (longest: number): number => 2 * Math.log2(longest + 1) + 2;

interface Frame {
	/** Bits of the current alternative. */
	current: number;
	/** Largest bits of the finished alternatives. */
	best: number;
	/** Alternatives so far (1 without `|`). */
	branches: number;
	/** True once the group has any quantifier, `?` and `{n,m}` included. */
	quantified: boolean;
}

interface Quantifier {
	/** How many different repetition counts it allows, capped at the longest input + 1 (1 = none). */
	readonly choices: number;
	/** True when it can repeat its atom more than once. */
	readonly repeats: boolean;
	/** Index of the next token. */
	readonly next: number;
}

/** The quantifier at `source[index]`, if any; repetition counts are capped at `longest + 1`. */
const readQuantifier = (source: string, index: number, longest: number): Quantifier => {
	const none: Quantifier = { choices: 1, repeats: false, next: index };
	const char = source[index];
	let quantifier: Quantifier;
	if (char === "*" || char === "+") quantifier = { choices: longest + 1, repeats: true, next: index + 1 };
	else if (char === "?") quantifier = { choices: 2, repeats: false, next: index + 1 };
	else if (char === "{") {
		const counted = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index, index + 32));
		if (counted === null) return none;
		const min = Number(counted[1]);
		const max = counted[2] === undefined ? min : counted[3] === "" ? Number.POSITIVE_INFINITY : Number(counted[3]);
		const choices = Math.min(Math.max(max - min + 1, 1), longest + 1);
		quantifier = { choices, repeats: max > 1, next: index + counted[0].length };
	} else return none;
	// The lazy form (`*?`) costs the same.
	return source[quantifier.next] === "?" ? { ...quantifier, next: quantifier.next + 1 } : quantifier;
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
 * Why a regex is refused, as a code: `nested_repetition` (a repeated group that itself repeats or has
 * alternatives: exponential time), `repetition_run` (more repetitions and optional parts in a row than the budget).
 */
export type RegexHazard = "nested_repetition" | "repetition_run";

/** The words the user reads for each {@link RegexHazard}. */
export const REGEX_HAZARD_TEXT: Readonly<Record<RegexHazard, string>> = {
	nested_repetition:
		'it repeats a group that itself repeats or has alternatives (like "(a+)+" or "(a|aa)*"), which can take ' +
		"exponential time",
	repetition_run:
		'it has too many repetitions and optional parts in a row (at most about ".*a.*b"), which can take seconds on ' +
		"a long input",
};

const newFrame = (): Frame => ({ current: 0, best: 0, branches: 1, quantified: false });

/**
 * Why, as a code, `source` (a regex that compiles) may take exponential or high-polynomial time on inputs of at
 * most `longest` characters, or undefined when it is safe: a repeated group that itself repeats or has
 * alternatives, or more than two unbounded repetitions' worth of repetitions and optional parts in a row.
 * Conservative: some refused patterns are harmless (`(Edit|Write)+`); an accepted one backtracks at most about as
 * much as `.*a.*b`. Never throws.
 */
export const regexHazard = (source: string, longest: number): RegexHazard | undefined => {
	const budget = backtrackBudget(longest);
	const stack: Frame[] = [newFrame()];
	let index = 0;
	while (index < source.length) {
		const char = source[index];
		const frame = stack[stack.length - 1] as Frame;
		// The atom at `index`: its bits, and whether it is a group with inner repetition or alternatives.
		let atom = { bits: 0, complex: false };
		if (char === "(") {
			stack.push(newFrame());
			index = skipGroupPrefix(source, index + 1);
			continue;
		}
		if (char === "|") {
			frame.best = Math.max(frame.best, frame.current);
			frame.current = 0;
			frame.branches += 1;
			index++;
			continue;
		}
		if (char === ")" && stack.length > 1) {
			stack.pop();
			const bits = Math.max(frame.best, frame.current) + Math.log2(frame.branches);
			atom = { bits, complex: bits > 0 || frame.quantified };
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
		const quantifier = readQuantifier(source, index, longest);
		index = quantifier.next;
		const parent = stack[stack.length - 1] as Frame;
		if (quantifier.repeats && atom.complex) return "nested_repetition";
		if (quantifier.choices > 1) parent.quantified = true;
		parent.current += atom.bits + Math.log2(quantifier.choices);
		if (parent.current > budget + 1e-9) return "repetition_run";
	}
	return undefined;
};
