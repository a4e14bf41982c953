/**
 * The session file as a transcript that exists: pi writes its session file only once the session holds a user
 * or assistant message, so a session whose first prompt a UserPromptSubmit hook blocked has none, while the
 * hooks were given its path as `transcript_path` (Claude Code always has the transcript on disk).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";

/**
 * Writes pi's session file (its header and entries, as pi would write them) when pi has not written it yet.
 * Call only when pi will write no more to this session (its shutdown): pi creates the file exclusively on its
 * first write. Never overwrites an existing file; never throws.
 */
export const ensureTranscript = (ctx: ExtensionContext): void => {
	try {
		const file = ctx.sessionManager.getSessionFile();
		if (file === undefined || file === "" || existsSync(file)) return;
		const header = ctx.sessionManager.getHeader();
		if (header === null) return;
		const lines = [header, ...ctx.sessionManager.getEntries()].map((entry) => `${JSON.stringify(entry)}\n`);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, lines.join(""), { flag: "wx" });
	} catch {
		// No transcript is better than a broken pi: the hooks only lose a file to read.
	}
};
