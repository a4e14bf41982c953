/**
 * The seen-state store of the hook tripwire (issue #25): for hooks that run without an approval (user, pi-global,
 * plugin and skill hooks), what each was (a hash of its definition and covered files) the last time a person was
 * shown it. Written atomically with mode 0600 through json-store.ts; an unreadable or corrupt file is reported,
 * never silently reset; a file of the version-less first format is migrated on read.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { isObject } from "../../engine/is-object.ts";
import { createJsonFileStore, type JsonFileStore } from "./json-store.ts";

/** Where the seen state lives: `<agentDir>/pi-hook-manager/seen-hooks.json`. */
export const seenHooksFile = (agentDir: string): string => join(agentDir, "pi-hook-manager", "seen-hooks.json");

/**
 * The other state files pi-hook-manager keeps beside the seen-state store (approvals, per-hook switches, the reach
 * cache): when one of them exists, pi-hook-manager ran here before, so a missing seen-state store is not a first run.
 */
export const OTHER_STATE_FILES: readonly string[] = ["approvals.json", "state.json", "reach-cache.json"];

/** The names of {@link OTHER_STATE_FILES} that exist beside the seen-state store `file`. Never throws. */
export const otherStateBeside = (file: string): string[] =>
	OTHER_STATE_FILES.filter((name) => existsSync(join(dirname(file), name)));

/** Version of the seen-state format (0: no `version` field, same `hooks` map; migrated on read). */
export const SEEN_HOOKS_VERSION = 1;

/** What is remembered of a hook a person saw: its hash then, and for people reading the file its command. */
export interface SeenHook {
	/** SHA-256 (hex) of the hook's definition and covered files when it was last shown. */
	readonly hash: string;
	/** The settings file the hook came from. */
	readonly file: string;
	/** The command, secrets masked. */
	readonly command: string;
	/** ISO time it was shown. */
	readonly at: string;
	/** Its JSON path in the file (a new command at the same place is told as a change of this one). */
	readonly jsonPath?: string;
	/** Its definition as JSON, secrets masked: what the diff of a change is made from. */
	readonly definition?: string;
	/** The hash of each file it covered, by path as shown. */
	readonly files?: Readonly<Record<string, string>>;
}

/** The store's data: seen hooks by hook key (source file, event, matcher, position). */
export type SeenHooks = Readonly<Record<string, SeenHook>>;

/** How a hook stands against the store: never shown, shown with another hash, or shown as it is. */
export type SeenState = "new" | "changed" | "seen";

const stringValues = (record: Record<string, unknown>): Record<string, string> =>
	Object.fromEntries(Object.entries(record).filter((pair): pair is [string, string] => typeof pair[1] === "string"));

const decodeHook = (value: unknown): SeenHook | undefined =>
	isObject(value) &&
	typeof value.hash === "string" &&
	typeof value.file === "string" &&
	typeof value.command === "string" &&
	typeof value.at === "string"
		? {
				hash: value.hash,
				file: value.file,
				command: value.command,
				at: value.at,
				...(typeof value.jsonPath === "string" ? { jsonPath: value.jsonPath } : {}),
				...(typeof value.definition === "string" ? { definition: value.definition } : {}),
				...(isObject(value.files) ? { files: stringValues(value.files) } : {}),
			}
		: undefined;

/** Decodes a seen-state file of version 0 (no field) or 1; undefined for anything else (a newer version too). */
export const decodeSeenHooks = (json: unknown): SeenHooks | undefined => {
	if (!isObject(json) || !isObject(json.hooks)) return undefined;
	if (json.version !== undefined && json.version !== SEEN_HOOKS_VERSION && json.version !== 0) return undefined;
	const hooks: Record<string, SeenHook> = {};
	for (const [key, value] of Object.entries(json.hooks)) {
		const hook = decodeHook(value);
		if (hook) hooks[key] = hook;
	}
	return hooks;
};

/** The state of a hook with key `key` and current hash `hash` against `seen`. */
export const seenState = (seen: SeenHooks, key: string, hash: string): SeenState => {
	const before = seen[key];
	if (before === undefined) return "new";
	return before.hash === hash ? "seen" : "changed";
};

/** The seen-state store of `file`. `read` never throws; `write` returns why it failed, or undefined. */
export const createSeenHooksStore = (file: string): JsonFileStore<SeenHooks> =>
	createJsonFileStore<SeenHooks>(file, {
		name: "seen hooks",
		empty: () => ({}),
		decode: decodeSeenHooks,
		encode: (hooks) => ({ version: SEEN_HOOKS_VERSION, hooks }),
	});
