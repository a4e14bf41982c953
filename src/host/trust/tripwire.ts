/**
 * The hook tripwire (issue #25): which configured hooks are new or changed since a person last saw them, against
 * the seen-state store (stores/seen-hooks.ts), and recording them as seen once they were shown. Every source
 * counts but managed policy (and plugins managed policy forces on), which is an administrator's choice: exempt.
 *
 * A hook whose key is not in the store is `new`, unless the store holds a hook at the same file and JSON path
 * whose key is gone from the configuration: then the command there was replaced, and it is `changed` (with the
 * diff against the one before). An empty store that does not exist yet is the first run: `baseline`, where every
 * hook is recorded at once with one notice instead of one line per hook, but only while none of pi-hook-manager's
 * other state files exists and this tripwire recorded nothing yet: a store deleted or emptied after pi-hook-manager
 * ran (issue #40) is `gone`, and every hook counts as new (held in strict mode). A store that cannot be read is never
 * overwritten silently: its problem is told, and its hooks count as new until they are shown again.
 */
import { existsSync } from "node:fs";
import { fileStamp } from "../../engine/config/load.ts";
import { isPolicySource } from "../../engine/config/sources.ts";
import { commandText } from "../../engine/text/messages.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import { type DiffLine, lineDiff } from "../../engine/trust/line-diff.ts";
import type { HookEntry } from "../../engine/types.ts";
import {
	createSeenHooksStore,
	otherStateBeside,
	type SeenHook,
	type SeenHooks,
	seenState,
} from "../stores/seen-hooks.ts";
import type { HookPrint, HookPrinter } from "./hook-print.ts";

/** How a hook stands for the tripwire: as last seen, new, changed, or exempt (managed policy). */
export type TripState = "seen" | "new" | "changed" | "exempt";

/** A covered file that differs from when the hook was last seen. */
export interface TripFile {
	readonly shown: string;
	readonly change: "changed" | "added" | "removed";
}

/** One hook as the tripwire sees it now. */
export interface TripItem {
	readonly entry: HookEntry;
	readonly print: HookPrint;
	readonly state: TripState;
	/** The hook as last seen (a changed one's), for the diff. */
	readonly before?: SeenHook;
	/** The key of the seen hook a changed one replaces at the same place (dropped when this one is recorded). */
	readonly replaces?: string;
}

/** The tripwire's view of one configuration. */
export interface TripCheck {
	/** Every hook of the configuration, in its order. */
	readonly items: readonly TripItem[];
	/** True when nothing was ever recorded (no store file): the first run. */
	readonly baseline: boolean;
	/** Why the store could not be read (its hooks then count as new); undefined when it could. */
	readonly problem?: string;
	/**
	 * Set when the store is missing (`missing`) or holds no hook (`emptied`) although pi-hook-manager ran here
	 * before (its other state files exist, or this tripwire recorded hooks): not a first run, every hook is new.
	 */
	readonly gone?: StoreGone;
}

/** How the seen-state store went: deleted, or emptied; with the other state files that show it existed. */
export interface StoreGone {
	readonly how: "missing" | "emptied";
	/** The names of pi-hook-manager's other state files found beside it (none: this run had recorded hooks). */
	readonly others: readonly string[];
}

/**
 * What is told of a store that went (`shown`: the store file as shown to the user): that it went missing or was
 * emptied although pi-hook-manager ran before, so this is no first run and every hook counts as new.
 */
export const storeGoneText = (gone: StoreGone, shown: string): string => {
	const why =
		gone.others.length > 0
			? `pi-hook-manager's ${gone.others.join(", ")} ${gone.others.length === 1 ? "is" : "are"} there`
			: "this run had recorded hooks in it";
	const how = gone.how === "missing" ? "went missing" : "was emptied";
	return `the seen-state store ${shown} ${how} (${why}): not a first run, so every hook counts as new`;
};

/** The tripwire of one store. */
export interface Tripwire {
	/** How each of `entries` stands now. Reads the store; never throws. */
	check(entries: readonly HookEntry[]): TripCheck;
	/** Records `items` as seen now (their replaced hooks dropped); returns why saving failed, or undefined. */
	markSeen(items: readonly TripItem[]): string | undefined;
	/**
	 * True when `entry` is not exempt and no hook with its hash was ever recorded: for strict mode, where such a
	 * hook does not run until a person saw it. Uses the store as last read or written (no file read per call).
	 */
	isUnseen(entry: HookEntry): boolean;
	/** Runs `run` as one pass of the printer (HookPrinter.pass): the `isUnseen` calls in it share their file looks. */
	pass<T>(run: () => T): T;
	/** A counter that changes whenever hooks were recorded, so cached configurations know to re-merge. */
	version(): number;
}

/** The definition as the store keeps it: JSON, two-space indented, secrets masked. */
export const definitionText = (entry: HookEntry): string => {
	try {
		return redactSecrets(JSON.stringify(entry.definition, null, 2));
	} catch {
		return "";
	}
};

/** The lines of the definition that differ from the one last seen (none for a new hook or an unknown before). */
export const definitionDiff = (item: TripItem): DiffLine[] => {
	const before = item.before?.definition;
	if (before === undefined) return [];
	const now = definitionText(item.entry);
	return before === now ? [] : lineDiff(before, now);
};

