/**
 * The self-guard's decision: would this model tool call change a file that decides which hooks run (a hook settings
 * file of any source, a plugin's hook file or manifest, a skill or agent file with hook frontmatter) or a file an
 * approval of a project hook covers? pi's `write` and `edit` name their file; for `bash` the shell parse names what
 * it can (guard-shell.ts). Paths are resolved against the session's cwd, `~` and the variables a word may use, and
 * through symlinks (the `realpath` port). Pure: the only file-system access is the port.
 */
import { dirname, isAbsolute, join, resolve } from "node:path";
import { mayWrite, type ShellTarget, shellWrites } from "./guard-shell.ts";

/**
 * Why a file is guarded, as a code:
 * - `settings_file`: a settings file hooks are read from (`~/.claude/settings*.json`, the project's `.claude/` and
 *   `.pi/settings.json`, pi's global settings.json, managed policy), also when it does not exist yet;
 * - `plugin_file`: an installed plugin's `hooks/hooks.json`, `.claude-plugin/plugin.json`, a hook file its manifest
 *   names, or the install records that say where plugins are;
 * - `hook_frontmatter`: a skill or agent definition whose frontmatter declares hooks;
 * - `covered_file`: a file an approval of a project hook covers (its scripts, the hook folders' files).
 */
export type GuardedKind = "settings_file" | "plugin_file" | "hook_frontmatter" | "covered_file";

/** One guarded file: an absolute path and why. */
export interface GuardedFile {
	readonly path: string;
	readonly kind: GuardedKind;
}

/** The guarded files, normalised once (at configuration load) for the per-call lookup. */
export interface GuardedFiles {
	/** By absolute path, as given and with symlinks resolved; the first kind given for a path wins. */
	readonly byPath: ReadonlyMap<string, GuardedFile>;
	/** By every folder above a guarded file (removing or moving the folder removes the file): its first file. */
	readonly byFolder: ReadonlyMap<string, GuardedFile>;
}

/** What a guarded call would change: the guarded file (as given to {@link guardedFiles}) and the call's own path. */
export interface GuardHit {
	readonly kind: GuardedKind;
	/** The guarded file. */
	readonly path: string;
	/** The path the call names, resolved (a folder above `path` for a removal, a move or a recursive copy). */
	readonly target: string;
}

/** Where the call runs. */
export interface GuardPlace {
	/** The session's cwd: relative paths are resolved against it. */
	readonly cwd: string;
	/** The user's home, for `~` and `$HOME`. */
	readonly home: string;
	/** Variables a bash word may name (`$CLAUDE_CONFIG_DIR`, `$PI_CODING_AGENT_DIR`); `HOME` and `PWD` are known. */
	readonly env: Readonly<Record<string, string | undefined>>;
	/**
	 * The path with symlinks resolved (of the path, else of its folder, else as it is): a port, the engine reads
	 * nothing itself. Asked only for paths that are not guarded as written.
	 */
	readonly realpath: (path: string) => string;
}

/**
 * The lookup of `files` (ordered: the first kind of a path wins), each path also under `realpath(path)` (a guarded
 * file reached through a symlinked folder is still found).
 */
export const guardedFiles = (files: readonly GuardedFile[], realpath: (path: string) => string): GuardedFiles => {
	const byPath = new Map<string, GuardedFile>();
	const byFolder = new Map<string, GuardedFile>();
	const add = (path: string, file: GuardedFile): void => {
		if (!byPath.has(path)) byPath.set(path, file);
		for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
			if (!byFolder.has(dir)) byFolder.set(dir, file);
		}
	};
	for (const file of files) {
		const path = resolve(file.path);
		add(path, file);
		const real = realpath(path);
		if (real !== path) add(real, file);
	}
	return { byPath, byFolder };
};

/** `~`, `~/x` -> the home; undefined for `~user`. */
const untilde = (path: string, home: string): string | undefined => {
	if (path === "~") return home;
	if (path.startsWith("~/")) return join(home, path.slice(2));
	return path.startsWith("~") ? undefined : path;
};

/** The hit of one absolute path: as written, then through symlinks; `tree` also finds a folder above a file. */
const lookup = (files: GuardedFiles, path: string, tree: boolean, realpath: (path: string) => string) => {
	const direct = files.byPath.get(path) ?? (tree ? files.byFolder.get(path) : undefined);
	if (direct !== undefined) return direct;
	const real = realpath(path);
	if (real === path) return undefined;
	return files.byPath.get(real) ?? (tree ? files.byFolder.get(real) : undefined);
};

const hit = (file: GuardedFile, target: string): GuardHit => ({ kind: file.kind, path: file.path, target });

