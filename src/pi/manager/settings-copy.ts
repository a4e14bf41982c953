/**
 * `npm run try` runs pi in an agent dir of its own (thrown away at exit, or kept with --keep / --agent-dir) whose
 * settings.json is a copy of the hook settings of the user's own pi settings: the /hooks panel must not edit that
 * copy as if it were the user's file, and what pi says about approvals and files must fit that dir.
 */
import type { HookEntry, HookSource } from "../../engine/types.ts";

/** The variable `npm run try` sets to the user's real pi settings file when pi's settings.json is its copy. */
export const PI_GLOBAL_COPY_ENV = "PI_HOOK_MANAGER_PI_GLOBAL_COPY_OF";

/** The variable `npm run try` sets to `throwaway` (its agent dir goes at exit) or `kept` (--keep, --agent-dir). */
export const TRY_ENV = "PI_HOOK_MANAGER_TRY";

/** Whether pi runs under `npm run try`, and whether its agent dir outlives the run (from {@link TRY_ENV}). */
export type TryMode = "throwaway" | "kept" | undefined;

/** The {@link TryMode} of an environment: undefined when pi does not run under `npm run try`. */
export const tryMode = (env: Readonly<Record<string, string | undefined>>): TryMode =>
	env[TRY_ENV] === "throwaway" || env[TRY_ENV] === "kept" ? env[TRY_ENV] : undefined;

/**
 * Why the panel does not write `entry`'s file: it is a pi-global hook and pi's settings.json is a copy of
 * `realFile` (`npm run try`), thrown away at exit unless `mode` is `kept` (then rewritten from `realFile` at each
 * start); undefined otherwise (no copy, or not a pi-global hook).
 */
export const copyReadOnlyReason = (
	entry: HookEntry,
	realFile: string | undefined,
	mode: TryMode = "throwaway",
): string | undefined =>
	realFile === undefined || realFile === "" || entry.source.scope !== "pi-global"
		? undefined
		: `pi global hooks are read-only under npm run try: they come from a copy (${entry.source.file}) that is ` +
			`${mode === "kept" ? "written again from your file at each start" : "deleted at exit"}; change them in ` +
			`${realFile}.`;

/** The settings files the panel may write: all of `sources` but pi's settings.json when it is a copy. */
export const writableSources = (sources: readonly HookSource[], realFile: string | undefined): readonly HookSource[] =>
	realFile === undefined || realFile === "" ? sources : sources.filter((source) => source.scope !== "pi-global");
