/**
 * The project's hook folders as an approval covers them: every file of the `.claude/` and `.pi/` trees (and of a
 * project plugin's or skill's own folder), minus what pi and Claude Code write there themselves, bounded in file
 * count and bytes. A folder is listed again only when one of its directories' stamps moved (a file added, removed
 * or renamed), so looking costs one `stat` per directory.
 */
import { type Dirent, readdirSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { fileStamp } from "../../engine/config/load.ts";

/** Most files an approval covers in one hook's folders; the rest are not tracked (the dialog says so). */
export const MAX_FOLDER_FILES = 400;

/** Most bytes of files an approval covers in one hook's folders; files past it are not tracked. */
export const MAX_FOLDER_BYTES = 32 * 1024 * 1024;

/** Deepest folder level walked below a hook folder; a deeper folder counts as over the bound (the dialog says so). */
const MAX_FOLDER_DEPTH = 16;

/**
 * What pi and Claude Code (and hooks' own logs) write inside the hook folders: settings files (their hooks are
 * covered by the definition itself), logs, sessions and caches. Directories by name at any depth; files by name
 * directly in the folder's root, or by ending anywhere.
 */
const SKIPPED_DIRS = new Set([".git", "worktrees", "agent-memory", "agent-memory-local"]);

/**
 * Folders where hooks, Claude Code and pi-hook-manager write logs, state and fixtures, at any depth: only their
 * code files are covered (a script can source `logs/lib.sh` or import a `sessions` package as well as any other),
 * not what is written there.
 */
const DATA_DIRS = new Set([
	"logs",
	"log",
	"sessions",
	"__pycache__",
	"todos",
	"shell-snapshots",
	"statsig",
	// pi-hook-manager's own test fixtures (the workbench's Ctrl+F, `pi-hook-manager test --update` write them).
	"hook-tests",
]);

/** Code a hook can run or load: covered even inside {@link DATA_DIRS}. */
const CODE = /\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|mts|cts|rb|pl|pm|php|lua|ps1|R)$/;
/** pi's own installs in `.pi/` (`pi install -l`): packages pi loads itself, not hook code. */
const SKIPPED_ROOT_DIRS = new Set(["npm", "git"]);
const SKIPPED_ROOT_FILES = new Set(["settings.json", "settings.local.json"]);
const SKIPPED_ENDINGS = /(?:\.log|\.jsonl|\.pyc|\.swp|~|\.DS_Store)$/;

/** One folder's files as last listed. */
export interface FolderListing {
	/** Absolute paths of the covered files, sorted. */
	readonly files: readonly string[];
	/** Every directory listed, with its stamp then: when one moves, the folder is listed again. */
	readonly dirs: ReadonlyMap<string, string>;
	/** True when the folder held more files or bytes than the bound: files past it are not covered. */
	readonly over: boolean;
}

const realpath = (path: string): string | undefined => {
	try {
		return realpathSync(path);
	} catch {
		return undefined;
	}
};

const within = (dir: string, path: string): boolean => {
	const rest = relative(dir, path);
	return rest !== "" && !rest.startsWith("..") && !isAbsolute(rest);
};

/**
 * Lists `root` recursively within the bounds; `skip` holds absolute paths to leave out (pi's agent dir). A
 * symlinked folder whose target lies inside the folder holding `root` (the project, for `.claude/`) is walked
 * like any other, once (a script there is run through the link); one pointing elsewhere is not.
 */
