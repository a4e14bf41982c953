/**
 * The user's switches as the engine sees them: the in-memory kill switch (every hook off but managed ones) and
 * one abort signal per hook that fires when the user switches it off while it runs (its switch or the kill
 * switch), as Esc stops it.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { KeyId } from "@earendil-works/pi-tui";
import { isPolicySource } from "../../engine/config/sources.ts";
import type { HookEntry } from "../../engine/types.ts";
import { killSwitchKey } from "../../ui/panel/keys.ts";
import { showNotice } from "../io/notices.ts";
import { createKillSwitch, type KillSwitch } from "./kill-switch.ts";
import type { ManagerCore } from "./manager-core.ts";

/** The switches of one session. */
export interface Switches {
	readonly killSwitch: KillSwitch;
	/** The configured kill switch key (`none`: no shortcut). */
	readonly killKey: KeyId | "none";
	/** Fires when the user switches `entry` off while it runs; managed hooks only by their own switch. */
	switchSignal(entry: HookEntry): AbortSignal;
	/** Stops the running processes of `entry` (its switch was just turned off). */
	stopRuns(entry: HookEntry): void;
	/** `/hooks off` and `/hooks on`: the kill switch set (true = every hook off), and the user told. */
	setAllOff(ctx: ExtensionContext, off: boolean): void;
}

/** Creates the switches; `onToggle` runs after the kill switch flipped (the open panel redraws). */
export const createSwitches = (core: ManagerCore, onToggle: () => void): Switches => {
	const { deps } = core;
	/** Fire to stop running hooks when the user switches them off: all (kill switch) or one (its switch). */
	let offAll = new AbortController();
	const offOne = new Map<string, AbortController>();
	const killKey = killSwitchKey(core.env);
	const killKeyName = killKey === "none" ? "/hooks on" : `${killKey} (or /hooks on)`;
	const killSwitch: KillSwitch = createKillSwitch((off) => {
		deps.footer.setKillSwitch(off, deps.currentCtx());
		onToggle();
		if (off) {
			// Hooks running now stop as Esc stops them (managed hooks keep running: the kill switch spares them).
			offAll.abort();
			offAll = new AbortController();
		}
	});
	/** The signal `switchSignal` last made per hook (both of its parts still unfired), kept for the next run. */
	const switchSignals = new Map<string, { all: AbortSignal; own: AbortSignal; either: AbortSignal }>();
	return {
		killSwitch,
		killKey,
		switchSignal(entry) {
			let own = offOne.get(entry.id);
			if (own === undefined) {
				own = new AbortController();
				offOne.set(entry.id, own);
			}
			if (isPolicySource(entry.source)) return own.signal;
			const made = switchSignals.get(entry.id);
			if (made !== undefined && made.all === offAll.signal && made.own === own.signal) return made.either;
			const either = AbortSignal.any([offAll.signal, own.signal]);
			switchSignals.set(entry.id, { all: offAll.signal, own: own.signal, either });
			return either;
		},
		stopRuns(entry) {
			offOne.get(entry.id)?.abort();
			offOne.delete(entry.id);
		},
		setAllOff(ctx, off) {
			if (killSwitch.isOff() !== off) killSwitch.toggle();
			const managed = deps.live.config()?.entries.filter((entry) => isPolicySource(entry.source)).length ?? 0;
			const spared =
				managed > 0 ? ` ${managed} managed hook(s) still run: only managed policy can switch them off.` : "";
			const text = killSwitch.isOff()
				? `ALL HOOKS ARE OFF for this pi session (not saved; a restart turns them on). ${killKeyName} turns ` +
					`them back on.${spared}`
				: "hooks are on again.";
			showNotice(ctx, { level: killSwitch.isOff() ? "warning" : "info", text });
		},
	};
};
