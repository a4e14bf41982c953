/**
 * The path finder of change-aware trust: which repository files a project hook's command can run or read,
 * found by construction, not by a list of command forms. After the shell parse (every subcommand, pipelines,
 * `$(...)`, redirection targets, here-documents fed to a shell, the `-c` strings of nested shells and `eval`),
 * every word that names a file inside the project (or a plugin's or skill's own folder) counts, resolved against
 * the directory the hook runs in and every `cd DIR` of the command (`$CLAUDE_PROJECT_DIR`, `$PWD` and
 * `$CLAUDE_PLUGIN_ROOT` expanded). Where the reach of a command cannot be known (`make`, `npx`, `python3 -m`,
 * `node -e`, a variable) a note says so; the approval dialog words it. Pure: the only port is `isFile`.
 */
import { basename, dirname, resolve } from "node:path";
import type { SyntaxNode } from "unbash";
import { lazyModule } from "../io/lazy-module.ts";
import { pathPlace } from "../text/paths.ts";
import type { HookEntry } from "../types.ts";
import {
	INLINE_CODE,
	INTERPRETERS,
	LOADER_VARIABLES,
	READS,
	SCRIPT_NAME,
	SHELLS,
	UNKNOWN_REACH,
	WRAPPER_VALUE_OPTIONS,
	WRAPPERS,
	WRITERS,
} from "./reach-words.ts";

/** The shell parser, loaded when the first project hook is looked at (not at start-up). */
const unbash = lazyModule<typeof import("unbash")>("unbash");

/**
 * Why part of a hook's reach is not tracked, as a code (the sentence is made in ui/approval-list.ts):
 * - `program`: a program that reads files of its own choosing (`make`, `npx`, `python3 -m`, `node -e`); `word`;
 * - `variable`: a variable other than the project, plugin and working directory (`$TOOL`); `word` is its name;
 * - `pattern`: a path with glob characters (`tools/ru[n].sh`, `*.sh`): the files it matches are not tracked; `word`;
 * - `unparsed`: the command could not be parsed (or is too long), so no file it names is tracked.
 */
export interface ReachNote {
	readonly kind: "program" | "variable" | "pattern" | "unparsed";
	readonly word: string;
}

/**
 * A part of what a project hook runs that its approval does not track: a {@link ReachNote} of its command;
 * `over_bound` when a folder (`word`, as shown, e.g. `.claude/`) held more files or bytes than an approval covers;
 * `large_file` for a covered file (`word`, as shown) too big to hash (it is known by its size and times only);
 * `special_file` for one that is not a file on disk (a FIFO, a device, a link to a file under /proc, /sys or
 * /dev): never read, so its content is not tracked.
 */
export type CoverageNote =
	| ReachNote
	| { readonly kind: "over_bound" | "large_file" | "special_file"; readonly word: string };

/** What a hook's command reaches. */
export interface HookReach {
	/** Absolute paths, sorted, of the files its words name inside the project or its own folder (may be missing). */
	readonly files: readonly string[];
	/** Folders whose source files are covered too: the folder of each script it runs (imports, sourced files). */
	readonly scriptDirs: readonly string[];
	readonly notes: readonly ReachNote[];
}

/** Where the hook runs and what counts as the repository. */
export interface ReachContext {
	/** The project root (`$CLAUDE_PROJECT_DIR`). */
	readonly projectDir: string;
	/** The directory the hook runs in (pi's cwd). Default: the project root. */
	readonly runDir?: string;
	/** True when `path` is an existing regular file (a port: the engine reads nothing itself). */
	readonly isFile: (path: string) => boolean;
}

/** `$NAME` and `${NAME}` references. */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Largest command parsed, in characters; a longer one names no files (and says so). */
const MAX_COMMAND_CHARS = 64 * 1024;

/** How deep `-c` strings, `eval` and here-documents are parsed again. */
const MAX_DEPTH = 4;

/** True when `path` is inside the folder `dir` (not `dir` itself). */
const inside = (dir: string, path: string): boolean => pathPlace(dir, path) === "inside";

