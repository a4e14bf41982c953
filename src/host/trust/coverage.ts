/**
 * What an approval of a project hook covers, by construction: (a) the project's hook folders, the `.claude/` and
 * `.pi/` trees (and a project plugin's or skill's own folder), minus what pi and Claude Code write there
 * (hook-folders.ts); (b) every repository file a word of its command or `args` names (engine/trust/reach.ts); and
 * (c) the source files beside a script it runs outside those folders (what it sources or imports). Each file is
 * identified by its SHA-256; `unchanged` is the per-run fast path: one `stat` per covered file and folder.
 */
import { join, relative } from "node:path";
import { fileStamp } from "../../engine/config/load.ts";
import { pathPlace } from "../../engine/text/paths.ts";
import { type CoverageNote, type HookReach, hookReach } from "../../engine/trust/reach.ts";
import type { HookEntry } from "../../engine/types.ts";
import { createFileStates, type FileStateMemory, type FileStates, untrackedContent } from "./file-state.ts";
import { createFolderListings } from "./hook-folders.ts";

/** One covered file as it is now. */
export interface CoveredFile {
	/** Absolute path. */
	readonly path: string;
	/** Relative to the project, or `${CLAUDE_PLUGIN_ROOT}/...` inside a plugin's folder. */
	readonly shown: string;
	/**
	 * SHA-256 hex, `missing`, `large:<stamp>` for a file too big to hash, or `special` for one never read (a FIFO,
	 * a device, a file under /proc, /sys or /dev); the last two are told as notes (`large_file`, `special_file`).
	 */
	readonly hash: string;
	/** True when a word of the command names it (the dialog says `runs`); false for a hook-folder or sibling file. */
	readonly named: boolean;
}

/** What an approval of one hook covers now. */
export interface Coverage {
	/** Sorted by `shown`. */
	readonly files: readonly CoveredFile[];
	readonly notes: readonly CoverageNote[];
}

/** The coverage of project hooks, cached by stamps. */
export interface CoverageTracker {
	/** The coverage of `entry` now (lists folders and hashes files whose stamp moved). Empty for a user's hook. */
	of(entry: HookEntry): Coverage;
	/**
	 * True when no file or folder `entry`'s last {@link of} covered has a moved stamp: one `stat` each, no read.
	 * False when `of` was never called for it.
	 */
	unchanged(entry: HookEntry): boolean;
	/** A string that changes when any covered file seen so far changes; for the config store's between-events check. */
	stamp(): string;
}

const EMPTY: Coverage = { files: [], notes: [] };

/** The stamps `unchanged` compares, in one flat list per hook. */
interface Watch {
	readonly paths: readonly string[];
	readonly stamps: readonly string[];
}

/** True when `path` is the folder `dir` or inside it. */
const isInside = (dir: string, path: string): boolean => pathPlace(dir, path) !== "outside";

/**
 * Creates the tracker; `skip`: absolute paths never covered (pi's agent dir, where this extension keeps state);
 * `memory`: covered files' states kept across starts (file-state.ts), hashed again only when their stamp moved.
 */
export const createCoverage = (
	projectDir: string,
	skip: readonly string[] = [],
	memory?: FileStateMemory,
): CoverageTracker => {
	const files: FileStates = createFileStates(memory);
	const reaches = new WeakMap<HookEntry, HookReach>();
	const watches = new WeakMap<HookEntry, Watch>();
	const isFile = (path: string): boolean => fileStamp(path).endsWith(":f");

	const listings = createFolderListings(skip);
	const listing = listings.list;
	const shownPath = (path: string, pluginRoot: string | undefined): string => {
		if (isInside(projectDir, path)) return relative(projectDir, path);
		return pluginRoot === undefined ? path : `\${CLAUDE_PLUGIN_ROOT}/${relative(pluginRoot, path)}`;
	};

	return {
		of(entry) {
			if (!entry.source.project) return EMPTY;
			const pluginRoot = entry.source.plugin?.root ?? entry.source.root;
			const folders = [join(projectDir, ".claude"), join(projectDir, ".pi")];
			if (pluginRoot !== undefined && !isInside(projectDir, pluginRoot)) folders.push(pluginRoot);
			let reach = reaches.get(entry);
			if (reach === undefined) {
				reach = hookReach(entry, { projectDir, isFile });
				reaches.set(entry, reach);
			}
			const notes: CoverageNote[] = [...reach.notes];
			const covered = new Map<string, boolean>();
			const dirs: [string, string][] = [];
			for (const folder of folders) {
				const listed = listing(folder, false);
				for (const path of listed.files) covered.set(path, false);
				dirs.push(...listed.dirs);
				if (listed.over) notes.push({ kind: "over_bound", word: `${shownPath(folder, pluginRoot)}/` });
			}
			for (const dir of reach.scriptDirs) {
				if (folders.some((folder) => isInside(folder, dir))) continue;
				const listed = listing(dir, true);
				for (const path of listed.files) if (!covered.has(path)) covered.set(path, false);
				dirs.push(...listed.dirs);
				if (listed.over) notes.push({ kind: "over_bound", word: `${shownPath(dir, pluginRoot) || "."}/` });
			}
			for (const path of reach.files) covered.set(path, true);
			const paths: string[] = [];
			const stamps: string[] = [];
			for (const [dir, stamp] of dirs) {
				paths.push(dir);
				stamps.push(stamp);
			}
			const list: CoveredFile[] = [];
			for (const [path, named] of covered) {
				const state = files.state(path);
				paths.push(path);
				stamps.push(state.stamp);
				list.push({ path, shown: shownPath(path, pluginRoot), hash: state.hash, named });
			}
			list.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));
			for (const file of list) {
				const untracked = untrackedContent(file.hash);
				if (untracked !== undefined) notes.push({ kind: `${untracked}_file`, word: file.shown });
			}
			watches.set(entry, { paths, stamps });
			return { files: list, notes };
		},
		unchanged(entry) {
			const watch = watches.get(entry);
			if (watch === undefined) return false;
			const { paths, stamps } = watch;
			for (let index = 0; index < paths.length; index += 1) {
				if (fileStamp(paths[index] as string) !== stamps[index]) return false;
			}
			return true;
		},
		stamp() {
			return files.stamp() + listings.stamp();
		},
	};
};
