/**
 * Claude Code's managed policy files: `managed-settings.json`, then every `managed-settings.d/*.json` in
 * alphabetical order (later files override earlier ones for single values; hooks add up), in the managed folder
 * of the platform (`managedSettingsDir`), or a folder given for tests.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ConfigIssue, HookSource } from "../types.ts";

/** The managed sources found in `dir`, in merge order, and a problem with the drop-in folder itself. */
export interface ManagedFiles {
	readonly sources: readonly HookSource[];
	readonly issues: readonly ConfigIssue[];
}

const managed = (file: string): HookSource => ({ scope: "managed", file, project: false });

/**
 * Lists the managed policy files of `dir` (one `readdir`). The main file is always listed (a missing one loads as
 * empty); a `managed-settings.d` that cannot be read is reported. Never throws.
 */
export const managedFiles = (dir: string): ManagedFiles => {
	const sources: HookSource[] = [managed(join(dir, "managed-settings.json"))];
	const issues: ConfigIssue[] = [];
	const dropIns = join(dir, "managed-settings.d");
	let names: string[];
	try {
		// Checked on every configuration check: a missing folder costs a stat, not an exception.
		if (statSync(dropIns, { throwIfNoEntry: false }) === undefined) return { sources, issues };
		names = readdirSync(dropIns);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== "ENOENT" && code !== "ENOTDIR")
			issues.push({
				source: "Managed",
				file: dropIns,
				path: "",
				message: `managed settings folder cannot be read: ${(error as Error).message}`,
			});
		return { sources, issues };
	}
	// Hidden files are not read; a folder or an unreadable x.json is reported by the reader like any unusable file.
	for (const name of names.filter((candidate) => candidate.endsWith(".json") && !candidate.startsWith(".")).sort())
		sources.push(managed(join(dropIns, name)));
	return { sources, issues };
};
