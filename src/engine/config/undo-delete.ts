/**
 * Undoing a hook deleted in the /hooks panel: when its file is still exactly what the delete wrote, the text from
 * before the delete is written back byte for byte (the hook at its place, every other byte as it was); when the
 * file changed since, the hook is added back to its event and matcher in the file as it is now. Never throws.
 */
import { writeFileAtomic } from "../io/atomic-write.ts";
import type { HookEntry } from "../types.ts";
import { type SaveResult, saveHookChange, snapshotFile } from "./edit.ts";

/** What the panel keeps of one delete to undo it. */
export interface DeletedHook {
	/** The settings file as configured (may be a symlink). */
	readonly file: string;
	/** The file's text before the delete. */
	readonly before: string;
	/** The text the delete wrote. */
	readonly after: string;
	/** The hook as it was configured. */
	readonly entry: HookEntry;
}

/**
 * Puts `deleted` back into its file. `ok` with the hook's id; `note` says when the file had changed since the
 * delete, so the hook was appended to its matcher's group (or a new one) rather than restored at its place.
 */
export const restoreDeleted = (deleted: DeletedHook): SaveResult => {
	const now = snapshotFile(deleted.file);
	if ("error" in now) return { ok: false, reason: "write_failed", message: now.error };
	if (now.text === deleted.after) {
		try {
			writeFileAtomic(deleted.file, deleted.before);
		} catch (error) {
			return {
				ok: false,
				reason: "write_failed",
				message: `${deleted.file} could not be written: ${(error as Error).message}`,
			};
		}
		return { ok: true, text: deleted.before, id: deleted.entry.id };
	}
	const { entry } = deleted;
	const result = saveHookChange(now, {
		kind: "add",
		draft: { event: entry.event, matcher: entry.matcher.source ?? "", handler: entry.definition },
	});
	return result.ok
		? {
				...result,
				note:
					`${deleted.file} changed since the delete, so the hook was added back at the end of its ` +
					"matcher's hooks.",
			}
		: result;
};
