/**
 * The one terminal-safe text function: text that comes from a settings file, a hook's output or a tool input
 * is passed through it before it is shown anywhere (notices, dialogs, cards, the panel, print-mode stderr), so
 * it cannot send escape sequences (OSC 52 clipboard writes, title changes, cursor moves), reorder itself with
 * bidi overrides, hide characters (tag characters, variation selectors, fillers, odd spaces, overlays), or break
 * lines where the reader does not see a line end. The characters are data: {@link HIDDEN_CHARACTERS}.
 */

/** Why a character is written as an escape: the class of {@link HIDDEN_CHARACTERS} it belongs to. */
export type HiddenClass =
	| "control"
	| "bidi"
	| "zero_width"
	| "invisible_format"
	| "tag"
	| "variation_selector"
	| "filler"
	| "odd_space"
	| "combining_overlay"
	| "interlinear_annotation"
	| "musical_format"
	| "line_separator"
	| "lone_surrogate";

/** The words for each {@link HiddenClass} in a notice. */
export const HIDDEN_CLASS_WORDS: Readonly<Record<HiddenClass, string>> = {
	control: "control characters",
	bidi: "bidi controls",
	zero_width: "zero-width characters",
	invisible_format: "invisible format characters",
	tag: "tag characters",
	variation_selector: "variation selectors",
	filler: "blank fillers",
	odd_space: "odd spaces",
	combining_overlay: "combining overlays",
	interlinear_annotation: "interlinear annotation marks",
	musical_format: "musical format controls",
	line_separator: "line separators",
	lone_surrogate: "lone surrogates",
};

/** One class of characters a reader cannot see as they are: inclusive code point ranges `[first, last]`. */
export interface HiddenCharacters {
	readonly class: HiddenClass;
	readonly ranges: readonly (readonly [number, number])[];
}

/**
 * Every character written as an escape, by class. Each one is invisible, looks like something else (a blank, a
 * plain letter), changes how the text around it is drawn, or is read by a terminal or a model as something the
 * reader does not see (tag characters spell ASCII text no font draws).
 */