/** The path field of pi's `write` and `edit` input (`path`; `file_path` as Claude Code names it). */
const inputPath = (input: Readonly<Record<string, unknown>>): string | undefined => {
	const path = input.path ?? input.file_path;
	return typeof path === "string" && path !== "" ? path : undefined;
};

/** The spaces pi's path tools read as a plain space. */
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/** `$NAME` and `${NAME}` references. */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** A bash word as a path from `base`: `~` and known variables expanded; undefined when it cannot be known. */
const wordPath = (word: string, base: string, place: GuardPlace): string | undefined => {
	if (word === "" || word.includes("$(") || word.includes("`")) return undefined;
	let unknown = false;
	const expanded = word.replace(VARIABLE, (_whole, braced: string | undefined, bare: string | undefined) => {
		const name = braced ?? bare ?? "";
		const value = name === "HOME" ? place.home : name === "PWD" ? base : place.env[name];
		if (value === undefined || value === "") unknown = true;
		return value ?? "";
	});
	if (unknown || expanded.includes("$")) return undefined;
	const path = untilde(expanded, place.home);
	return path === undefined ? undefined : resolve(base, path);
};

/** A glob (`*`, `?`, `[...]`) as a regular expression over whole paths; `*` and `?` stay within one segment. */
const globRegex = (pattern: string): RegExp => {
	const escaped = pattern
		.replace(/[.+^${}()|\\]/g, "\\$&")
		.replace(/\*/g, "[^/]*")
		.replace(/\?/g, "[^/]");
	return new RegExp(`^${escaped}$`);
};

/** The hit of one target word of a bash command, from each base folder. */
const targetHit = (target: ShellTarget, bases: readonly string[], place: GuardPlace, files: GuardedFiles) => {
	const tree = target.scope === "tree";
	for (const base of bases) {
		const path = wordPath(target.word, base, place);
		if (path === undefined) continue;
		if (/[*?[]/.test(path)) {
			let regex: RegExp;
			try {
				regex = globRegex(path);
			} catch {
				continue;
			}
			for (const [guarded, file] of files.byPath) if (regex.test(guarded)) return hit(file, guarded);
			if (tree) for (const [dir, file] of files.byFolder) if (regex.test(dir)) return hit(file, dir);
			continue;
		}
		const found = lookup(files, path, tree, place.realpath);
		if (found !== undefined) return hit(found, path);
		for (const name of target.into ?? []) {
			const inside = join(path, name);
			const within = lookup(files, inside, tree, place.realpath);
			if (within !== undefined) return hit(within, inside);
		}
	}
	return undefined;
};

/** The folders relative words of a command resolve against: the cwd, then each `cd` target in turn. */
const basesOf = (cds: readonly string[], place: GuardPlace): string[] => {
	const bases = [place.cwd];
	let at = place.cwd;
	for (const cd of cds) {
		const next = wordPath(cd, at, place);
		if (next === undefined) continue;
		at = next;
		if (!bases.includes(next)) bases.push(next);
	}
	return bases;
};

/**
 * The guarded file `toolName`'s call with `input` would change, or undefined. pi's `write` and `edit` (their
 * `path`), and `bash` (its `command`, parsed only when it may write at all: a `>` or a writing program's name).
 * Other tools change no file this knows of. Never throws.
 */
export const guardedTarget = (
	toolName: string,
	input: Readonly<Record<string, unknown>>,
	place: GuardPlace,
	files: GuardedFiles,
): GuardHit | undefined => {
	if (files.byPath.size === 0) return undefined;
	try {
		if (toolName === "write" || toolName === "edit") {
			const given = inputPath(input);
			if (given === undefined) return undefined;
			// pi reads `@path` as `path` (its file references) and unusual spaces as plain ones.
			const plain = given.replace(UNICODE_SPACES, " ");
			const path = untilde(plain.startsWith("@") ? plain.slice(1) : plain, place.home);
			if (path === undefined) return undefined;
			const absolute = isAbsolute(path) ? resolve(path) : resolve(place.cwd, path);
			const found = lookup(files, absolute, false, place.realpath);
			return found === undefined ? undefined : hit(found, absolute);
		}
		if (toolName === "bash") {
			const command = input.command;
			if (typeof command !== "string" || !mayWrite(command)) return undefined;
			const writes = shellWrites(command);
			if (writes.targets.length === 0) return undefined;
			const bases = basesOf(writes.cds, place);
			for (const target of writes.targets) {
				const found = targetHit(target, bases, place, files);
				if (found !== undefined) return found;
			}
		}
	} catch {
		// Bad input never crashes pi: a call that cannot be looked at is not guarded.
	}
	return undefined;
};
