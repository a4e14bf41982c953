/**
 * The tripwire's memory of what each hook's command reaches, kept across pi starts (issue #38): parsing every
 * hook's command (engine/trust/reach.ts, the shell parser loaded for it) was most of a start-up with many hooks.
 * A reach is a pure function of the command, its folders and the `isFile` answers it asked for, so a remembered
 * reach is reused while every one of those answers still holds (one `stat` each) and parsed again otherwise:
 * the same rule the printer keeps within one process. The file (`<agentDir>/pi-hook-manager/reach-cache.json`,
 * mode 0600, beside the seen-state) is written only when a reach was parsed anew, never on a start where nothing
 * changed. It also keeps the hash of each covered regular file with the stamp it was hashed at (file-state.ts's
 * memory), so a start hashes only the files whose stamp moved since; a stamp holds the size, mtime, ctime and inode,
 * and any write moves the ctime. It holds no trust of its own: whoever can write it can write the seen-state beside
 * it. A missing, corrupt or foreign file is an empty cache (every reach parsed, every file hashed again), never an
 * error.
 */
import { join } from "node:path";
import { isObject } from "../../engine/is-object.ts";
import type { HookReach, ReachNote } from "../../engine/trust/reach.ts";
import { createJsonFileStore } from "../stores/json-store.ts";
import type { FileState, FileStateMemory } from "./file-state.ts";

/** The cache file under pi's agent dir. */
export const reachCacheFile = (agentDir: string): string => join(agentDir, "pi-hook-manager", "reach-cache.json");

/** The version written; a file of another version is ignored (and replaced at the next write). */
export const REACH_CACHE_VERSION = 1;

/** Most reaches kept: the oldest go first (a key names one command in one project). */
export const MAX_CACHED_REACHES = 4000;

/** Most file states kept: the oldest go first. */
export const MAX_CACHED_FILES = 20000;

/** One remembered reach and the `isFile` answers it was made with (path, answer). */
export interface CachedReach {
	readonly reach: HookReach;
	readonly asked: readonly (readonly [string, boolean])[];
}

/** Reaches by key and covered files' states by path, remembered across starts. */
export interface ReachCache extends FileStateMemory {
	/** The reach of `key` when every answer it was made with still holds (`isFile`); undefined otherwise. */
	get(key: string, isFile: (path: string) => boolean): CachedReach | undefined;
	/** Remembers `reach` of `key`, made with the answers `asked`. */
	set(key: string, reach: HookReach, asked: ReadonlyMap<string, boolean>): void;
	/** Writes the file when something new was remembered since it was read; a no-op otherwise. Never throws. */
	save(): void;
}

const isStrings = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((item) => typeof item === "string");

const isNote = (value: unknown): value is ReachNote =>
	isObject(value) && typeof value.kind === "string" && typeof value.word === "string";

const decodeOne = (value: unknown): CachedReach | undefined => {
	if (!isObject(value) || !isObject(value.reach) || !Array.isArray(value.asked)) return undefined;
	const { files, scriptDirs, notes } = value.reach;
	if (!isStrings(files) || !isStrings(scriptDirs) || !Array.isArray(notes) || !notes.every(isNote)) return undefined;
	const asked = value.asked.filter(
		(pair): pair is [string, boolean] =>
			Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "boolean",
	);
	if (asked.length !== value.asked.length) return undefined;
	return { reach: { files, scriptDirs, notes }, asked };
};

/** The file states of the file (`[stamp, hash]` by path); a malformed one is left out. */
const decodeFiles = (value: unknown): Map<string, FileState> => {
	const files = new Map<string, FileState>();
	if (!isObject(value)) return files;
	for (const [path, pair] of Object.entries(value))
		if (Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string")
			files.set(path, { stamp: pair[0], hash: pair[1] });
	return files;
};

/** What the file holds. */
interface CacheData {
	readonly reaches: Map<string, CachedReach>;
	readonly files: Map<string, FileState>;
}

/** A cache over `file`; undefined `file`: one that only lives in memory (the CLI's printers). */
export const createReachCache = (file: string | undefined): ReachCache => {
	const store =
		file === undefined
			? undefined
			: createJsonFileStore<CacheData>(file, {
					name: "reach cache",
					empty: () => ({ reaches: new Map(), files: new Map() }),
					decode: (json) => {
						if (!isObject(json) || json.version !== REACH_CACHE_VERSION || !isObject(json.reaches))
							return undefined;
						const reaches = new Map<string, CachedReach>();
						for (const [key, value] of Object.entries(json.reaches)) {
							const one = decodeOne(value);
							if (one !== undefined) reaches.set(key, one);
						}
						return { reaches, files: decodeFiles(json.files) };
					},
					encode: (data) => ({
						version: REACH_CACHE_VERSION,
						reaches: Object.fromEntries(data.reaches),
						files: Object.fromEntries(
							[...data.files].map(([path, state]) => [path, [state.stamp, state.hash]]),
						),
					}),
				});
	let data: CacheData | undefined;
	const loaded = (): CacheData => {
		data ??= store?.read().data ?? { reaches: new Map(), files: new Map() };
		return data;
	};
	let changed = false;
	return {
		get(key, isFile) {
			const cached = loaded().reaches.get(key);
			if (cached === undefined) return undefined;
			return cached.asked.every(([path, was]) => isFile(path) === was) ? cached : undefined;
		},
		set(key, reach, asked) {
			const all = loaded().reaches;
			all.delete(key);
			all.set(key, { reach, asked: [...asked] });
			while (all.size > MAX_CACHED_REACHES) all.delete(all.keys().next().value as string);
			changed = true;
		},
		recall: (path) => loaded().files.get(path),
		keep(path, state) {
			const files = loaded().files;
			const was = files.get(path);
			if (was?.stamp === state.stamp && was.hash === state.hash) return;
			files.delete(path);
			files.set(path, state);
			while (files.size > MAX_CACHED_FILES) files.delete(files.keys().next().value as string);
			changed = true;
		},
		save() {
			if (!changed || store === undefined) return;
			changed = false;
			store.write(loaded());
		},
	};
};