export const HIDDEN_CHARACTERS: readonly HiddenCharacters[] = [
	// C0 controls and DEL; C1 controls (U+0080-U+009F: the 8-bit CSI and OSC, NEL).
	{
		class: "control",
		ranges: [
			[0x00, 0x1f],
			[0x7f, 0x9f],
		],
	},
	// Arabic letter mark, LRM, RLM, embeddings and overrides, isolates.
	{
		class: "bidi",
		ranges: [
			[0x061c, 0x061c],
			[0x200e, 0x200f],
			[0x202a, 0x202e],
			[0x2066, 0x2069],
		],
	},
	// ZWSP, ZWNJ, ZWJ; word joiner and the invisible operators (function application, times, separator, plus);
	// the unassigned U+2065; the BOM / zero-width no-break space.
	{
		class: "zero_width",
		ranges: [
			[0x200b, 0x200d],
			[0x2060, 0x2065],
			[0xfeff, 0xfeff],
		],
	},
	// Soft hyphen, combining grapheme joiner, Mongolian vowel separator, Khmer inherent vowels, the deprecated
	// format characters (U+206A-U+206F), shorthand format controls, Egyptian hieroglyph format controls, and the
	// unassigned code points Unicode says to draw as nothing (U+FFF0-U+FFF8, the rest of the tag plane up to
	// U+E0FFF).
	{
		class: "invisible_format",
		ranges: [
			[0x00ad, 0x00ad],
			[0x034f, 0x034f],
			[0x17b4, 0x17b5],
			[0x180e, 0x180e],
			[0x206a, 0x206f],
			[0xfff0, 0xfff8],
			[0x13430, 0x1343f],
			[0x1bca0, 0x1bca3],
			[0xe0080, 0xe00ff],
			[0xe01f0, 0xe0fff],
		],
	},
	// Tag characters: invisible ASCII (U+E0041 is a hidden "A"), the whole block.
	{ class: "tag", ranges: [[0xe0000, 0xe007f]] },
	// Variation selectors (VS1-VS16 and the supplement), Mongolian free variation selectors.
	{
		class: "variation_selector",
		ranges: [
			[0x180b, 0x180d],
			[0x180f, 0x180f],
			[0xfe00, 0xfe0f],
			[0xe0100, 0xe01ef],
		],
	},
	// Hangul choseong and jungseong fillers, Hangul filler, halfwidth Hangul filler, braille pattern blank.
	{
		class: "filler",
		ranges: [
			[0x115f, 0x1160],
			[0x2800, 0x2800],
			[0x3164, 0x3164],
			[0xffa0, 0xffa0],
		],
	},
	// NBSP, Ogham space mark, en quad to hair space, narrow NBSP, medium mathematical space, ideographic space.
	{
		class: "odd_space",
		ranges: [
			[0x00a0, 0x00a0],
			[0x1680, 0x1680],
			[0x2000, 0x200a],
			[0x202f, 0x202f],
			[0x205f, 0x205f],
			[0x3000, 0x3000],
		],
	},
	// Marks drawn over the letter before them (tilde, stroke and solidus overlays; Vedic overlays) and the
	// combining marks for symbols (U+20D0-U+20FF: vertical line, ring and solidus overlays, enclosing circles).
	{
		class: "combining_overlay",
		ranges: [
			[0x0334, 0x0338],
			[0x1cd4, 0x1cd4],
			[0x1ce2, 0x1ce8],
			[0x20d0, 0x20ff],
		],
	},
	// Interlinear annotation anchor, separator and terminator.
	{ class: "interlinear_annotation", ranges: [[0xfff9, 0xfffb]] },
	// Musical symbol begin and end beam, tie, slur, phrase.
	{ class: "musical_format", ranges: [[0x1d173, 0x1d17a]] },
	// Line and paragraph separators.
	{ class: "line_separator", ranges: [[0x2028, 0x2029]] },
	// A UTF-16 surrogate without its pair (drawn as a replacement box, or not at all).
	{ class: "lone_surrogate", ranges: [[0xd800, 0xdfff]] },
];

/** `\uXXXX` of one UTF-16 code unit, for a regex. */
const unit = (code: number): string => `\\u${code.toString(16).padStart(4, "0")}`;

/** A regex class range of code units, `\uXXXX` or `\uXXXX-\uYYYY`. */
const unitRange = (first: number, last: number): string =>
	first === last ? unit(first) : `${unit(first)}-${unit(last)}`;

/**
 * A global regex matching every BMP character of {@link HIDDEN_CHARACTERS} but those in `keep`, and every
 * surrogate: {@link replaceUnit} tells the halves of hidden astral characters from the rest. One character class
 * without the `u` flag, because either makes V8's scan of non-ASCII text several times slower.
 */
const hiddenPattern = (keep: readonly number[]): RegExp => {
	const bmp: string[] = [];
	for (const { ranges } of HIDDEN_CHARACTERS) {
		for (const [first, last] of ranges) {
			if (first > 0xffff) continue;
			let from = first;
			for (const code of [...keep.filter((k) => k >= first && k <= last).sort((a, b) => a - b), last + 1]) {
				if (code - 1 >= from) bmp.push(unitRange(from, code - 1));
				from = code + 1;
			}
		}
	}
	return new RegExp(`[${bmp.join("")}]`, "g");
};

/** Astral code points of {@link HIDDEN_CHARACTERS}, as ranges. */
const ASTRAL = HIDDEN_CHARACTERS.flatMap(({ ranges }) => ranges.filter(([first]) => first > 0xffff));

const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/** Whether the surrogate pair starting at `index` of `text` is a hidden astral character. */
const hiddenPair = (text: string, index: number): boolean => {
	const code = text.codePointAt(index) ?? 0;
	return ASTRAL.some(([first, last]) => code >= first && code <= last);
};

/**
 * A replacer for `String.replace` over a {@link hiddenPattern}: each hidden character (a BMP one, a lone surrogate,
 * or the surrogate pair of a hidden astral one, on its high half; its low half becomes nothing) becomes
 * `write(char)`; any other surrogate pair stays as it is.
 */
