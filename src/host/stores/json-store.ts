/**
 * The small JSON file store behind pi-hook-manager's own state files (approvals, per-hook switches): read
 * with one consistent handling of a missing or corrupt file, written atomically with mode 0600. A corrupt
 * file is never silently lost: it is treated as empty, the reader is told why, and the next write first moves
 * it aside to `<file>.corrupt`.
 */
import { renameSync } from "node:fs";
import { writeFileAtomic } from "../../engine/io/atomic-write.ts";
import { type CappedMiss, readCapped } from "../../engine/io/capped-read.ts";

/** Permission bits of every state file: only the user may read it (it names commands, files and URLs). */
export const STATE_FILE_MODE = 0o600;

/** Largest state file read, in bytes; a bigger one (or a link to /proc or a device) counts as corrupt. */
export const MAX_STATE_FILE_BYTES = 64 * 1024 * 1024;

/** Why a state file could not be read, in words. */
const missText = (miss: Exclude<CappedMiss, { readonly kind: "missing" }>): string => {
	switch (miss.kind) {
		case "error":
			return `cannot be read: ${miss.message}`;
		case "large":
			return `holds more than ${MAX_STATE_FILE_BYTES} bytes`;
		case "directory":
			return "is a directory";
		default:
			return "is not a regular file on disk";
	}
};

/** What reading the file gave: its data (empty when missing or corrupt) and, when it was unusable, why. */
export interface StoreRead<T> {
	readonly data: T;
	/** Why the file could not be used (it then counts as empty); undefined when it could, or is missing. */
	readonly problem: string | undefined;
}

/** One JSON state file. */
export interface JsonFileStore<T> {
	readonly file: string;
	/** Reads the file now. Never throws. */
	read(): StoreRead<T>;
	/** Writes `data` atomically with mode 0600; returns why it failed, or undefined. Never throws. */
	write(data: T): string | undefined;
}

/** How a store reads its format. */
export interface JsonFileFormat<T> {
	/** The data of a missing or unusable file. */
	readonly empty: () => T;
	/** The data of a parsed file; undefined when the JSON is not this format. */
	readonly decode: (json: unknown) => T | undefined;
	/** The JSON value written for `data` (e.g. with a version field). */
	readonly encode: (data: T) => unknown;
	/** Short name for messages, e.g. `"approvals"`. */
	readonly name: string;
}

type Parsed<T> =
	| { readonly kind: "ok" | "missing"; readonly data: T }
	| { readonly kind: "corrupt"; readonly why: string };

/** Creates the store of `file` in `format`. */
export const createJsonFileStore = <T>(file: string, format: JsonFileFormat<T>): JsonFileStore<T> => {
	const parse = (): Parsed<T> => {
		const found = readCapped(file, MAX_STATE_FILE_BYTES);
		if (found.kind === "missing") return { kind: "missing", data: format.empty() };
		if (found.kind !== "ok") return { kind: "corrupt", why: missText(found) };
		const text = found.bytes.toString("utf8");
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch (error) {
			return { kind: "corrupt", why: `is not valid JSON (${(error as Error).message})` };
		}
		const data = format.decode(json);
		return data === undefined
			? { kind: "corrupt", why: `is not a pi-hook-manager ${format.name} file` }
			: { kind: "ok", data };
	};
	return {
		file,
		read() {
			const parsed = parse();
			if (parsed.kind !== "corrupt") return { data: parsed.data, problem: undefined };
			return {
				data: format.empty(),
				problem: `${file} ${parsed.why}; it is ignored (the next change moves it to ${file}.corrupt)`,
			};
		},
		write(data) {
			try {
				if (parse().kind === "corrupt") renameSync(file, `${file}.corrupt`);
				writeFileAtomic(file, `${JSON.stringify(format.encode(data), null, 2)}\n`, { mode: STATE_FILE_MODE });
				return undefined;
			} catch (error) {
				return `the ${format.name} could not be saved to ${file}: ${(error as Error).message}`;
			}
		},
	};
};
