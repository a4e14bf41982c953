/**
 * The project's hook folders as an approval covers them: every file of the `.claude/` and `.pi/` trees (and of a
 * project plugin's or skill's own folder), minus what pi and Claude Code write there themselves, bounded in file
 * count and bytes. A folder is listed again only when one of its directories' stamps moved (a file added, removed
 * or renamed), so looking costs one `stat` per directory.
 */
import { type Dirent, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileStamp } from "../../engine/config/load.ts";

/** Most files an approval covers in one hook's folders; the rest are not tracked (the dialog says so). */
export const MAX_FOLDER_FILES = 400;

/** Most bytes of files an approval covers in one hook's folders; files past it are not tracked. */
export const MAX_FOLDER_BYTES = 32 * 1024 * 1024;

/** Deepest folder level walked below a hook folder. */
const MAX_FOLDER_DEPTH = 8;

/**
 * What pi and Claude Code (and hooks' own logs) write inside the hook folders: settings files (their hooks are
 * covered by the definition itself), logs, sessions and caches. Directories by name at any depth; files by name
 * directly in the folder's root, or by ending anywhere.
 */
const SKIPPED_DIRS = new Set([
	".git",
	"logs",
	"log",
	"sessions",
	"__pycache__",
	"worktrees",
	"agent-memory",
	"agent-memory-local",
	"todos",
	"shell-snapshots",
	"statsig",
]);
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

/** Lists `root` recursively within the bounds; `skip` holds absolute paths to leave out (pi's agent dir). */
export const listFolder = (root: string, skip: readonly string[]): FolderListing => {
	const files: string[] = [];
	const dirs = new Map<string, string>();
	let bytes = 0;
	let over = false;
	const walk = (dir: string, depth: number): void => {
		const stamp = fileStamp(dir);
		dirs.set(dir, stamp);
		if (!stamp.endsWith(":d") || depth > MAX_FOLDER_DEPTH) return;
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
			if (entry.isDirectory()) {
				if (!SKIPPED_DIRS.has(entry.name) && !(depth === 0 && SKIPPED_ROOT_DIRS.has(entry.name)))
					walk(path, depth + 1);
				continue;
			}
			if (SKIPPED_ENDINGS.test(entry.name) || (depth === 0 && SKIPPED_ROOT_FILES.has(entry.name))) continue;
			// A symlink to a file counts (its target's content is hashed); a symlinked folder is not walked.
			const size = Number(fileStamp(path).split(":")[0]) || 0;
			if (files.length >= MAX_FOLDER_FILES || bytes + size > MAX_FOLDER_BYTES) {
				over = true;
				return;
			}
			bytes += size;
			files.push(path);
		}
	};
	walk(root, 0);
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
