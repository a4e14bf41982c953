/**
 * What a covered file is now: its SHA-256, computed when the file is first seen and again only when its stamp
 * (size, mtime, ctime, inode: `fileStamp`) moved, so checking an unchanged file costs one `stat`. The stamp is
 * taken before the file is read: a write that lands during the read moves the stamp again and is hashed next time.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileStamp } from "../../engine/config/load.ts";

/** What a file's hash is when it does not exist (yet), is not a regular file, or cannot be read. */
export const MISSING_FILE = "missing";

/** Largest file hashed, in bytes; a bigger one is identified by its stamp, so any touch of it asks again. */
export const MAX_HASHED_BYTES = 4 * 1024 * 1024;

/** One file's state: its hash and the stamp it was hashed at. */
export interface FileState {
	readonly stamp: string;
	readonly hash: string;
}

/** The hashes of files, cached by stamp. */
export interface FileStates {
	/** The state of `path` now: hashed again only when its stamp moved since the last call. Never throws. */
	state(path: string): FileState;
	/** The cached state of `path`, without looking at the file (undefined when never seen). */
	known(path: string): FileState | undefined;
	/** A string that changes when any file seen so far changes (one `stat` per file); for the config store. */
	stamp(): string;
}

/** The stamp's size, when the stamp says it is a regular file. */
const sizeOf = (stamp: string): number => Number(stamp.slice(0, stamp.indexOf(":")));

const hashFile = (path: string, stamp: string): string => {
	// Only a regular file is read: a FIFO or device could block or never end; it counts as missing.
	if (!stamp.endsWith(":f")) return MISSING_FILE;
	if (sizeOf(stamp) > MAX_HASHED_BYTES) return `large:${stamp}`;
	try {
		return createHash("sha256").update(readFileSync(path)).digest("hex");
	} catch {
		return MISSING_FILE;
	}
};

/** Creates an empty cache. */
export const createFileStates = (): FileStates => {
	const known = new Map<string, FileState>();
	return {
		state(path) {
			const stamp = fileStamp(path);
			const cached = known.get(path);
			if (cached?.stamp === stamp) return cached;
			const state = { stamp, hash: hashFile(path, stamp) };
			known.set(path, state);
			return state;
		},
		known: (path) => known.get(path),
		stamp() {
			let stamp = "";
			for (const path of known.keys()) stamp += `${path}\u0000${fileStamp(path)}\u0000`;
			return stamp;
		},
	};
};
