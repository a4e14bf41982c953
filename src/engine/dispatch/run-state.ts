/**
 * Whether each configured hook runs now, and how many are in each state: one rule for the /hooks panel's rows,
 * its header, the footer and `/hooks status`, so they never count differently. Pure.
 */
import { isPolicySource } from "../config/sources.ts";
import type { HookConfig, HookEntry } from "../types.ts";

/**
 * What a configured hook does now:
 * - `on`: it runs when its event and matcher fire;
 * - `off`: switched off by the user in the panel (kept across restarts);
 * - `all_off`: off with every other hook, by the kill switch or `disableAllHooks` (managed hooks only by
 *   managed policy's `disableAllHooks`, as in Claude Code);
 * - `waiting`: a new or changed project hook that waits for the user's approval;
 * - `skipped`: configured but cannot run here (`SkipReason`: untrusted, an event pi never fires, ...).
 */
export type HookRunState = "on" | "off" | "all_off" | "waiting" | "skipped";

/** What decides the state besides the configuration. */
export interface RunSwitches {
	/** True while the kill switch has every hook off. */
	readonly allOff: boolean;
	/** False for a hook the user switched off. */
	readonly isEnabled: (entry: HookEntry) => boolean;
}

/**
 * True when `disableAllHooks` or the kill switch keeps `entry` from running. Claude Code: only managed policy's
 * `disableAllHooks` switches managed hooks (and plugins managed policy forces on) off; the kill switch never does.
 */
export const offByAll = (config: HookConfig, entry: HookEntry, killSwitch: boolean): boolean =>
	isPolicySource(entry.source)
		? config.disableAllHooks && config.disableAllHooksManaged === true
		: config.disableAllHooks || killSwitch;

/**
 * The state of a hook of `config.entries` (one that may run). A hook the user switched off stays `off` under the
 * kill switch too (that switch outlives the session); a managed hook has no switch of its own.
 */
export const entryRunState = (config: HookConfig, entry: HookEntry, switches: RunSwitches): HookRunState => {
	if (!isPolicySource(entry.source) && !switches.isEnabled(entry)) return "off";
	return offByAll(config, entry, switches.allOff) ? "all_off" : "on";
};

/**
 * How many configured hooks are in each {@link HookRunState}; `total` is their sum. `invalid` counts the invalid
 * entries and files the panel lists too (`bad`); they are no hooks, so not in `total`.
 */
export interface HookCounts {
	readonly total: number;
	readonly on: number;
	readonly off: number;
	readonly allOff: number;
	readonly waiting: number;
	readonly skipped: number;
	readonly invalid: number;
}

/** No hook at all. */
export const NO_HOOKS: HookCounts = { total: 0, on: 0, off: 0, allOff: 0, waiting: 0, skipped: 0, invalid: 0 };

/** Counts every configured hook (`entries` and `skipped`) by {@link HookRunState}. */
export const countHooks = (config: HookConfig | undefined, switches: RunSwitches): HookCounts => {
	const counts = { ...NO_HOOKS };
	if (config === undefined) return counts;
	for (const entry of config.entries) {
		const state = entryRunState(config, entry, switches);
		if (state === "on") counts.on++;
		else if (state === "off") counts.off++;
		else counts.allOff++;
	}
	for (const skipped of config.skipped) {
		if (skipped.reason === "unapproved") counts.waiting++;
		else counts.skipped++;
	}
	counts.total = config.entries.length + config.skipped.length;
	counts.invalid = config.issues.length;
	return counts;
};
