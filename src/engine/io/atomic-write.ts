/**
 * The one atomic file write: a temp file in the same directory, then rename, so a reader never sees half a
 * file and a crash never leaves one. Used for settings edits and for pi-hook-manager's own state files.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
	/**
	 * Permission bits of the written file, e.g. `0o600` for state files. Default: the old file's mode, or `0o644`
	 * for a new file. A directory that has to be created gets `0o700` when `mode` is given, else the default.
	 */
	readonly mode?: number;
}

/** The real file behind `file` (a dotfiles symlink keeps pointing at its target after the rename). */
const realTarget = (file: string): string => {
	try {
		return realpathSync(file);
	} catch {
		return file;
	}
};

/** Who hears of each write of {@link writeFileAtomic}: pi-hook-manager's own writes (issue #40's file ledger). */
const ownWrites = new Set<(file: string) => void>();

/**
 * Calls `listener` with the path after each successful {@link writeFileAtomic} in this process (the /hooks editor's
 * settings edits, pi-hook-manager's state files): writes that are not the agent's. Returns the unsubscribe.
 */
export const onOwnWrite = (listener: (file: string) => void): (() => void) => {
	ownWrites.add(listener);
	return () => {
		ownWrites.delete(listener);
	};
};

/** Writes `text` to `file` atomically (through symlinks). Throws the file system's error; leaves no temp file. */
export const writeFileAtomic = (file: string, text: string | Uint8Array, options: AtomicWriteOptions = {}): void => {
	const target = realTarget(file);
	mkdirSync(dirname(target), { recursive: true, ...(options.mode === undefined ? {} : { mode: 0o700 }) });
	let mode = options.mode ?? 0o644;
	if (options.mode === undefined) {
		try {
			mode = statSync(target).mode & 0o777;
		} catch {
			// A new file gets the default mode.
		}
	}
	const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
	try {
		writeFileSync(temp, text, { mode, flag: "wx" });
		renameSync(temp, target);
	} catch (error) {
		try {
			unlinkSync(temp);
		} catch {
			// The temp file was never created, or the rename consumed it.
		}
		throw error;
	}
	for (const listener of ownWrites)
		try {
			listener(file);
		} catch {
			// A listener's failure is not the write's.
		}
};
