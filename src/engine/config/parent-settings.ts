/**
 * Claude Code settings of folders above the project: as in Claude Code, pi reads `.claude/settings.json` and
 * `.claude/settings.local.json` of the folder it starts in only, so hooks of a repository's root go unread when pi
 * starts in a subfolder. This finds those files (to say so once); it never reads them as hooks.
 */
import { dirname, join, resolve } from "node:path";
import { isObject } from "../is-object.ts";
import { readSettingsFile } from "./load.ts";

/** True when `file` is a JSON object whose `hooks` is an object with at least one event. Never throws. */
const hasHooks = (file: string): boolean => {
	const read = readSettingsFile(file);
	if (read.kind !== "ok") return false;
	try {
		const data: unknown = JSON.parse(read.text.replace(/^\uFEFF/, ""));
		return isObject(data) && isObject(data.hooks) && Object.keys(data.hooks).length > 0;
	} catch {
		return false;
	}
};

/**
 * The `.claude/settings.json` and `.claude/settings.local.json` files with hooks in the folders above
 * `projectDir`, nearest first, up to the filesystem root; the user's own `<home>/.claude` is not among them (it is
 * read, as the user's settings).
 */
export const parentHookSettings = (projectDir: string, home: string): string[] => {
	const found: string[] = [];
	const own = resolve(home);
	let dir = dirname(resolve(projectDir));
	for (let previous = resolve(projectDir); dir !== previous; previous = dir, dir = dirname(dir)) {
		if (dir === own) continue;
		for (const name of ["settings.json", "settings.local.json"]) {
			const file = join(dir, ".claude", name);
			if (hasHooks(file)) found.push(file);
		}
	}
	return found;
};
