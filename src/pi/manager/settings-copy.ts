// `npm run try` runs pi in a throw-away agent dir whose settings.json is a copy of the hook settings of the
// user's own pi settings: the /hooks panel must not edit that copy as if it were the user's file.

import type { HookEntry, HookSource } from "../../engine/types.ts";

/** The variable `npm run try` sets to the user's real pi settings file when pi's settings.json is its copy. */
export const PI_GLOBAL_COPY_ENV = "PI_HOOK_MANAGER_PI_GLOBAL_COPY_OF";

/**
 * Why the panel does not write `entry`'s file: it is a pi-global hook and pi's settings.json is a throw-away copy
 * of `realFile` (`npm run try`); undefined otherwise (no copy, or not a pi-global hook).
 */
export const copyReadOnlyReason = (entry: HookEntry, realFile: string | undefined): string | undefined =>
	realFile === undefined || realFile === "" || entry.source.scope !== "pi-global"
		? undefined
		: `pi global hooks are read-only under npm run try: they come from a throw-away copy (${entry.source.file}) ` +
			`that is deleted at exit; change them in ${realFile}.`;

/** The settings files the panel may write: all of `sources` but pi's settings.json when it is a copy. */
export const writableSources = (sources: readonly HookSource[], realFile: string | undefined): readonly HookSource[] =>
	realFile === undefined || realFile === "" ? sources : sources.filter((source) => source.scope !== "pi-global");
