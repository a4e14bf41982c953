/** The stdin of FileChanged (Claude Code 2.1.337 `FileChangedHookInput`), in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/** What happened to a watched file (Claude Code's `event`): written, created, or deleted. */
export type FileChangeKind = "change" | "add" | "unlink";

/** FileChanged stdin: base + `file_path` (absolute) + `event`. */
export const fileChangedPayload = (
	session: SessionInfo,
	change: { readonly filePath: string; readonly event: FileChangeKind },
): Record<string, unknown> => ({
	...basePayload(session, "FileChanged"),
	file_path: change.filePath,
	event: change.event,
});
