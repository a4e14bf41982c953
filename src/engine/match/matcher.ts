/**
 * Matcher compilation, as Claude Code matches:
 * `*`, `""` or no matcher match everything; a value of only letters, digits, `_`, `-`, spaces, `,` and `|`
 * is an exact, case-sensitive name or list of names; anything else is a JavaScript regex tested with
 * `.test()` (unanchored).
 */

import type { CompiledMatcher } from "../types.ts";
import { REGEX_HAZARD_TEXT, regexHazard } from "./regex-cost.ts";

const EXACT_LIST = /^[A-Za-z0-9_\- ,|]+$/;

/**
 * Longest tool or source name a regex matcher is tested against; longer values never match. Together with
 * {@link regexHazard} (which refuses exponential and high-polynomial patterns) this bounds a matcher's cost.
 */
export const MAX_MATCH_INPUT_LENGTH = 256;

/** A compiled matcher, or the reason the matcher string is invalid. */
export type MatcherResult =
	| { readonly ok: true; readonly matcher: CompiledMatcher }
	| { readonly ok: false; readonly message: string };

/**
 * Compiles a matcher string from settings. `undefined` and `""` and `"*"` match every value.
 * Returns `{ok:false, message}` for a regex that does not compile or could backtrack for seconds; never throws.
 * The same source gives the same result (remembered: settings repeat a few matchers over many hooks, and the
 * backtracking check is not cheap); a matcher's `test` keeps no state, so hooks may share it.
 */
export const compileMatcher = (source: string | undefined): MatcherResult => {
	if (source === undefined) return compileUncached(source);
	let result = compiled.get(source);
	if (result === undefined) {
		if (compiled.size >= COMPILED_LIMIT) compiled.clear();
		result = compileUncached(source);
		compiled.set(source, result);
	}
	return result;
};

/** Matcher sources remembered by {@link compileMatcher}; past this the memory starts over. */
const COMPILED_LIMIT = 1024;
const compiled = new Map<string, MatcherResult>();

const compileUncached = (source: string | undefined): MatcherResult => {
	if (source === undefined || source === "" || source === "*") {
		return { ok: true, matcher: { source, test: () => true } };
	}
	if (EXACT_LIST.test(source)) {
		const names = new Set(
			source
				.split(/[|,]/)
				.map((name) => name.trim())
				.filter((name) => name !== ""),
		);
		return { ok: true, matcher: { source, test: (value) => names.has(value) } };
	}
	let regex: RegExp;
	try {
		regex = new RegExp(source);
	} catch (error) {
		return {
			ok: false,
			message: `matcher ${JSON.stringify(source)} is not a valid regular expression: ${(error as Error).message}`,
		};
	}
	// The length bound alone does not help: "(a+)+$" takes seconds on 26 characters.
	const hazard = regexHazard(source, MAX_MATCH_INPUT_LENGTH);
	if (hazard !== undefined)
		return { ok: false, message: `matcher ${JSON.stringify(source)} is refused: ${REGEX_HAZARD_TEXT[hazard]}` };
	return {
		ok: true,
		matcher: { source, test: (value) => value.length <= MAX_MATCH_INPUT_LENGTH && regex.test(value) },
	};
};
