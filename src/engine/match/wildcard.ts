/**
 * `*`-only wildcard matching (the bash `if` rules' `git push *`) without regular expressions: a regex built from
 * the pattern backtracks polynomially (`*a*a*a*b` on a long command took minutes); this takes O(text x pattern).
 */

/**
 * True when `text` matches `pattern` as a whole, where `*` stands for any run of characters (newlines
 * included) and every other character for itself. Never throws.
 */
export const matchWildcard = (pattern: string, text: string): boolean => {
	const parts = pattern.split("*");
	if (parts.length === 1) return text === pattern;
	const first = parts[0] ?? "";
	const last = parts[parts.length - 1] ?? "";
	if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
	// Each middle part is taken at its leftmost place after the previous one: if any placement works, that one does.
	let position = first.length;
	const end = text.length - last.length;
	for (const part of parts.slice(1, -1)) {
		const found = text.indexOf(part, position);
		if (found === -1 || found + part.length > end) return false;
		position = found + part.length;
	}
	return true;
};
