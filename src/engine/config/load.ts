/**
 * The only file-system access of the engine's configuration: reading a settings file and a cheap change
 * stamp for it. Every failure is a value (missing, unreadable, a directory or device, too large), never a throw.
 */
import { type Stats, statSync } from "node:fs";
import { readCapped } from "../io/capped-read.ts";

/** Largest settings file read, in bytes; bigger files are reported and skipped. */
export const MAX_SETTINGS_BYTES = 16 * 1024 * 1024;

/** Result of reading one settings file. */
export type FileRead =
	| { readonly kind: "missing" }
	| { readonly kind: "ok"; readonly text: string }
	| { readonly kind: "error"; readonly message: string };

/**
 * A string that changes when the file changes (size, mtime, ctime, inode), `"missing"` when it does not exist,
 * or `"error:<code>"` when it cannot be stat'ed. Costs one `stat` call. ctime is in it because a rewrite that puts
 * the old mtime back (`touch -r`) cannot put the old ctime back. It ends in `d` for a directory, `f` for a regular
 * file and `o` for anything else (a FIFO, socket or device).
 */
export const fileStamp = (file: string): string => {
	try {
		// No exception for a missing file: most of the five settings files usually are, and this runs per event.
		const stat = statSync(file, { throwIfNoEntry: false });
		return stat === undefined ? "missing" : statStamp(stat);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === "ENOENT" || code === "ENOTDIR" ? "missing" : `error:${code ?? "unknown"}`;
	}
};

/** The {@link fileStamp} of a `stat` (or an `lstat` of what is no symlink) already made. */
export const statStamp = (stat: Stats): string => {
	const kind = stat.isDirectory() ? "d" : stat.isFile() ? "f" : "o";
	return `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}:${kind}`;
};

/** Reads a settings file as UTF-8. A broken symlink counts as missing; never throws. */
export const readSettingsFile = (file: string): FileRead => {
	// Reading a FIFO blocks until a writer comes, /dev/zero never ends, a /proc file says size 0 and runs to GBs:
	// regular files outside /proc, /sys and /dev only, read with a cap whatever their size says.
	const found = readCapped(file, MAX_SETTINGS_BYTES);
	switch (found.kind) {
		case "ok":
			return { kind: "ok", text: found.bytes.toString("utf8") };
		case "missing":
			return { kind: "missing" };
		case "directory":
			return { kind: "error", message: "is a directory, not a settings file" };
		case "special":
			return { kind: "error", message: "is not a regular file (a FIFO, socket or device), so it is not read" };
		case "pseudo":
			return { kind: "error", message: "lies under /proc, /sys or /dev (not a file on disk), so it is not read" };
		case "large":
			return {
				kind: "error",
				message:
					found.size > MAX_SETTINGS_BYTES
						? `is ${found.size} bytes; settings files over ${MAX_SETTINGS_BYTES} bytes are not read`
						: `holds more than ${MAX_SETTINGS_BYTES} bytes; settings files over that are not read`,
			};
		case "error":
			return { kind: "error", message: `cannot be read: ${found.message}` };
	}
};
