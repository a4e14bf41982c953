/**
 * Watches a list of files for writes, creation and deletion (Claude Code's FileChanged `change`, `add`, `unlink`;
 * the settings files ConfigChange is about): one `fs.watch` per folder holding a watched file, whatever writes the
 * file. A burst of events on one file (an editor's truncate-then-write, a rename into place) is one change once it
 * has been quiet for the debounce; a file whose state (`stat`) ends where it started is no change. The watchers keep
 * no process alive, and `close` ends them all; a folder that does not exist or cannot be watched is left unwatched
 * (never an error).
 */
import { type FSWatcher, type Stats, statSync, watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";

/** What happened to a watched file: written, created, or deleted. */
export type FileEventKind = "change" | "add" | "unlink";

/** The watch over a set of files. */
export interface FileWatch {
	/** Watches exactly `paths` (absolute) from now on; each file's state is taken now, so no event fires for it. */
	set(paths: readonly string[]): void;
	/** The files watched, sorted. */
	paths(): readonly string[];
	/** Stops every watcher and pending event; `set` after it watches nothing. */
	close(): void;
}

/** Options of {@link watchFiles}. */
export interface FileWatchOptions {
	/** Milliseconds a file must be quiet before its change is told; default 100. */
	readonly debounceMs?: number;
}

/** Default quiet time of a file before its change is told, in milliseconds. */
export const DEFAULT_DEBOUNCE_MS = 100;

/** A file's state as far as a change goes: undefined when it does not exist. */
const stateOf = (path: string): string | undefined => {
	let stats: Stats | undefined;
	try {
		stats = statSync(path, { throwIfNoEntry: false });
	} catch {
		return undefined;
	}
	return stats === undefined ? undefined : `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
};

/** The kind of change from state `before` to `after`; undefined when the file ends where it started. */
const kindOf = (before: string | undefined, after: string | undefined): FileEventKind | undefined => {
	if (before === after) return undefined;
	if (before === undefined) return "add";
	return after === undefined ? "unlink" : "change";
};

/** Watches files and calls `onEvent` (never throwing into the watcher) for each change, add or unlink. */
export const watchFiles = (
	onEvent: (path: string, kind: FileEventKind) => void,
	options: FileWatchOptions = {},
): FileWatch => {
	const debounce = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
	/** Each watched file's last state, by absolute path. */
	const states = new Map<string, string | undefined>();
	/** One watcher per folder, with the names watched in it. */
	const folders = new Map<string, { watcher: FSWatcher | undefined; names: Set<string> }>();
	const timers = new Map<string, NodeJS.Timeout>();
	let closed = false;

	const settle = (path: string): void => {
		timers.delete(path);
		if (closed || !states.has(path)) return;
		const before = states.get(path);
		const after = stateOf(path);
		states.set(path, after);
		const kind = kindOf(before, after);
		if (kind === undefined) return;
		try {
			onEvent(path, kind);
		} catch {
			// The listener's failure is its own; the watch goes on.
		}
	};
	const touched = (path: string): void => {
		if (closed) return;
		clearTimeout(timers.get(path));
		const timer = setTimeout(settle, debounce, path);
		timer.unref();
		timers.set(path, timer);
	};
	const openFolder = (folder: string, names: Set<string>): FSWatcher | undefined => {
		try {
			const watcher = watch(folder, { persistent: false }, (_type, name) => {
				// Without a name (some platforms) every watched file of the folder may have changed.
				const hit = name === null ? [...names] : names.has(String(name)) ? [String(name)] : [];
				for (const one of hit) touched(resolve(folder, one));
			});
			watcher.on("error", () => {
				// The folder went away (or the watch broke): the next `set` watches it again.
				watcher.close();
				const open = folders.get(folder);
				if (open?.watcher === watcher) open.watcher = undefined;
			});
			return watcher;
		} catch {
			return undefined; // A folder that does not exist (yet) or cannot be watched: no events from it.
		}
	};

	return {
		set(paths) {
			if (closed) return;
			const wanted = new Set(paths.map((path) => resolve(path)));
			for (const path of [...states.keys()]) {
				if (wanted.has(path)) continue;
				states.delete(path);
				clearTimeout(timers.get(path));
				timers.delete(path);
			}
			const byFolder = new Map<string, Set<string>>();
			for (const path of wanted) {
				if (!states.has(path)) states.set(path, stateOf(path));
				const names = byFolder.get(dirname(path)) ?? new Set<string>();
				names.add(basename(path));
				byFolder.set(dirname(path), names);
			}
			for (const [folder, open] of [...folders]) {
				if (byFolder.has(folder)) continue;
				open.watcher?.close();
				folders.delete(folder);
			}
			for (const [folder, names] of byFolder) {
				const open = folders.get(folder);
				if (open !== undefined && open.watcher !== undefined) {
					open.names.clear();
					for (const name of names) open.names.add(name);
				} else folders.set(folder, { watcher: openFolder(folder, names), names });
			}
		},
		paths: () => [...states.keys()].sort(),
		close() {
			closed = true;
			for (const timer of timers.values()) clearTimeout(timer);
			timers.clear();
			for (const open of folders.values()) open.watcher?.close();
			folders.clear();
			states.clear();
		},
	};
};
