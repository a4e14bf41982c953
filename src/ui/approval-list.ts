/**
 * What the user is shown before approving project hooks: for each hook one line with the event, matcher,
 * the command (or URL or prompt) and the source, then one line for every other field of its definition
 * (`args`, `async`, `timeout`, `if`, `shell`, `onFailure`, `headers`, `allowedEnvVars`, `model`, ...) and one per
 * script it runs, saying which changed; then a `⚠` note for each word that mixes look-alike scripts (`guаrd.py`
 * with a Cyrillic `а`). Everything is terminal-safe and nothing is cut. Pure.
 */
import { sourceLabel } from "../engine/config/sources.ts";
import { type MixedScriptWord, mixedScriptWords } from "../engine/look-alike.ts";
import { escapeChar, terminalSafe } from "../engine/terminal-safe.ts";
import type { HookEntry } from "../engine/types.ts";

/** A script a hook runs, as the list shows it. */
export interface ListedScript {
	/** Path relative to the project. */
	readonly shown: string;
	/** `missing` when the file does not exist. */
	readonly hash: string;
	/** Changed since the hook was approved. */
	readonly changed: boolean;
}

/** One hook waiting for approval. */
export interface ListedHook {
	readonly entry: HookEntry;
	readonly change: "new" | "changed";
	readonly scripts: readonly ListedScript[];
}

/** The field a hook's first line shows, by handler type. */
const MAIN_FIELD: Readonly<Record<string, string>> = {
	command: "command",
	http: "url",
	prompt: "prompt",
	agent: "prompt",
};

/** A field's value as text (a string as it is, anything else as JSON); `(unreadable)` when it cannot be. */
const rawText = (value: unknown): string => {
	if (typeof value === "string") return value;
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return "(unreadable)";
	}
};

const fieldText = (value: unknown): string => terminalSafe(rawText(value));

/** `U+0430` of a code point. */
const codeName = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

/** The note of one finding, by kind (the words come from the finding's data, never from text it carries). */
const NOTES: Readonly<Record<MixedScriptWord["kind"], (finding: MixedScriptWord) => string>> = {
	mixed_script: ({ word, main, odd }) => {
		const oddChars = new Set(odd.map((letter) => letter.char));
		const shown = terminalSafe([...word].map((char) => (oddChars.has(char) ? escapeChar(char) : char)).join(""));
		const letters = odd.map((letter) => `${letter.script} ${codeName(letter.codePoint)}`).join(", ");
		return `    ⚠ look-alike letters: ${shown} is a ${main} word with ${letters}`;
	},
};

/** The `⚠` note lines for the words of `texts` that mix look-alike scripts. */
const lookAlikeNotes = (texts: readonly string[]): string[] =>
	mixedScriptWords(texts.join("\n")).map((finding) => NOTES[finding.kind](finding));

/** The lines of one hook: the summary line, then `    field: value` for every other field, then its scripts. */
export const approvalLines = (hook: ListedHook): string[] => {
	const { entry } = hook;
	const definition = entry.definition;
	const type = typeof definition.type === "string" ? definition.type : entry.handler.type;
	const main = MAIN_FIELD[type];
	const matcher = entry.matcher.source ? ` [${terminalSafe(entry.matcher.source)}]` : "";
	const target = main !== undefined && definition[main] !== undefined ? fieldText(definition[main]) : `${type} hook`;
	const lines = [`${hook.change} ${entry.event}${matcher}: ${target} (${sourceLabel(entry.source)})`];
	if (type !== "command") lines.push(`    type: ${fieldText(type)}`);
	for (const [key, value] of Object.entries(definition)) {
		if (key === "type" || key === main) continue;
		lines.push(`    ${terminalSafe(key)}: ${fieldText(value)}`);
	}
	for (const script of hook.scripts) {
		const state =
			script.hash === "missing"
				? " (does not exist yet)"
				: script.changed
					? " (CHANGED since you approved it)"
					: "";
		lines.push(`    runs ${terminalSafe(script.shown)}${state}`);
	}
	const texts = [entry.matcher.source ?? "", ...Object.entries(definition).flatMap(([k, v]) => [k, rawText(v)])];
	lines.push(...lookAlikeNotes([...texts, ...hook.scripts.map((script) => script.shown)]));
	return lines;
};

/** The lines of every hook, in order. */
export const approvalListLines = (hooks: readonly ListedHook[]): string[] => hooks.flatMap(approvalLines);
