/**
 * The scripts a project hook runs: files inside the project that its command names, such as
 * `.claude/hooks/guard.py` or `"$CLAUDE_PROJECT_DIR"/scripts/x.sh`. Approving a project hook covers these
 * files too, so an edited script asks again. Pure: finds candidate paths, reads nothing.
 */
import { basename, isAbsolute, relative, resolve } from "node:path";
import type { SyntaxNode } from "unbash";
import { lazyModule } from "./lazy-module.ts";
import type { HookEntry } from "./types.ts";

/** The shell parser, loaded when the first project hook is looked at (not at start-up). */
const unbash = lazyModule<typeof import("unbash")>("unbash");

/** Programs whose first non-option argument is the script they run (`python3 x.py`, `bash x.sh`). */
const INTERPRETERS = new Set([
	"sh",
	"bash",
	"zsh",
	"dash",
	"ksh",
	"fish",
	"python",
	"python3",
	"node",
	"deno",
	"bun",
	"tsx",
	"ruby",
	"perl",
	"php",
	"lua",
	"pwsh",
	"uv",
	"npx",
]);

/** File names that are scripts wherever they appear in the command (`uv run x.py`, `npx tsx x.ts`). */
const SCRIPT_NAME = /\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|mts|cts|rb|pl|php|lua|ps1)$/;

/** `$CLAUDE_PROJECT_DIR` and `${CLAUDE_PROJECT_DIR}` as the word's value holds them (quotes already removed). */
const PROJECT_DIR = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR(?![A-Za-z0-9_])/g;

/** `$CLAUDE_PLUGIN_ROOT` and `${CLAUDE_PLUGIN_ROOT}`: a plugin's (or skill's) own folder. */
const PLUGIN_ROOT = /\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT(?![A-Za-z0-9_])/g;

/** Where scripts may be: the project, and for a plugin or skill hook its own folder. */
interface Roots {
	readonly project: string;
	readonly plugin: string | undefined;
}

const inside = (dir: string, path: string): boolean => {
	const rest = relative(dir, path);
	return rest !== "" && !rest.startsWith("..") && !isAbsolute(rest);
};

/** Largest command parsed for scripts, in characters; a longer one names no scripts. */
const MAX_COMMAND_CHARS = 64 * 1024;

/** The absolute path a word names inside the project (or the plugin's folder), or undefined. */
const projectPath = (value: string, roots: Roots): string | undefined => {
	let expanded = value.replace(PROJECT_DIR, roots.project);
	if (roots.plugin !== undefined) expanded = expanded.replace(PLUGIN_ROOT, roots.plugin);
	if (expanded === "" || expanded.startsWith("-") || /[$`*?[\]{}~]/.test(expanded)) return undefined;
	const path = isAbsolute(expanded) ? resolve(expanded) : resolve(roots.project, expanded);
	return inside(roots.project, path) || (roots.plugin !== undefined && inside(roots.plugin, path)) ? path : undefined;
};

/** The words of every simple command of a shell line: name first, then arguments (redirections left out). */
const shellCommands = (line: string): string[][] => {
	const commands: string[][] = [];
	const visit = (node: SyntaxNode): void => {
		if (node.type === "Command") {
			const words = [node.name, ...node.args]
				.filter((word) => word !== undefined && word.type === "Word")
				.map((word) => (word as { value: string }).value);
			if (words.length > 0) commands.push(words);
		}
		unbash().forEachChild(node, visit);
	};
	try {
		visit(unbash().parse(line));
	} catch {
		return [];
	}
	return commands;
};

/** The script paths of one command's words: a path as the program, an interpreter's script, a script file name. */
const scriptsOf = (words: readonly string[], roots: Roots, into: Set<string>): void => {
	const [program, ...args] = words;
	if (program === undefined) return;
	const add = (value: string): void => {
		const path = projectPath(value, roots);
		if (path !== undefined) into.add(path);
	};
	if (program.includes("/") || SCRIPT_NAME.test(program)) add(program);
	const interpreter = INTERPRETERS.has(basename(program));
	let scriptTaken = false;
	for (const arg of args) {
		if (SCRIPT_NAME.test(arg.replace(PROJECT_DIR, "").replace(PLUGIN_ROOT, ""))) add(arg);
		else if (interpreter && !scriptTaken && !arg.startsWith("-") && arg.includes("/")) add(arg);
		if (interpreter && !arg.startsWith("-")) scriptTaken = true;
	}
};

/**
 * Absolute paths of the files inside `projectDir` (or, for a plugin or skill hook, inside its own folder,
 * `${CLAUDE_PLUGIN_ROOT}`) that the hook's command names as scripts, sorted. Only
 * `command` hooks name scripts: shell form is parsed (every subcommand), exec form is `command` plus `args`.
 * Paths with other variables, globs or `~` are not followed. Never throws.
 */
export const hookScriptPaths = (entry: HookEntry, projectDir: string): string[] => {
	const handler = entry.handler;
	if (handler.type !== "command" || handler.command.length > MAX_COMMAND_CHARS) return [];
	const found = new Set<string>();
	const roots: Roots = { project: projectDir, plugin: entry.source.plugin?.root ?? entry.source.root };
	if (handler.args !== undefined) scriptsOf([handler.command, ...handler.args], roots, found);
	else for (const words of shellCommands(handler.command)) scriptsOf(words, roots, found);
	return [...found].sort();
};
