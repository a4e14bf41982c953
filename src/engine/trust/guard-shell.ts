/**
 * The files a bash command would change, where the shell parse can know them: write redirections (`>`, `>>`, `>|`,
 * `&>`, `<>`), `tee`, the destinations of `cp` / `mv` / `install` / `ln` (and `mv`'s sources, which it removes),
 * `rm`, `unlink`, `shred`, `truncate`, `sed -i`, `perl -i`, `dd of=` and `find DIR -delete` / `-exec`, through
 * `sudo`/`env`/`command`/`exec` wrappers, `sh -c` strings, here-documents fed to a shell, `eval` and every `cd DIR`.
 * Words with an unknown variable or a command substitution name nothing; a glob is kept as a pattern. Pure: parsing
 * only (unbash, loaded lazily).
 */
import { basename } from "node:path";
import type { SyntaxNode } from "unbash";
import { lazyModule } from "../io/lazy-module.ts";
import { SHELLS } from "./reach-words.ts";

/** The shell parser, loaded when the first bash command that may write is looked at. */
const unbash = lazyModule<typeof import("unbash")>("unbash");

/** One word a command writes to: as written (after quote removal), and how the command changes it. */
export interface ShellTarget {
	readonly word: string;
	/** `file`: written, replaced or removed; `tree`: a folder removed, moved or copied over, with all in it. */
	readonly scope: "file" | "tree";
	/** For a copy or move destination: the sources' names (`DEST/NAME` is written when DEST is a folder). */
	readonly into?: readonly string[];
}

/** What the command writes, and the `cd` targets in the order they come (relative words resolve against each). */
export interface ShellWrites {
	readonly targets: readonly ShellTarget[];
	readonly cds: readonly string[];
}

/** Programs whose every non-option argument is a file they change. */
const CHANGES_ARGS = new Set(["rm", "unlink", "shred", "truncate", "tee"]);

/** Programs that copy or move onto their last argument (or onto `-t DIR`). */
const COPIES = new Set(["cp", "mv", "install", "ln"]);

/** Wrappers whose own options come first and whose rest is the command. */
const WRAPS = new Set(["sudo", "env", "command", "exec", "nohup", "builtin", "doas", "time", "nice", "stdbuf"]);

/** Redirection operators that write their target. */
const WRITE_REDIRECT = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);

/**
 * A cheap first look: true when `command` may write a file a parse could name (a `>` or a writing program's
 * name), so a command without either is never parsed.
 */
export const mayWrite = (command: string): boolean =>
	command.includes(">") ||
	/(?:^|[^\w.-])(?:rm|unlink|shred|truncate|tee|cp|mv|install|ln|sed|perl|dd|find)(?![\w.-])/.test(command);

/** Largest command parsed, in characters. */
const MAX_COMMAND_CHARS = 64 * 1024;

/** How deep `-c` strings and `eval` are parsed again. */
const MAX_DEPTH = 4;

interface Walk {
	readonly targets: ShellTarget[];
	readonly cds: string[];
}

const options = (args: readonly string[]): { flags: string[]; rest: string[] } => {
	const flags: string[] = [];
	const rest: string[] = [];
	let ended = false;
	for (const arg of args) {
		if (!ended && arg === "--") ended = true;
		else if (!ended && arg.startsWith("-") && arg !== "-") flags.push(arg);
		else rest.push(arg);
	}
	return { flags, rest };
};

/** True when a flag list holds the short letter `letter` (in a cluster such as `-rf`) or the long option `long`. */
const hasFlag = (flags: readonly string[], letter: string, long: string): boolean =>
	flags.some((flag) => (/^-[A-Za-z]+$/.test(flag) && flag.includes(letter)) || flag === long);

/** `cp`/`mv`/`install`/`ln`: the destination (and `mv`'s sources); `-t DIR` names the destination folder. */
const copy = (walk: Walk, name: string, args: readonly string[]): void => {
	let target: string | undefined;
	const kept: string[] = [];
	for (let at = 0; at < args.length; at += 1) {
		const arg = args[at] ?? "";
		if (arg === "-t" || arg === "--target-directory") {
			target = args[at + 1];
			at += 1;
		} else if (arg.startsWith("--target-directory=")) target = arg.slice("--target-directory=".length);
		else kept.push(arg);
	}
	const { flags, rest } = options(kept);
	const sources = target === undefined ? rest.slice(0, -1) : rest;
	const dest = target ?? rest.at(-1);
	if (dest === undefined || (target === undefined && rest.length < 2)) return;
	const recursive = name === "mv" || hasFlag(flags, "r", "--recursive") || hasFlag(flags, "R", "--recursive");
	const into = sources.map((source) => basename(source));
	walk.targets.push({ word: dest, scope: recursive || hasFlag(flags, "a", "--archive") ? "tree" : "file", into });
	if (name === "mv") for (const source of sources) walk.targets.push({ word: source, scope: "tree" });
};

