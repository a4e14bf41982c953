/**
 * The one way a file a repository can point at is read or hashed (issue #40): only a regular file outside
 * `/proc`, `/sys` and `/dev`, and never more than a byte cap, whatever `stat` said. A `/proc` "file" says size 0 and
 * can run to hundreds of GB (`/proc/self/pagemap`), a FIFO blocks until a writer comes, `/dev/zero` never ends, and
 * a regular file can grow while it is read: each of these reads stops at the cap. A device is never opened (opening
 * one can have effects of its own). Every failure is a value, never a throw.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";

/** Why a file was not read, or its bytes; `mode` and `size` are its `stat` values when it is a regular file. */
export type CappedRead =
	| { readonly kind: "ok"; readonly bytes: Buffer; readonly mode: number }
	/** Does not exist (or a broken symlink). */
	| { readonly kind: "missing" }
	/** A directory. */
	| { readonly kind: "directory" }
	/** Not a regular file: a FIFO, socket or device. */
	| { readonly kind: "special" }
	/** A file under `/proc`, `/sys` or `/dev` (after symlinks): not a file on disk, never read. */
	| { readonly kind: "pseudo" }
	/** More bytes than the cap (`size`: what `stat` said, which may be 0 for a file that grew or lies). */
	| { readonly kind: "large"; readonly size: number; readonly mode: number }
	| { readonly kind: "error"; readonly message: string; readonly code?: string };

/** The kinds of {@link CappedRead} that are not a read. */
export type CappedMiss = Exclude<CappedRead, { readonly kind: "ok" }>;

/** Folders whose "files" are not files on disk (after symlinks are followed). */
const PSEUDO = /^\/(?:proc|sys|dev)(?:\/|$)/;

/** Bytes read per `read` call. */
const CHUNK = 64 * 1024;

/** True when `path`, its symlinks followed, lies under `/proc`, `/sys` or `/dev`. */
export const isPseudoPath = (path: string): boolean => {
	try {
		return PSEUDO.test(realpathSync.native(path));
	} catch {
		return PSEUDO.test(path);
	}
};

const failed = (error: unknown): CappedMiss => {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
	return { kind: "error", message: (error as Error).message, ...(code === undefined ? {} : { code }) };
};

/**
 * Opens `path` when it is a regular file outside the pseudo folders and calls `chunk` with its bytes in order, at
 * most `cap` of them (more is `large`), until `chunk` returns false; returns what it found (`ok` with no bytes:
 * `chunk` had them).
 */
const scan = (path: string, cap: number, chunk: (bytes: Buffer) => boolean): CappedRead => {
	let fd: number | undefined;
	try {
		const stat = statSync(path);
		if (stat.isDirectory()) return { kind: "directory" };
		if (!stat.isFile()) return { kind: "special" };
		if (isPseudoPath(path)) return { kind: "pseudo" };
		if (stat.size > cap) return { kind: "large", size: stat.size, mode: stat.mode };
		// O_NONBLOCK: had the file been swapped for a FIFO since the stat, the open would otherwise wait for a writer.
		fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
		const opened = fstatSync(fd);
		if (!opened.isFile()) return { kind: "special" };
		const buffer = Buffer.allocUnsafe(Math.min(CHUNK, cap + 1));
		let total = 0;
		for (;;) {
			const read = readSync(fd, buffer, 0, Math.min(buffer.length, cap + 1 - total), null);
			if (read === 0) break;
			total += read;
			if (total > cap) return { kind: "large", size: opened.size, mode: opened.mode };
			if (!chunk(buffer.subarray(0, read))) break;
		}
		return { kind: "ok", bytes: Buffer.alloc(0), mode: opened.mode };
	} catch (error) {
		return failed(error);
	} finally {
		if (fd !== undefined) {
			try {
				closeSync(fd);
			} catch {
				// Nothing left to do with it.
			}
		}
	}
};

/** The bytes of `path` when it is a regular file outside `/proc`, `/sys`, `/dev` of at most `cap` bytes. */
export const readCapped = (path: string, cap: number): CappedRead => {
	const parts: Buffer[] = [];
	const found = scan(path, cap, (bytes) => parts.push(Buffer.from(bytes)) > 0);
	return found.kind === "ok" ? { kind: "ok", bytes: Buffer.concat(parts), mode: found.mode } : found;
};

/**
 * The first `cap` bytes of `path` (all of a shorter file) when it is a regular file outside `/proc`, `/sys`,
 * `/dev`: a file's head, e.g. for a lint that judges a long script by its first part.
 */
export const readHead = (path: string, cap: number): CappedRead => {
	const parts: Buffer[] = [];
	let total = 0;
	const found = scan(path, Number.POSITIVE_INFINITY, (bytes) => {
		const part = bytes.subarray(0, cap - total);
		parts.push(Buffer.from(part));
		total += part.length;
		return total < cap;
	});
	return found.kind === "ok" ? { kind: "ok", bytes: Buffer.concat(parts), mode: found.mode } : found;
};

/** What {@link hashCapped} found: the digest, or why there is none. */
export type CappedHash = { readonly kind: "ok"; readonly hash: string } | CappedMiss;

/**
 * The digest of `path` (`update` is fed its bytes in order; `digest` gives the result) when it is a regular file
 * outside `/proc`, `/sys`, `/dev` of at most `cap` bytes; streamed, so memory stays one chunk whatever the cap.
 */
export const hashCapped = (
	path: string,
	cap: number,
	hasher: { update(bytes: Buffer): unknown; digest(encoding: "hex"): string },
): CappedHash => {
	const found = scan(path, cap, (bytes) => {
		hasher.update(bytes);
		return true;
	});
	return found.kind === "ok" ? { kind: "ok", hash: hasher.digest("hex") } : found;
};