const replacer =
	(write: (char: string) => string) =>
	(unit: string, offset: number, text: string): string => {
		const code = unit.charCodeAt(0);
		if (isHigh(code) && isLow(text.charCodeAt(offset + 1)))
			return hiddenPair(text, offset) ? write(text.slice(offset, offset + 2)) : unit;
		if (isLow(code) && offset > 0 && isHigh(text.charCodeAt(offset - 1)))
			return hiddenPair(text, offset - 1) ? "" : unit;
		return write(unit);
	};

const escapeUnit = replacer((char) => escapeChar(char));
/** Nothing for a hidden character, a plain space for an odd one (so words stay apart). */
const dropUnit = replacer((char) => (hiddenClass(char.codePointAt(0) ?? 0) === "odd_space" ? " " : ""));
/** A JSON string escape of every UTF-16 unit of `char` (`\udb40\udc41`). */
const jsonUnit = replacer((char) =>
	[...Array(char.length).keys()].map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
);

const UNSAFE = hiddenPattern([]);
/** Same set without `\n` and `\t`, for text that keeps its line breaks and tabs (hook text for the model). */
const UNSAFE_KEEP_LINES_AND_TABS = hiddenPattern([0x0a, 0x09]);
/** Same set without `\n`, for text that keeps its line breaks. */
const UNSAFE_KEEP_LINES = hiddenPattern([0x0a]);

/** The class of the character at code point `code`; undefined for a character shown as it is. */
export const hiddenClass = (code: number): HiddenClass | undefined =>
	HIDDEN_CHARACTERS.find(({ ranges }) => ranges.some(([first, last]) => code >= first && code <= last))?.class;

/** The visible escape of one character: `\n`, `\e`, `\x07`, `\u202e`, `\u{e0041}`. */
export const escapeChar = (char: string): string => {
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
			const code = char.codePointAt(0) ?? 0;
			if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
			return code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\u{${code.toString(16)}}`;
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
 * `text` with every character of {@link HIDDEN_CHARACTERS} written as a visible escape (`\e`, `\r`, `\t`, `\x9b`,
 * `\xa0`, `\u202e`, `\u{e0041}`), so the reader sees exactly the characters that are there and the terminal
 * receives no control sequence. Pure; never throws; text without such characters is returned unchanged (the same
 * string).
 */
export const terminalSafe = (text: string, options: TerminalSafeOptions = {}): string =>
	text.replace(
		options.keepNewlines ? (options.keepTabs ? UNSAFE_KEEP_LINES_AND_TABS : UNSAFE_KEEP_LINES) : UNSAFE,
		escapeUnit,
	);

/** The hidden characters of `text` ({@link HIDDEN_CHARACTERS}, `\n` and `\t` not counted), in order. */
export const hiddenCharacters = (text: string): string[] => {
	const found: string[] = [];
	text.replace(
		UNSAFE_KEEP_LINES_AND_TABS,
		replacer((char) => {
			found.push(char);
			return "";
		}),
	);
	return found;
};

/** How many characters of {@link HIDDEN_CHARACTERS} `text` holds, `\n` and `\t` not counted. */
export const countHidden = (text: string): number => hiddenCharacters(text).length;

/**
 * `text` without the characters of {@link HIDDEN_CHARACTERS}, keeping `\n` and `\t` and writing an odd space as a
 * plain one; the same string when there are none.
 */
export const stripHidden = (text: string): string => text.replace(UNSAFE_KEEP_LINES_AND_TABS, dropUnit);

/**
 * JSON text with every hidden character written as its JSON escape (`\u200b`, a tag character as `\udb40\udc41`):
 * the same JSON value, but nothing in it a reader (or a model) cannot see. `\n` and `\t` stay (JSON text has them
 * only as whitespace).
 */
export const escapeHiddenInJson = (json: string): string => json.replace(UNSAFE_KEEP_LINES_AND_TABS, jsonUnit);
