/**
 * Variables that make a program load code (issue #40): when a project hook's CLAUDE_ENV_FILE exports set one, the
 * bash tool's programs run repository code that no approval showed, so the notice names each with the files it
 * points at. `BASH_ENV` and `ENV` (a shell sources them), `PYTHONSTARTUP` (Python runs it), `LD_PRELOAD` (the
 * loader maps it into every program), `PYTHONPATH` (Python imports from it), `NODE_OPTIONS` (`--require`,
 * `--import`, `--loader`), and `PATH` entries inside the repository (a command name finds the repository's file
 * first). Pure.
 */
import { isAbsolute, relative, resolve } from "node:path";

/** One code-loading variable the exports set, with the files or folders it points at (resolved, deduplicated). */
export interface EnvLoader {
	readonly name: string;
	readonly files: readonly string[];
}

/** The variables whose value is one file a program runs or sources. */
const FILE_VARS = ["BASH_ENV", "ENV", "PYTHONSTARTUP"] as const;

/** NODE_OPTIONS flags whose next word (or `=value`) is a module Node loads before the program. */
const NODE_LOAD_FLAGS = new Set(["--require", "-r", "--import", "--loader", "--experimental-loader"]);

/** The modules `--require x`, `--import=x`, ... of a NODE_OPTIONS value. */
const nodeModules = (value: string): string[] => {
	const words = value.split(/\s+/).filter((word) => word !== "");
	const found: string[] = [];
	for (let i = 0; i < words.length; i++) {
		const word = words[i] as string;
		const eq = word.indexOf("=");
		if (eq > 0 && NODE_LOAD_FLAGS.has(word.slice(0, eq))) found.push(word.slice(eq + 1));
		else if (NODE_LOAD_FLAGS.has(word) && i + 1 < words.length) found.push(words[++i] as string);
	}
	return found.map((module) => module.replace(/^["']|["']$/g, ""));
};

/** True when `path` is `dir` or inside it. */
const inside = (path: string, dir: string): boolean => {
	const rel = relative(dir, path);
	return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/**
 * The code-loading variables of `vars` (what the env file set or changed) that differ from `before`, each with the
 * files it points at (relative ones resolved against `projectDir`). PATH counts only for its new entries inside
 * `projectDir`; the others count whatever they point at.
 */
export const envLoaders = (
	vars: Readonly<Record<string, string>>,
	before: Readonly<Record<string, string | undefined>>,
	projectDir: string,
): EnvLoader[] => {
	const at = (path: string): string => resolve(projectDir, path);
	const changed = (name: string): string | undefined =>
		vars[name] !== undefined && vars[name] !== before[name] ? vars[name] : undefined;
	const loaders: EnvLoader[] = [];
	const add = (name: string, files: readonly string[]): void => {
		loaders.push({ name, files: [...new Set(files.filter((file) => file !== "").map(at))] });
	};
	for (const name of FILE_VARS) {
		const value = changed(name);
		if (value !== undefined) add(name, [value]);
	}
	const preload = changed("LD_PRELOAD");
	if (preload !== undefined) add("LD_PRELOAD", preload.split(/[\s:]+/));
	const pythonPath = changed("PYTHONPATH");
	if (pythonPath !== undefined) add("PYTHONPATH", pythonPath.split(":"));
	const nodeOptions = changed("NODE_OPTIONS");
	if (nodeOptions !== undefined) add("NODE_OPTIONS", nodeModules(nodeOptions));
	const path = changed("PATH");
	if (path !== undefined) {
		const old = new Set((before.PATH ?? "").split(":"));
		const fresh = path
			.split(":")
			.filter((entry) => entry !== "" && !old.has(entry) && inside(at(entry), resolve(projectDir)));
		if (fresh.length > 0) add("PATH", fresh);
	}
	return loaders;
};

/** `NODE_OPTIONS (/repo/x.js), PATH (/repo/bin)`: the loaders as the notice names them. */
export const envLoadersText = (loaders: readonly EnvLoader[]): string =>
	loaders
		.map((loader) => (loader.files.length > 0 ? `${loader.name} (${loader.files.join(", ")})` : loader.name))
		.join(", ");