/** What one walk collects. */
interface Found {
	readonly files: Set<string>;
	readonly scriptDirs: Set<string>;
	readonly notes: Map<string, ReachNote>;
	/** Directories relative paths are resolved against: where the hook runs, then every `cd` target. */
	readonly bases: string[];
	/** Set for the second look, which resolves every word against every base but adds no base. */
	frozen: boolean;
}

interface Walk {
	readonly context: ReachContext;
	readonly plugin: string | undefined;
	readonly found: Found;
}

const note = (walk: Walk, kind: ReachNote["kind"], word: string): void => {
	walk.found.notes.set(`${kind}\u0000${word}`, { kind, word });
};

/** Expands the variables a path may use; notes any other. Undefined when the word is no path at all. */
const expand = (walk: Walk, value: string, base: string): string | undefined => {
	let unknown = false;
	const expanded = value.replace(VARIABLE, (whole, braced: string | undefined, bare: string | undefined) => {
		const name = braced ?? bare ?? "";
		if (name === "CLAUDE_PROJECT_DIR") return walk.context.projectDir;
		if (name === "PWD") return base;
		if (name === "CLAUDE_PLUGIN_ROOT" && walk.plugin !== undefined) return walk.plugin;
		// $HOME, $TMPDIR and the like point outside the repository: nothing to track there.
		if (name === "HOME" || name === "TMPDIR" || name === "CLAUDE_PLUGIN_DATA") {
			unknown = true;
			return whole;
		}
		note(walk, "variable", name);
		unknown = true;
		return whole;
	});
	if (unknown || expanded === "") return undefined;
	// What is left of a `$` is a reference the parse cannot resolve (`${X:-default}`, `$1`, `$@`): say so.
	const left = /\$(\{[^}]*\}?|[0-9@*#?!$-]|[A-Za-z_][A-Za-z0-9_]*)/.exec(expanded);
	if (left !== null) {
		note(walk, "variable", left[1] ?? "");
		return undefined;
	}
	if (/[`*?[\]{}~]/.test(expanded)) return undefined;
	return expanded;
};

/** The repository path `value` names from `base`, or undefined (outside the project and the hook's folder). */
const repositoryPath = (walk: Walk, value: string, base: string): string | undefined => {
	const expanded = expand(walk, value, base);
	if (expanded === undefined) return undefined;
	const path = resolve(base, expanded);
	const { projectDir } = walk.context;
	if (inside(projectDir, path) || (walk.plugin !== undefined && inside(walk.plugin, path))) return path;
	return undefined;
};

/**
 * Looks at one word: every file it names (from every base, and the value after `=` of `--opt=value`) is covered.
 * `script`: the word is a program or an interpreter's script, tracked even when it does not exist yet.
 */
const word = (walk: Walk, value: string, script: boolean): void => {
	// `NAME=value` and `--opt=value`: the value is what may name a file.
	const assignment = /^-{0,2}[A-Za-z_][-A-Za-z0-9_]*=/.exec(value);
	const rest = assignment === null ? value : value.slice(assignment[0].length);
	const loader = assignment === null ? undefined : LOADER_VARIABLES.exec(assignment[0]);
	// `NODE_OPTIONS="--require ./r.js"`, `PYTHONPATH=a:b`: each of its parts may name a file, and what the
	// interpreter finds through it is not tracked.
	if (loader) note(walk, "program", loader[1] ?? "");
	// A prefix assignment comes as written (`X="a b"`): its quotes are taken off here.
	const candidates = loader ? rest.replace(/["']/g, "").split(/[\s:]+/) : [rest];
	for (const candidate of candidates) {
		if (loader && candidate.startsWith("-") && candidate.includes("=")) {
			word(walk, candidate, false);
			continue;
		}
		// `$(...)` and backticks are commands of their own: the parse visits them.
		if (candidate.includes("$(") || candidate.includes("`")) continue;
		if (candidate === "" || (candidate.startsWith("-") && !script)) continue;
		// A glob in a path or a script (`sh tools/ru[n].sh`) runs files the parse cannot name.
		if ((script || candidate.includes("/")) && /[*?[]|\{[^}]*,[^}]*\}/.test(candidate))
			note(walk, "pattern", candidate);
		for (const base of walk.found.bases) {
			const path = repositoryPath(walk, candidate, base);
			if (path === undefined) continue;
			const exists = walk.context.isFile(path);
			const pathLike = candidate.includes("/") || SCRIPT_NAME.test(candidate);
			if (!exists && !(script || pathLike)) continue;
			walk.found.files.add(path);
			if (script || SCRIPT_NAME.test(path)) walk.found.scriptDirs.add(dirname(path));
		}
	}
};

/** A `cd DIR`: later relative words are resolved against DIR too (as well as where the hook started). */
const changeDirectory = (walk: Walk, target: string | undefined): void => {
	if (target === undefined || target === "-" || walk.found.frozen) return;
	const base = walk.found.bases[walk.found.bases.length - 1] ?? walk.context.projectDir;
	const expanded = expand(walk, target, base);
	if (expanded === undefined) return;
	const dir = resolve(base, expanded);
	if (!walk.found.bases.includes(dir)) walk.found.bases.push(dir);
};

/** Shell options that take the next word as their value (`-o errexit`, `--rcfile FILE`). */
const SHELL_VALUE_OPTIONS = /^(?:[-+][A-Za-z]*[oO]|--rcfile|--init-file)$/;

/**
 * A shell's arguments: options first (clusters such as `-ec` or `-lc`, where a `c` makes the first non-option
 * word the command string, parsed again); otherwise that word is the script. Every other word may name a file.
 */
const shell = (walk: Walk, args: readonly string[], depth: number): void => {
	let inline = false;
	let at = 0;
	for (; at < args.length; at += 1) {
		const arg = args[at] ?? "";
		if (arg === "--" || arg === "-") {
			at += 1;
			break;
		}
		if (!/^[-+]/.test(arg)) break;
		if (/^-[A-Za-z]+$/.test(arg) && arg.includes("c")) inline = true;
		if (SHELL_VALUE_OPTIONS.test(arg)) {
			word(walk, args[at + 1] ?? "", false);
			at += 1;
		}
	}
	const first = args[at];
	if (first !== undefined) {
		if (inline) nested(walk, first, depth);
		else word(walk, first, true);
	}
	for (const arg of args.slice(at + 1)) word(walk, arg, false);
};

/** Looks at one simple command's words (program first): wrappers, interpreters, nested shells, unknown reach. */
const command = (walk: Walk, words: readonly string[], depth: number): void => {
	let index = 0;
	// Leading assignments (`X=1 cmd`) are words too: `X=./f` may name a file.
	while (index < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index] ?? "")) {
		word(walk, words[index] ?? "", false);
		index += 1;
	}
	const program = words[index];
	if (program === undefined) return;
	const name = basename(program);
	if (name === "cd" || name === "pushd") {
		changeDirectory(
			walk,
			words.slice(index + 1).find((arg) => !arg.startsWith("-")),
		);
		return;
	}
	if (/\$/.test(program) && repositoryPath(walk, program, walk.context.projectDir) === undefined) {
		note(walk, "variable", program.replace(/^.*?\$\{?([A-Za-z_][A-Za-z0-9_]*).*$/, "$1"));
	}
	word(walk, program, program.includes("/"));
	const args = words.slice(index + 1);
	const fixed = WRAPPERS[name];
	if (fixed !== undefined) {
		let rest = 0;
		let own = fixed;
		while (rest < args.length) {
			const arg = args[rest] ?? "";
			if (arg === "--") {
				rest += 1;
				break;
			}
			if (name === "env" && (arg === "-S" || arg === "--split-string")) {
				// `env -S 'sh x.sh'`: the string is split into a command of its own.
				nested(walk, args[rest + 1] ?? "", depth + 1);
				return;
			}
			if (arg.startsWith("-")) rest += WRAPPER_VALUE_OPTIONS.has(arg) ? 2 : 1;
			else if (name === "env" && arg.includes("=")) {
				word(walk, arg, false);
				rest += 1;
			} else if (own > 0) {
				own -= 1;
				rest += 1;
			} else break;
		}
		for (const arg of args.slice(0, rest)) word(walk, arg, false);
		command(walk, args.slice(rest), depth);
		return;
	}
	if (name === "eval") {
		nested(walk, args.join(" "), depth);
		return;
	}
	if (WRITERS.has(name)) return;
	if (SHELLS.has(name) && name !== "busybox") {
		shell(walk, args, depth);
		return;
	}
	if (UNKNOWN_REACH.has(name)) note(walk, "program", name);
	const interpreter = INTERPRETERS.has(name) || /^python\d/.test(name);
	let scriptTaken = !interpreter;
	for (let at = 0; at < args.length; at += 1) {
		const arg = args[at] ?? "";
		if (interpreter && !scriptTaken && INLINE_CODE.test(arg)) {
			const code = args[at + 1];
			if (SHELLS.has(name) && arg === "-c") {
				if (code !== undefined) nested(walk, code, depth);
			} else note(walk, "program", `${name} ${arg}`);
			// What follows the code is its arguments: still words that may name files.
			scriptTaken = true;
			at += 1;
			continue;
		}
		if (!scriptTaken && !arg.startsWith("-")) {
			word(walk, arg, true);
			scriptTaken = true;
			continue;
		}
		word(walk, arg, false);
	}
};

