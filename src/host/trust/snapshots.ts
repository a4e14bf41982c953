/**
 * Copies of the covered files as approved, so the re-approval dialog can show what changed in one (a short line
 * diff) and not only "CHANGED". Kept beside the approvals file in `<agent dir>/pi-hook-manager/snapshots/`, one
 * file per content hash (the approved file's SHA-256), mode 0600, secrets masked; only text files up to
 * {@link MAX_SNAPSHOT_BYTES}, at most {@link MAX_SAVE_BYTES} per approval, so the folder stays small.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readCapped } from "../../engine/io/capped-read.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import { type DiffLine, lineDiff } from "../../engine/trust/line-diff.ts";
import { STATE_FILE_MODE } from "../stores/json-store.ts";

/** Largest covered file a copy is kept of, in bytes (and compared when it changes). */
export const MAX_SNAPSHOT_BYTES = 64 * 1024;

/** Most bytes of copies written for one approval. */
export const MAX_SAVE_BYTES = 4 * 1024 * 1024;

/** The copies. */
export interface Snapshots {
	/** Keeps a copy of each file (absolute path and its SHA-256) not kept yet, within the bounds. Never throws. */
	save(files: readonly { readonly path: string; readonly hash: string }[]): void;
	/** What changed in `path` since the version whose SHA-256 was `before`; `undefined` before: a new file. */
	diff(before: string | undefined, path: string): DiffLine[];
}

const HASH = /^[0-9a-f]{64}$/;

/** The file's text when it is a text file within the bound, else why not. */
const readText = (path: string): string | "binary" | "large" | undefined => {
	// Capped whatever stat says: a /proc file (size 0, endless) or a device is never read.
	const found = readCapped(path, MAX_SNAPSHOT_BYTES);
	if (found.kind === "large") return "large";
	if (found.kind !== "ok") return undefined;
	if (found.bytes.includes(0)) return "binary";
	return found.bytes.toString("utf8");
};

/** Creates the copies kept in `dir`. */
export const createSnapshots = (dir: string): Snapshots => ({
	save(files) {
		let written = 0;
		for (const file of files) {
			if (!HASH.test(file.hash) || written > MAX_SAVE_BYTES) continue;
			const target = join(dir, file.hash);
			try {
				if (existsSync(target)) continue;
				const text = readText(file.path);
				if (text === undefined || text === "binary" || text === "large") continue;
				mkdirSync(dir, { recursive: true, mode: 0o700 });
				const masked = redactSecrets(text);
				writeFileSync(target, masked, { mode: STATE_FILE_MODE });
				written += masked.length;
			} catch {
				// A copy is for showing a diff only: without it the dialog says no copy was kept.
			}
		}
	},
	diff(before, path) {
		const now = readText(path);
		if (now === "binary" || now === "large") return [{ op: "unknown", reason: now }];
		let then = "";
		if (before !== undefined) {
			try {
				then = HASH.test(before) ? readFileSync(join(dir, before), "utf8") : "";
			} catch {
				return [{ op: "unknown", reason: "no_copy" }];
			}
			if (!HASH.test(before)) return [{ op: "unknown", reason: "no_copy" }];
		}
		return lineDiff(then, redactSecrets(now ?? ""));
	},
});
