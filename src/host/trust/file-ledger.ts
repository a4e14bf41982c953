/**
 * The file ledger (issue #40): what every file that decides what runs was when it was last stamped (at session
 * start, after an approval, after pi-hook-manager wrote it), with a copy of its bytes, so a change made behind the
 * agent's back (whatever wrote it: a wrapped `cp`, `tar -x`, `curl -o`, pi's `write`) is found after the tool call and
 * can be undone to the exact previous bytes. Checking costs one `stat` per watched file; only a file whose stamp moved
 * is read and hashed. A file above {@link MAX_LEDGER_BYTES} is watched by hash only: its change is found but cannot
 * be undone (the change says `restorable: false`). Only regular files outside `/proc`, `/sys` and `/dev` are read.
 */
import { createHash, randomBytes } from "node:crypto";
import {
	lstatSync,
	mkdirSync,
	readlinkSync,
	realpathSync,
	renameSync,
	type Stats,
	symlinkSync,
	unlinkSync,
	writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileStamp, statStamp } from "../../engine/config/load.ts";
import { readCapped } from "../../engine/io/capped-read.ts";

/** Largest file whose bytes are kept for undo, in bytes (settings files and hook scripts are far smaller). */
export const MAX_LEDGER_BYTES = 1024 * 1024;

/** The hash of a file that does not exist (or is not a regular file: a folder, a FIFO, a device). */
export const ABSENT = "absent";

/** One watched file as stamped. */
interface Stamped {
	readonly stamp: string;
	readonly hash: string;
	/** The bytes (undefined: absent, or above the cap) and the permission bits, for undo. */
	readonly bytes: Buffer | undefined;
	readonly mode: number;
	/** The path's own link target when it was a symlink at the stamp (`readlink`), else undefined. */
	readonly link: string | undefined;
}

/** A watched file whose content differs from its stamp. Hashes are SHA-256 hex, or {@link ABSENT}. */
export interface LedgerChange {
	readonly path: string;
	readonly before: string;
	readonly after: string;
	/** What happened: `created` (was absent), `deleted` (is absent now), `changed`. */
	readonly kind: "created" | "deleted" | "changed";
	/** True when the previous bytes are kept (or the file was absent), so {@link FileLedger.restore} can undo it. */
	readonly restorable: boolean;
	/** The previous text (UTF-8) and the text now, for a diff; undefined when not kept or binary. */
	readonly beforeText: string | undefined;
	readonly afterText: string | undefined;
}

/** The ledger of one session. */
export interface FileLedger {
	/** Stamps each of `paths` as it is now (the new baseline of each), with a copy of its bytes. Never throws. */
	stamp(paths: readonly string[]): void;
	/**
	 * Watches each of `paths` as absent at the last check, whatever it is now (a file found in a folder created since,
	 * so its next check reports it `created`). Never throws.
	 */
	stampAbsent(paths: readonly string[]): void;
	/** Stops watching `path`. */
	forget(path: string): void;
	/** The watched paths. */
	paths(): string[];
	/** The watched files whose content differs from their stamp: a `stat` each, a hash for a moved stamp. */
	changes(): LedgerChange[];
	/** Puts back the stamped bytes of `path` (removes a file that was absent); returns why it failed. Never throws. */
	restore(path: string): string | undefined;
}

const realOf = (path: string): string => {
	try {
		return realpathSync.native(path);
	} catch {
		return path;
	}
};

const sha = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

/** A path's stamp: its {@link fileStamp}, and for a symlink also the link's own target. */
interface PathStamp {
	/** The fileStamp of what the path names, with `->target` for a symlink. */
	readonly stamp: string;
	/** True when the path names a regular file (through a symlink too). */
	readonly regular: boolean;
	/** The link's own target when the path is a symlink, else undefined. */
	readonly link: string | undefined;
}

/**
 * The stamp of a path, for one `lstat` when it is no symlink (the common case, on each check). A symlink's stamp
 * also carries the link's own target, so swapping the link itself (`ln -sf elsewhere settings.json`) moves the
 * stamp even when the new target's stat matches the old. Never throws.
 */
const stampOf = (path: string): PathStamp => {
	let stat: Stats | undefined;
	try {
		stat = lstatSync(path, { throwIfNoEntry: false });
	} catch {
		const stamp = fileStamp(path);
		return { stamp, regular: false, link: undefined };
	}
	if (stat === undefined) return { stamp: "missing", regular: false, link: undefined };
	if (!stat.isSymbolicLink()) return { stamp: statStamp(stat), regular: stat.isFile(), link: undefined };
	let link: string;
	try {
		link = readlinkSync(path);
	} catch {
		link = "?";
	}
	const target = fileStamp(path);
	return { stamp: `${target}->${link}`, regular: target.endsWith(":f"), link };
};

