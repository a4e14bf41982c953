/**
 * The one terminal-safe text function: text that comes from a settings file, a hook's output or a tool input
 * is passed through it before it is shown anywhere (notices, dialogs, cards, the panel, print-mode stderr), so
 * it cannot send escape sequences (OSC 52 clipboard writes, title changes, cursor moves), reorder itself with
 * bidi overrides, hide characters, or break lines where the reader does not see a line end.
 */

/**
 * Characters written as escapes: C0 controls and DEL, C1 controls (U+0080-U+009F, which include the 8-bit CSI
 * and OSC), the bidi marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069), zero-width and invisible characters (U+00AD, U+180E, U+200B-U+200D, U+2060-U+2064, U+FEFF)
 * and the line and paragraph separators U+2028, U+2029.
 */
const UNSAFE =
	/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Same set without `\n` and `\t`, for text that keeps its line breaks and tabs (hook text for the model). */
const UNSAFE_KEEP_LINES_AND_TABS =
	/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Same set without `\n`, for text that keeps its line breaks. */
const UNSAFE_KEEP_LINES =
	/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const escapeChar = (char: string): string => {
	switch (char) {
		case "\n":
			return "\\n";
		case "\r":
			return "\\r";
		case "\t":
			return "\\t";
		case "\u001b":
			return "\\e";
		default: {
			const code = char.charCodeAt(0);
			return code <= 0xff
				? `\\x${code.toString(16).padStart(2, "0")}`
				: `\\u${code.toString(16).padStart(4, "0")}`;
		}
	}
};

/** Options of {@link terminalSafe}. */
export interface TerminalSafeOptions {
	/** Keep `\n` as a line break (multi-line notices and details); default false: every `\n` becomes `\\n`. */
	readonly keepNewlines?: boolean;
	/** With `keepNewlines`, also keep `\t` (text the model reads, where a tab is layout, not a trick). */
	readonly keepTabs?: boolean;
}

/**
 * `text` with every unsafe character written as a visible escape (`\e`, `\r`, `\t`, `\x9b`, `\u202e`), so the
 * reader sees exactly the characters that are there and the terminal receives no control sequence. Pure; never
 * throws; text without such characters is returned unchanged (the same string).
 */
export const terminalSafe = (text: string, options: TerminalSafeOptions = {}): string =>
	text.replace(
		options.keepNewlines ? (options.keepTabs ? UNSAFE_KEEP_LINES_AND_TABS : UNSAFE_KEEP_LINES) : UNSAFE,
		escapeChar,
	);