export const listFolder = (root: string, skip: readonly string[]): FolderListing => {
	const files: string[] = [];
	const dirs = new Map<string, string>();
	const home = realpath(dirname(root));
	const seen = new Set<string>();
	let bytes = 0;
	let over = false;
	const walk = (dir: string, depth: number, dataOnly: boolean): void => {
		const stamp = fileStamp(dir);
		dirs.set(dir, stamp);
		if (!stamp.endsWith(":d")) return;
		if (depth > MAX_FOLDER_DEPTH) {
			over = true;
			return;
		}
		const real = realpath(dir);
		if (real === undefined || seen.has(real)) return;
		seen.add(real);
		let entries: Dirent[];
		try {
			entries = readdirSync(dir, { withFileTypes: true });
		} catch {
			return;
		}
		entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		for (const entry of entries) {
			if (over) return;
			const path = join(dir, entry.name);
			if (skip.some((other) => path === other || !relative(other, path).startsWith(".."))) continue;
			const linkedDir = entry.isSymbolicLink() && fileStamp(path).endsWith(":d");
			if (entry.isDirectory() || linkedDir) {
				if (linkedDir) {
					const target = realpath(path);
					if (target === undefined || home === undefined || !(target === home || within(home, target)))
						continue;
				}
				if (!SKIPPED_DIRS.has(entry.name) && !(depth === 0 && SKIPPED_ROOT_DIRS.has(entry.name)))
					walk(path, depth + 1, dataOnly || DATA_DIRS.has(entry.name));
				continue;
			}
			if (SKIPPED_ENDINGS.test(entry.name) || (depth === 0 && SKIPPED_ROOT_FILES.has(entry.name))) continue;
			if (dataOnly && !CODE.test(entry.name)) continue;
			// A symlink to a file counts (its target's content is hashed).
			const size = Number(fileStamp(path).split(":")[0]) || 0;
			if (files.length >= MAX_FOLDER_FILES || bytes + size > MAX_FOLDER_BYTES) {
				over = true;
				return;
			}
			bytes += size;
			files.push(path);
		}
	};
	walk(root, 0, false);
	return { files, dirs, over };
};

/** Source files beside a script (what it sources or imports): its folder's files with a source ending. */
const SOURCE = /\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|mts|cts|json|rb|pl|pm|php|lua|ps1|R|toml|cfg|ini)$/;

/** Most sibling files covered beside a script outside the hook folders. */
export const MAX_SIBLING_FILES = 100;

/** The source files directly in `dir` (not below it), within {@link MAX_SIBLING_FILES}. */
export const listSiblings = (dir: string): FolderListing => {
	const stamp = fileStamp(dir);
	const dirs = new Map([[dir, stamp]]);
	if (!stamp.endsWith(":d")) return { files: [], dirs, over: false };
	let names: string[];
	try {
		names = readdirSync(dir).filter((name) => SOURCE.test(name) && !SKIPPED_ENDINGS.test(name));
	} catch {
		return { files: [], dirs, over: false };
	}
	names.sort();
	const over = names.length > MAX_SIBLING_FILES;
	const files = names
		.slice(0, MAX_SIBLING_FILES)
		.map((name) => join(dir, name))
		.filter((path) => fileStamp(path).endsWith(":f"));
	return { files, dirs, over };
};

/** True when every directory of `listing` still has its stamp (nothing added, removed or renamed). */
export const listingCurrent = (listing: FolderListing): boolean => {
	for (const [dir, stamp] of listing.dirs) if (fileStamp(dir) !== stamp) return false;
	return true;
};

/** Cached folder listings: `list` reads or reuses one, `stamp` is the stamps of every folder listed so far. */
export interface FolderListings {
	/** The listing of `dir`: its script's neighbours when `siblings` (listSiblings), else the whole folder. */
	list(dir: string, siblings: boolean): FolderListing;
	/** One string of the stamps of every folder of every listing so far: it changes when any of them does. */
	stamp(): string;
}

/**
 * A cache of folder listings keyed by folder and kind (listFolder skips `skip`); a listing is read again once
 * listingCurrent says a folder of it changed.
 */
export const createFolderListings = (skip: readonly string[]): FolderListings => {
	const listings = new Map<string, FolderListing>();
	return {
		list(dir, siblings) {
			const key = `${siblings ? "s" : "f"}\u0000${dir}`;
			let found = listings.get(key);
			if (found === undefined || !listingCurrent(found)) {
				found = siblings ? listSiblings(dir) : listFolder(dir, skip);
				listings.set(key, found);
			}
			return found;
		},
		stamp() {
			let stamp = "";
			for (const found of listings.values())
				for (const dir of found.dirs.keys()) stamp += `${fileStamp(dir)}\u0000`;
			return stamp;
		},
	};
};