/** The file as it is now: absent unless a readable regular file; the bytes only within the cap. */
const look = (path: string): Stamped => {
	const { stamp, regular, link } = stampOf(path);
	if (!regular) return { stamp, hash: ABSENT, bytes: undefined, mode: 0, link };
	// Capped whatever stat says (a /proc file, never read, says size 0 and can run to gigabytes).
	const found = readCapped(path, MAX_LEDGER_BYTES);
	if (found.kind === "large") return { stamp, hash: `large:${stamp}`, bytes: undefined, mode: found.mode, link };
	if (found.kind !== "ok") return { stamp, hash: ABSENT, bytes: undefined, mode: 0, link };
	return { stamp, hash: sha(found.bytes), bytes: found.bytes, mode: found.mode & 0o7777, link };
};

const textOf = (bytes: Buffer | undefined): string | undefined =>
	bytes === undefined || bytes.includes(0) ? undefined : bytes.toString("utf8");

/** A temp name beside `path` for an atomic rename over it. */
const tempBeside = (path: string): string =>
	join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);

/**
 * Writes `bytes` atomically with `mode` to `target` (renamed over it: a symlink there is replaced, not followed).
 * Throws.
 */
const writeOver = (target: string, bytes: Buffer, mode: number): void => {
	mkdirSync(dirname(target), { recursive: true });
	const temp = tempBeside(target);
	try {
		writeFileSync(temp, bytes, { mode, flag: "wx" });
		renameSync(temp, target);
	} catch (error) {
		try {
			unlinkSync(temp);
		} catch {
			// Never created, or renamed.
		}
		throw error;
	}
};

/** Makes `path` the symlink to `link` again (renamed over what is there now). Throws. */
const relink = (path: string, link: string): void => {
	const temp = tempBeside(path);
	symlinkSync(link, temp);
	try {
		renameSync(temp, path);
	} catch (error) {
		unlinkSync(temp);
		throw error;
	}
};

/**
 * Puts the stamped file back at `path`. A path that was a regular file is written over as a regular file (a symlink
 * the agent put there is replaced, never followed: following it would overwrite the file it points at). A path that
 * was a symlink gets its link back, then the stamped bytes are written through it to the file it names (the
 * dotfiles case: `~/.claude/settings.json` linked into a dotfiles repository). Throws.
 */
const putBack = (path: string, then: Stamped & { readonly bytes: Buffer }): void => {
	if (then.link === undefined) {
		writeOver(path, then.bytes, then.mode);
		return;
	}
	if (stampOf(path).link !== then.link) relink(path, then.link);
	if (look(path).hash !== then.hash) writeOver(realOf(path), then.bytes, then.mode);
};

/** Creates an empty ledger. */
export const createFileLedger = (): FileLedger => {
	const stamped = new Map<string, Stamped>();
	return {
		stamp(paths) {
			for (const path of paths) stamped.set(path, look(path));
		},
		stampAbsent(paths) {
			// A stamp no path has: the next check looks at the file.
			for (const path of paths)
				stamped.set(path, { stamp: "", hash: ABSENT, bytes: undefined, mode: 0, link: undefined });
		},
		forget(path) {
			stamped.delete(path);
		},
		paths: () => [...stamped.keys()],
		changes() {
			const changes: LedgerChange[] = [];
			for (const [path, then] of stamped) {
				if (stampOf(path).stamp === then.stamp) continue;
				const now = look(path);
				if (now.hash === then.hash) {
					// Touched, same bytes: the new stamp spares the next check a read.
					stamped.set(path, { ...then, stamp: now.stamp });
					continue;
				}
				const kind = then.hash === ABSENT ? "created" : now.hash === ABSENT ? "deleted" : "changed";
				changes.push({
					path,
					before: then.hash,
					after: now.hash,
					kind,
					restorable: then.hash === ABSENT || then.bytes !== undefined,
					beforeText: textOf(then.bytes),
					afterText: textOf(now.bytes),
				});
			}
			return changes;
		},
		restore(path) {
			const then = stamped.get(path);
			if (then === undefined) return `${path} is not watched`;
			try {
				if (then.hash === ABSENT) {
					const stat = lstatSync(path, { throwIfNoEntry: false });
					if (stat !== undefined && !stat.isDirectory()) unlinkSync(path);
				} else if (then.bytes === undefined) {
					return `${path} is larger than ${MAX_LEDGER_BYTES} bytes: no copy was kept to put back`;
				} else putBack(path, { ...then, bytes: then.bytes });
				stamped.set(path, { ...then, stamp: stampOf(path).stamp });
				return undefined;
			} catch (error) {
				return `${path} could not be put back: ${(error as Error).message}`;
			}
		},
	};
};