/** The covered files that differ from when the hook was last seen. */
export const fileChanges = (item: TripItem): TripFile[] => {
	const before = item.before?.files;
	if (before === undefined) return [];
	const changes: TripFile[] = [];
	const now = new Set<string>();
	for (const file of item.print.files) {
		now.add(file.shown);
		const was = before[file.shown];
		if (was === undefined) changes.push({ shown: file.shown, change: "added" });
		else if (was !== file.hash) changes.push({ shown: file.shown, change: "changed" });
	}
	for (const shown of Object.keys(before)) if (!now.has(shown)) changes.push({ shown, change: "removed" });
	return changes;
};

/** Creates the tripwire over the store file `file`, fingerprinting with `printer`. */
export const createTripwire = (file: string, printer: HookPrinter, now: () => Date = () => new Date()): Tripwire => {
	const store = createSeenHooksStore(file);
	// Looked at before this run writes any state: which of the other state files were already there.
	const others = otherStateBeside(file);
	/** True once this tripwire recorded hooks: from then on no state of the store is a first run. */
	let recorded = false;
	// The store is parsed again only when its file's stamp moved (another pi, a person): at start-up and on each
	// merge, an unchanged file costs one `stat`, not a parse of every hook's record.
	let lastRead: { readonly stamp: string; readonly read: ReturnType<typeof store.read> } | undefined;
	const read = (): ReturnType<typeof store.read> => {
		const stamp = fileStamp(file);
		if (lastRead !== undefined && lastRead.stamp === stamp && !stamp.startsWith("error:")) return lastRead.read;
		const fresh = store.read();
		lastRead = { stamp, read: fresh };
		return fresh;
	};
	let seen: SeenHooks = read().data;
	let hashes = new Set(Object.values(seen).map((hook) => hook.hash));
	let version = 0;
	const remember = (data: SeenHooks): void => {
		if (data === seen) return;
		seen = data;
		hashes = new Set(Object.values(data).map((hook) => hook.hash));
	};
	return {
		check(entries) {
			const stored = read();
			remember(stored.data);
			const prints = printer.of(entries);
			const keys = new Set([...prints.values()].map((print) => print.key));
			const items: TripItem[] = [];
			for (const entry of entries) {
				const print = prints.get(entry) as HookPrint;
				if (isPolicySource(entry.source)) {
					items.push({ entry, print, state: "exempt" });
					continue;
				}
				const state = seenState(stored.data, print.key, print.hash);
				if (state !== "new") {
					items.push({
						entry,
						print,
						state,
						...(state === "changed" ? { before: stored.data[print.key] } : {}),
					});
					continue;
				}
				const replaced = Object.entries(stored.data).find(
					([key, hook]) =>
						hook.file === entry.source.file && hook.jsonPath === entry.jsonPath && !keys.has(key),
				);
				if (replaced === undefined) items.push({ entry, print, state: "new" });
				else items.push({ entry, print, state: "changed", before: replaced[1], replaces: replaced[0] });
			}
			const empty = stored.problem === undefined && Object.keys(stored.data).length === 0;
			const missing = empty && !existsSync(file);
			const ranBefore = others.length > 0 || recorded;
			const gone: StoreGone | undefined =
				empty && ranBefore ? { how: missing ? "missing" : "emptied", others } : undefined;
			return {
				items,
				baseline: missing && !ranBefore,
				...(stored.problem === undefined ? {} : { problem: stored.problem }),
				...(gone === undefined ? {} : { gone }),
			};
		},
		markSeen(items) {
			const fresh = read();
			const data: Record<string, SeenHook> = { ...fresh.data };
			const at = now().toISOString();
			for (const item of items) {
				if (item.state === "exempt") continue;
				if (item.replaces !== undefined) delete data[item.replaces];
				data[item.print.key] = {
					hash: item.print.hash,
					file: item.entry.source.file,
					command: redactSecrets(commandText(item.entry)),
					at,
					jsonPath: item.entry.jsonPath,
					definition: definitionText(item.entry),
					files: Object.fromEntries(item.print.files.map((covered) => [covered.shown, covered.hash])),
				};
			}
			remember(data);
			version += 1;
			if (Object.keys(data).length > 0) recorded = true;
			return store.write(data);
		},
		isUnseen(entry) {
			if (isPolicySource(entry.source)) return false;
			return !hashes.has(printer.print(entry).hash);
		},
		pass: (run) => printer.pass(run),
		version: () => version,
	};
};

/**
 * A hook the tripwire found new or changed this run, as pi told it: what the /hooks view "new or changed since
 * you last looked" shows (its definition diff and covered file changes, computed once).
 */
export interface TripNews {
	readonly entry: HookEntry;
	readonly state: "new" | "changed";
	/** The hook's key (hook-print.ts): the same hook across reloads. */
	readonly key: string;
	/** The definition's changed lines ({@link definitionDiff}); empty for a new hook. */
	readonly definitionDiff: readonly DiffLine[];
	/** The covered files that differ ({@link fileChanges}); empty for a new hook. */
	readonly fileChanges: readonly TripFile[];
	/** True in strict mode while it waits for approval: it does not run (skip code `unseen`). */
	readonly held: boolean;
}

/** The news of a new or changed `item`; `held`: strict mode keeps it from running. */
export const tripNews = (item: TripItem & { readonly state: "new" | "changed" }, held: boolean): TripNews => ({
	entry: item.entry,
	state: item.state,
	key: item.print.key,
	definitionDiff: definitionDiff(item),
	fileChanges: fileChanges(item),
	held,
});
