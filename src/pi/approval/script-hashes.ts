/**
 * SHA-256 of the scripts project hooks run, computed when a script is first seen and again only when its
 * stamp (size, mtime, inode) changes: a hook call never hashes a file.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { fileStamp } from "../../engine/config/load.ts";

/** What a script's hash is when it does not exist (yet), is not a regular file, or cannot be read. */
export const MISSING_SCRIPT = "missing";

/** Largest script hashed, in bytes; a bigger file is identified by its size and stamp instead. */
const MAX_SCRIPT_BYTES = 16 * 1024 * 1024;

/** The hashes of scripts, cached by stamp. */
export interface ScriptHashes {
	/** The SHA-256 (hex) of `path`, or {@link MISSING_SCRIPT}. Hashes only when the file changed since last time. */
	hash(path: string): string;
	/** A string that changes when any script seen so far changes (one `stat` per script). */
	stamp(): string;
}

const hashFile = (path: string, stamp: string): string => {
	try {
		const stat = statSync(path);
		if (!stat.isFile()) return MISSING_SCRIPT;
		if (stat.size > MAX_SCRIPT_BYTES) return `large:${stamp}`;
		return createHash("sha256").update(readFileSync(path)).digest("hex");
	} catch {
		return MISSING_SCRIPT;
	}
};

/** Creates an empty cache. */
export const createScriptHashes = (): ScriptHashes => {
	const known = new Map<string, { stamp: string; hash: string }>();
	return {
		hash(path) {
			const stamp = fileStamp(path);
			const cached = known.get(path);
			if (cached?.stamp === stamp) return cached.hash;
			const hash = stamp === "missing" ? MISSING_SCRIPT : hashFile(path, stamp);
			known.set(path, { stamp, hash });
			return hash;
		},
		stamp() {
			let stamp = "";
			for (const path of known.keys()) stamp += `${path}\u0000${fileStamp(path)}\u0000`;
			return stamp;
		},
	};
};