/** One simple command's words (program first). */
const command = (walk: Walk, words: readonly string[], depth: number): void => {
	let index = 0;
	while (index < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index] ?? "")) index += 1;
	// Wrappers: skip them and their options (and `env`'s assignments, `timeout`'s duration is not handled).
	while (WRAPS.has(basename(words[index] ?? ""))) {
		index += 1;
		while (index < words.length && /^-|^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index] ?? "")) index += 1;
	}
	const program = words[index];
	if (program === undefined) return;
	const name = basename(program);
	const args = words.slice(index + 1);
	if (name === "cd" || name === "pushd") {
		const dir = args.find((arg) => !arg.startsWith("-"));
		if (dir !== undefined) walk.cds.push(dir);
		return;
	}
	if (name === "eval") {
		nested(walk, args.join(" "), depth + 1);
		return;
	}
	if (SHELLS.has(name)) {
		const at = args.findIndex((arg) => /^-[A-Za-z]*c[A-Za-z]*$/.test(arg));
		const code = at < 0 ? undefined : args.slice(at + 1).find((arg) => !arg.startsWith("-"));
		if (code !== undefined) nested(walk, code, depth + 1);
		return;
	}
	if (CHANGES_ARGS.has(name)) {
		const { flags, rest } = options(args);
		const scope = name === "rm" && (hasFlag(flags, "r", "--recursive") || hasFlag(flags, "R", "--recursive"));
		for (const word of rest) walk.targets.push({ word, scope: scope ? "tree" : "file" });
		return;
	}
	if (COPIES.has(name)) {
		copy(walk, name, args);
		return;
	}
	if (name === "sed" || name === "perl") {
		const { flags, rest } = options(args);
		const inPlace = flags.some((flag) => /^-[A-Za-z]*i/.test(flag) || flag.startsWith("--in-place"));
		if (!inPlace) return;
		// The first word is the script unless `-e`/`-f` gave it: looking at it too costs nothing (it is no path).
		for (const word of rest) walk.targets.push({ word, scope: "file" });
		return;
	}
	if (name === "find" && args.some((arg) => arg === "-delete" || arg.startsWith("-exec"))) {
		// `find DIR ... -delete` / `-exec rm {} +`: everything under the start folders may go.
		for (const arg of args) {
			if (arg.startsWith("-") || arg === "(" || arg === "!") break;
			walk.targets.push({ word: arg, scope: "tree" });
		}
		return;
	}
	if (name === "dd") {
		for (const arg of args) if (arg.startsWith("of=")) walk.targets.push({ word: arg.slice(3), scope: "file" });
	}
};

/** Parses `line` and walks every simple command in it with its redirections. */
const nested = (walk: Walk, line: string, depth: number): void => {
	if (depth >= MAX_DEPTH || line.length > MAX_COMMAND_CHARS) return;
	let script: SyntaxNode;
	try {
		script = unbash().parse(line);
	} catch {
		return;
	}
	const visit = (node: SyntaxNode): void => {
		if (node.type === "Command") {
			const words: string[] = [];
			for (const part of node.prefix) if (part.type === "Assignment") words.push(part.text);
			if (node.name !== undefined) words.push(node.name.value);
			for (const arg of node.args) if (arg.type === "Word") words.push(arg.value);
			command(walk, words, depth);
			const shell = node.name !== undefined && SHELLS.has(basename(node.name.value));
			for (const redirect of node.redirects) {
				// A here-document fed to a shell is a script of its own.
				if (redirect.type === "HereDoc" && shell && redirect.body !== undefined)
					nested(walk, redirect.body.text, depth + 1);
				if (redirect.type !== "Redirect" || redirect.target === undefined) continue;
				if (!WRITE_REDIRECT.has(redirect.operator)) continue;
				const word = redirect.target.value;
				// `>&2`, `2>&1`, `>&-`: a file descriptor, not a file.
				if (redirect.operator === ">&" && /^(?:\d+|-)$/.test(word)) continue;
				walk.targets.push({ word, scope: "file" });
			}
		}
		unbash().forEachChild(node, visit);
	};
	try {
		visit(script);
	} catch {
		// A node the walk does not know: what was found so far stands.
	}
};

/** The files `command` would change and its `cd` targets, as far as the parse can tell. Never throws. */
export const shellWrites = (command: string): ShellWrites => {
	const walk: Walk = { targets: [], cds: [] };
	nested(walk, command, 0);
	return walk;
};