/** Parses `line` as shell and looks at every simple command in it, with its redirections and here-documents. */
const nested = (walk: Walk, line: string, depth: number): void => {
	if (depth >= MAX_DEPTH || line.length > MAX_COMMAND_CHARS) {
		note(walk, "unparsed", "");
		return;
	}
	let script: SyntaxNode;
	try {
		script = unbash().parse(line);
	} catch {
		note(walk, "unparsed", "");
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
				if (redirect.type === "HereDoc") {
					if (shell && redirect.body !== undefined) nested(walk, redirect.body.text, depth + 1);
				} else if (redirect.target !== undefined && READS.test(redirect.operator)) {
					// What the hook writes (`>> log.jsonl`) is its output, not code: only what it reads counts.
					word(walk, redirect.target.value, shell);
				}
			}
		}
		unbash().forEachChild(node, visit);
	};
	try {
		visit(script);
	} catch {
		note(walk, "unparsed", "");
	}
};

/**
 * The files a hook's command reaches: for a `command` hook the shell form is parsed, the exec form is `command`
 * plus `args` (its `-c` string parsed as shell when `command` is a shell). Other hook types reach no file.
 * Never throws.
 */
export const hookReach = (entry: HookEntry, context: ReachContext): HookReach => {
	const handler = entry.handler;
	if (handler.type !== "command") return { files: [], scriptDirs: [], notes: [] };
	const runDir = context.runDir ?? context.projectDir;
	const found: Found = { files: new Set(), scriptDirs: new Set(), notes: new Map(), bases: [runDir], frozen: false };
	const walk: Walk = { context, plugin: entry.source.plugin?.root ?? entry.source.root, found };
	if (handler.command.length > MAX_COMMAND_CHARS) note(walk, "unparsed", "");
	else if (handler.args !== undefined) command(walk, [handler.command, ...handler.args], 1);
	else nested(walk, handler.command, 0);
	// A `cd` seen late still applies to the words before it in another branch: look once more with every base.
	if (found.bases.length > 1 && handler.command.length <= MAX_COMMAND_CHARS) {
		found.frozen = true;
		if (handler.args !== undefined) command(walk, [handler.command, ...handler.args], 1);
		else nested(walk, handler.command, 0);
	}
	return {
		files: [...found.files].sort(),
		scriptDirs: [...found.scriptDirs].sort(),
		notes: [...found.notes.values()],
	};
};
