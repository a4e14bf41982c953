/**
 * What the one-run opt-in (`PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1`) approves: each project hook and project
 * setting as this pi process first saw it, not whatever is on disk later. The person who set the variable approved
 * the project as it was when pi started; a tool call that rewrites a covered script, edits a hook's definition or
 * adds a hook to a settings file during the run makes content nobody approved, and the opt-in does not cover it (it
 * then waits for a person, or does not run where nobody can answer). Kept per process (a reload and a new session
 * in the same pi keep it), like the opt-in itself.
 */
import { statSync } from "node:fs";
import type { HookEntry, ProjectSetting } from "../../engine/types.ts";

/** The first look of this process: approval key by hook id (or setting key), and the files seen. */
interface FirstLook {
	/** Epoch ms of the opt-in: a source file first seen later whose ctime is later changed during the run. */
	since: number;
	readonly keys: Map<string, string>;
	readonly files: Set<string>;
}

/** Where the first look survives an extension reload within the same process. */
const LOOK = Symbol.for("pi-hook-manager.approve-opt-in.first-look");

type Holder = { [LOOK]?: FirstLook };

const firstLook = (): FirstLook => {
	const holder = globalThis as Holder;
	holder[LOOK] ??= { since: Date.now(), keys: new Map(), files: new Set() };
	return holder[LOOK];
};

/**
 * Marks `at` (epoch ms, default now) as the moment of the opt-in (pi read the variable): a file first seen later
 * that changed after it is not covered.
 */
export const markOptInTime = (at: number = Date.now()): void => {
	firstLook().since = at;
};

/** One thing the opt-in may cover: its id, the file that declares it and its approval key now. */
interface Item {
	readonly id: string;
	readonly file: string;
	readonly key: string;
}

/** True when `file` changed (or was made) after the opt-in, or cannot be read. */
const changedSince = (file: string, since: number): boolean => {
	try {
		// Whole milliseconds, as the opt-in time is: a file written in the same millisecond counts as before it.
		return Math.floor(statSync(file).ctimeMs) > since;
	} catch {
		return true;
	}
};

/**
 * Records the items of files this process never saw (each file's items at once: a file seen once is known
 * whole, so a hook added to it later is new content), unless the file changed after the opt-in; returns the
 * ids the first look covers with the key they have now.
 */
const covered = (items: readonly Item[]): Set<string> => {
	const look = firstLook();
	const fresh = items.filter((item) => !look.keys.has(item.id));
	for (const file of new Set(fresh.map((item) => item.file))) {
		if (look.files.has(file) || changedSince(file, look.since)) continue;
		look.files.add(file);
		for (const item of fresh) if (item.file === file) look.keys.set(item.id, item.key);
	}
	return new Set(items.filter((item) => look.keys.get(item.id) === item.key).map((item) => item.id));
};

/**
 * The first look's part of `entries` (project hooks; `keyOf`: the approval key now, with the covered files'
 * hashes) and `settings`: what the opt-in approves. Entries first seen here are recorded as they are now. Never
 * throws.
 */
export const optInCovers = (
	entries: readonly HookEntry[],
	settings: readonly ProjectSetting[],
	keyOf: (entry: HookEntry) => string,
): { readonly entries: HookEntry[]; readonly settings: ProjectSetting[] } => {
	try {
		const items: Item[] = [
			...entries.map((entry) => ({ id: `h:${entry.id}`, file: entry.source.file, key: keyOf(entry) })),
			...settings.map((setting) => ({ id: `s:${setting.key}`, file: setting.source.file, key: setting.key })),
		];
		const ids = covered(items);
		return {
			entries: entries.filter((entry) => ids.has(`h:${entry.id}`)),
			settings: settings.filter((setting) => ids.has(`s:${setting.key}`)),
		};
	} catch {
		return { entries: [], settings: [] };
	}
};
