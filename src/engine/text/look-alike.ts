/**
 * Look-alike letters: a word that mixes the letters of scripts whose letters look alike (a Cyrillic `а` inside
 * the Latin `guаrd.py`, a Greek `ο` in `pοrt`) reads as another word than the one that is there. Such words are
 * found here as data (a finding per word, with the letters that stand out); the approval list turns each into
 * a note. So is a file name or identifier written wholly in Cyrillic or Greek letters that pass for Latin ones
 * (`ѕеt.sh`, `рор_3`), which reads as a Latin name. Pure.
 */

/** The scripts whose letters pass for one another: each with the Unicode script property it is tested by. */
export const CONFUSABLE_SCRIPTS = [
	{ script: "Latin", pattern: /\p{Script=Latin}/u },
	{ script: "Cyrillic", pattern: /\p{Script=Cyrillic}/u },
	{ script: "Greek", pattern: /\p{Script=Greek}/u },
	{ script: "Armenian", pattern: /\p{Script=Armenian}/u },
	{ script: "Cherokee", pattern: /\p{Script=Cherokee}/u },
] as const;

/** A script of {@link CONFUSABLE_SCRIPTS}. */
export type ConfusableScript = (typeof CONFUSABLE_SCRIPTS)[number]["script"];

/** A letter of a mixed word that is not of the word's main script. */
export interface OddLetter {
	readonly char: string;
	readonly codePoint: number;
	readonly script: ConfusableScript;
}

/**
 * A word whose letters come from more than one of {@link CONFUSABLE_SCRIPTS} (`mixed_script`), or a name (a word
 * with a digit or one of `_ . -`) whose letters are all Cyrillic or Greek ones that look Latin (`latin_look_alike`).
 */
export interface MixedScriptWord {
	readonly kind: "mixed_script" | "latin_look_alike";
	readonly word: string;
	/** Latin when the word has Latin letters, else the script most of its letters are in (the first on a tie). */
	readonly main: ConfusableScript;
	/** The letters of the other scripts, in order. */
	readonly odd: readonly OddLetter[];
}

/** A word: letters, marks, digits and the `_ . -` that file names and identifiers hold. */
const WORD = /[\p{L}\p{M}\p{N}_.-]+/gu;

/** Letters of any script: a word without two of them cannot mix scripts. */
const NON_ASCII = /[^\x00-\x7f]/;

const scriptOf = (char: string): ConfusableScript | undefined =>
	CONFUSABLE_SCRIPTS.find(({ pattern }) => pattern.test(char))?.script;

/** Cyrillic and Greek letters drawn like a Latin letter (`а` `е` `о` `р` `с` `х` `ѕ` `і`, `ο` `ρ` `Α` `Β`...). */
const LATIN_LOOK_ALIKES = new Set([..."аеорсухѕіјһԁԛԝӏүАВЕКМНОРСТХЅІЈԚԜҮ", ..."οραικνυΑΒΕΖΗΙΚΜΝΟΡΤΥΧ"]);

/** A name rather than a word of prose: it holds a digit or one of `_ . -`. */
const NAME_LIKE = /[0-9_.-]/;

/** The mixed word `word` is, or undefined when its letters are of one script (or of none of the table). */
const mixedWord = (word: string): MixedScriptWord | undefined => {
	const letters = [...word].flatMap((char) => {
		const script = scriptOf(char);
		return script === undefined ? [] : [{ char, codePoint: char.codePointAt(0) ?? 0, script }];
	});
	const counts = new Map<ConfusableScript, number>();
	for (const { script } of letters) counts.set(script, (counts.get(script) ?? 0) + 1);
	if (counts.size === 1 && !counts.has("Latin") && letters.length >= 2 && NAME_LIKE.test(word)) {
		if (letters.every((letter) => LATIN_LOOK_ALIKES.has(letter.char)))
			return { kind: "latin_look_alike", word, main: "Latin", odd: letters };
	}
	if (counts.size < 2) return undefined;
	// A command is read as Latin: with Latin letters in the word, every other letter is the odd one.
	let main: ConfusableScript = "Latin";
	let most = counts.has("Latin") ? Number.POSITIVE_INFINITY : -1;
	for (const { script } of CONFUSABLE_SCRIPTS) {
		const count = counts.get(script) ?? 0;
		if (count > most) [main, most] = [script, count];
	}
	return { kind: "mixed_script", word, main, odd: letters.filter((letter) => letter.script !== main) };
};

/**
 * Every word of `text` that mixes the letters of {@link CONFUSABLE_SCRIPTS} (`guаrd.py` with a Cyrillic `а`), in
 * order, each once. ASCII-only text is answered at once. Never throws.
 */
export const mixedScriptWords = (text: string): MixedScriptWord[] => {
	if (!NON_ASCII.test(text)) return [];
	const found = new Map<string, MixedScriptWord>();
	for (const [word] of text.matchAll(WORD)) {
		if (found.has(word) || !NON_ASCII.test(word)) continue;
		const mixed = mixedWord(word);
		if (mixed !== undefined) found.set(word, mixed);
	}
	return [...found.values()];
};
