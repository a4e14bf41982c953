/**
 * What a covered file is now: its SHA-256, computed when the file is first seen and again only when its stamp
 * (size, mtime, ctime, inode: `fileStamp`) moved, so checking an unchanged file costs one `stat`. The stamp is
 * taken before the file is read: a write that lands during the read moves the stamp again and is hashed next time.
 * Given a memory that outlives the process (the reach cache, reach-cache.ts), a file whose stamp is as remembered is
 * not read at all: a start where nothing changed hashes nothing.
 */
import { createHash } from "node:crypto";
import { fileStamp } from "../../engine/config/load.ts";
import { hashCapped } from "../../engine/io/capped-read.ts";

/** What a file's hash is when it does not exist (yet) or cannot be read. */
export const MISSING_FILE = "missing";

/**
 * What a file's hash is when it exists but its content is not read: not a regular file (a FIFO, socket, device), or
 * one under `/proc`, `/sys` or `/dev` (a `/proc` file says size 0 and can run to hundreds of GB). Its content is
 * not tracked; the dialog says so (coverage.ts).
 */
export const SPECIAL_FILE = "special";

/** Largest file hashed, in bytes; a bigger one is identified by its stamp, so any touch of it asks again. */
export const MAX_HASHED_BYTES = 4 * 1024 * 1024;

/** True when `hash` says the file's content is not tracked: too large to hash, or not a file on disk. */
export const untrackedContent = (hash: string): "large" | "special" | undefined =>
	hash === SPECIAL_FILE ? "special" : hash.startsWith("large:") ? "large" : undefined;

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

const hashFile = (path: string, stamp: string): string => {
	if (stamp === "missing" || stamp.endsWith(":d")) return MISSING_FILE;
	// Streamed with a cap whatever the stamp's size says (a /proc file says 0); a FIFO or device is never opened.
	const found = hashCapped(path, MAX_HASHED_BYTES, createHash("sha256"));
	switch (found.kind) {
		case "ok":
			return found.hash;
		case "large":
			return `large:${stamp}`;
		case "special":
		case "pseudo":
			return SPECIAL_FILE;
		default:
			return MISSING_FILE;
	}
};

/** Where file states outlive the process: asked before a file is hashed, told of each regular file hashed. */
export interface FileStateMemory {
	/** The state remembered for `path` (its stamp then), or undefined. */
	recall(path: string): FileState | undefined;
	/** Remembers the state of the regular file `path`, just hashed. */
	keep(path: string, state: FileState): void;
}

/** Creates an empty cache; `memory`: states remembered across pi starts, used while their stamp holds. */
export const createFileStates = (memory?: FileStateMemory): FileStates => {
	const known = new Map<string, FileState>();
	return {
		state(path) {
			const stamp = fileStamp(path);
			const cached = known.get(path) ?? memory?.recall(path);
			if (cached?.stamp === stamp) {
				known.set(path, cached);
				return cached;
			}
			const state = { stamp, hash: hashFile(path, stamp) };
			known.set(path, state);
			if (stamp.endsWith(":f")) memory?.keep(path, state);
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
