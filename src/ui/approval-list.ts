/**
 * What the user is shown before approving project hooks: for each hook one line with the event, matcher,
 * the command (or URL or prompt) and the source, then one line for every other field of its definition
 * (`args`, `async`, `timeout`, `if`, `shell`, `onFailure`, `headers`, `allowedEnvVars`, `model`, ...), one per
 * file its command runs, how many other files its approval covers, each covered file that changed with a short
 * diff, what its approval does not track (`make`, a variable), and a `⚠` note for each word that mixes look-alike
 * scripts (`guаrd.py` with a Cyrillic `а`). Everything is terminal-safe and nothing is cut. Pure.
 */
import { sourceLabel } from "../engine/config/sources.ts";
import { type OnFailureSetting, onFailureOf } from "../engine/events/on-failure.ts";
import { type MixedScriptWord, mixedScriptWords } from "../engine/text/look-alike.ts";
import { escapeChar, terminalSafe } from "../engine/text/terminal-safe.ts";
import type { DiffLine } from "../engine/trust/line-diff.ts";
import { noteText } from "../engine/trust/note-text.ts";
import type { CoverageNote } from "../engine/trust/reach.ts";
import type { HookEntry } from "../engine/types.ts";

/** A file a hook's approval covers, as the list shows it. */
export interface ListedScript {
	/** Path relative to the project. */
	readonly shown: string;
	/** `missing` when the file does not exist. */
	readonly hash: string;
	/** True when the command names it (`runs ...`); false for a hook-folder file or one beside a script. */
	readonly named: boolean;
	/** How it differs from the approved hook. */
	readonly state: "same" | "changed" | "added" | "removed";
	/** What changed in it, for a changed file. */
	readonly diff?: readonly DiffLine[];
}

/** One hook waiting for approval. */
export interface ListedHook {
	readonly entry: HookEntry;
	readonly change: "new" | "changed";
	readonly scripts: readonly ListedScript[];
	/** What its approval does not track. */
	readonly notes?: readonly CoverageNote[];
}

const STATE_TEXT: Readonly<Record<ListedScript["state"], string>> = {
	same: "",
	changed: " (CHANGED since you approved it)",
	added: " (new since you approved it)",
	removed: " (removed since you approved it)",
};

/** The lines of a covered file's diff, indented below it. */
const diffLines = (diff: readonly DiffLine[]): string[] =>
	diff.map((line) => {
		switch (line.op) {
			case "skipped":
				return `        ... ${line.count} more changed line(s)`;
			case "unknown":
				return line.reason === "no_copy"
					? "        (no copy of the approved version was kept, so what changed cannot be shown)"
					: line.reason === "binary"
						? "        (not a text file: what changed is not shown)"
						: "        (too large to compare: what changed is not shown)";
			default:
				return `        ${line.op} ${terminalSafe(line.text, { keepTabs: true })}`;
		}
	});

/** How many of the other covered files (not named by the command) the line names; the rest are counted. */
const NAMED_OTHERS = 8;

/** The lines about the files a hook's approval covers. */
const fileLines = (scripts: readonly ListedScript[]): string[] => {
	const lines: string[] = [];
	for (const script of scripts) {
		if (!script.named) continue;
		const state = script.hash === "missing" && script.state !== "removed" ? " (does not exist yet)" : "";
		lines.push(`    runs ${terminalSafe(script.shown)}${state || STATE_TEXT[script.state]}`);
		if (script.diff !== undefined) lines.push(...diffLines(script.diff));
	}
	const others = scripts.filter((script) => !script.named);
	if (others.length > 0) {
		const named = others.slice(0, NAMED_OTHERS).map((script) => terminalSafe(script.shown));
		const rest = others.length > NAMED_OTHERS ? `, and ${others.length - NAMED_OTHERS} more` : "";
		const what = `${others.length} more file(s) of the hook folders and beside its scripts`;
		lines.push(`    covers ${what}: ${named.join(", ")}${rest}`);
	}
	for (const script of others) {
		if (script.state === "same") continue;
		lines.push(`    covers ${terminalSafe(script.shown)}${STATE_TEXT[script.state]}`);
		if (script.diff !== undefined) lines.push(...diffLines(script.diff));
	}
	return lines;
};

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

/** `word` with its `odd` letters escaped, terminal-safe: `gu\u0430rd.py`. */
const marked = (word: string, odd: MixedScriptWord["odd"]): string => {
	const oddChars = new Set(odd.map((letter) => letter.char));
	return terminalSafe([...word].map((char) => (oddChars.has(char) ? escapeChar(char) : char)).join(""));
};

/** `Cyrillic U+0430, Greek U+03BF`. */
const letterNames = (odd: MixedScriptWord["odd"]): string =>
	odd.map((letter) => `${letter.script} ${codeName(letter.codePoint)}`).join(", ");

/** The note of one finding, by kind (the words come from the finding's data, never from text it carries). */
const NOTES: Readonly<Record<MixedScriptWord["kind"], (finding: MixedScriptWord) => string>> = {
	mixed_script: ({ word, main, odd }) =>
		`    ⚠ look-alike letters: ${marked(word, odd)} is a ${main} word with ${letterNames(odd)}`,
	latin_look_alike: ({ word, odd }) =>
		`    ⚠ look-alike letters: ${marked(word, odd)} looks Latin but is written in ${letterNames(odd)}`,
};

/** The `⚠` note lines for the words of `texts` that mix look-alike scripts. */
const lookAlikeNotes = (texts: readonly string[]): string[] =>
	mixedScriptWords(texts.join("\n")).map((finding) => NOTES[finding.kind](finding));

/** The note after a hook's `onFailure` line: what a failure of the hook does on its event. */
const onFailureNote = (setting: OnFailureSetting): string =>
	setting.value === "continue"
		? "fails open"
		: !setting.applies
			? "ignored on this event: fails open"
			: setting.written === undefined
				? "fails closed: a failure blocks"
				: 'reads as "block": a failure blocks';

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
	const onFailure = onFailureOf(entry);
	for (const [key, value] of Object.entries(definition)) {
		if (key === "type" || key === main) continue;
		// What a failure does, in words: an mcp_tool hook's odd value fails closed, Stop ignores it.
		const said = key === "onFailure" && onFailure !== undefined ? ` (${onFailureNote(onFailure)})` : "";
		lines.push(`    ${terminalSafe(key)}: ${fieldText(value)}${said}`);
	}
	lines.push(...fileLines(hook.scripts));
	for (const note of hook.notes ?? []) lines.push(`    note: ${noteText(note)}`);
	const texts = [entry.matcher.source ?? "", ...Object.entries(definition).flatMap(([k, v]) => [k, rawText(v)])];
	// Only the files the list names: a look-alike among the covered files it only counts is no word on screen.
	const shownFiles = hook.scripts.filter((script) => script.named || script.state !== "same");
	lines.push(...lookAlikeNotes([...texts, ...shownFiles.map((script) => script.shown)]));
	return lines;
};

/** The lines of every hook, in order. */
export const approvalListLines = (hooks: readonly ListedHook[]): string[] => hooks.flatMap(approvalLines);
