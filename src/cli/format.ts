/**
 * How the CLI writes things: paths relative to where it was started (or `~/...`), hook targets with secrets
 * masked (CI logs are often public), every text from a file or a hook made terminal-safe, and aligned columns.
 * Pure.
 */
import { isAbsolute, relative, sep } from "node:path";
import { handlerTarget } from "../engine/text/messages.ts";
import { redactSecrets } from "../engine/text/redact.ts";
import { terminalSafe } from "../engine/text/terminal-safe.ts";
import type { HookEntry } from "../engine/types.ts";

/** Text from a file or a hook, safe to print: control characters and escapes as visible escapes. */
export const safe = (text: string): string => terminalSafe(text);

/**
 * `file` relative to `from` when inside it, `~/...` when inside `home`, else as it is; terminal-safe (a file name
 * can hold escape sequences).
 */
export const shownPath = (file: string, from: string, home: string): string => safe(plainPath(file, from, home));

/** {@link shownPath} before it is made terminal-safe. */
const plainPath = (file: string, from: string, home: string): string => {
	const inside = (root: string): string | undefined => {
		const rel = relative(root, file);
		return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : undefined;
	};
	const here = inside(from);
	if (here !== undefined) return here;
	const inHome = inside(home);
	return inHome === undefined ? file : `~${sep}${inHome}`;
};

/** What a hook runs, secrets masked: the command (with args), an http hook's URL, a prompt, an MCP server/tool. */
export const hookTarget = (entry: HookEntry): string => safe(redactSecrets(handlerTarget(entry)));

/** The matcher as shown: `*` for none. */
export const matcherText = (entry: HookEntry): string => {
	const source = entry.matcher.source;
	return source === undefined || source === "" ? "*" : safe(source);
};

/** Rows as lines with each column but the last padded to its widest cell, two spaces apart. */
export const columns = (rows: readonly (readonly string[])[]): string[] => {
	const widths: number[] = [];
	for (const row of rows)
		row.forEach((cell, index) => {
			widths[index] = Math.max(widths[index] ?? 0, cell.length);
		});
	return rows.map((row) =>
		row
			.map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
			.join("  ")
			.trimEnd(),
	);
};

/** A one-line form of a multi-line text: line breaks as ` / `. */
export const oneLine = (text: string): string =>
	text
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "")
		.join(" / ");
