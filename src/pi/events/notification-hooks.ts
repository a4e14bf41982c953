/**
 * Notification hooks (as in Claude Code): `permission_prompt` when a confirmation pi shows (a hook's `ask` or
 * another extension's dialog) is still open after a few seconds (6 s, as in Claude Code, which notifies only about
 * a dialog the user has not answered), `idle_prompt` when the agent has settled and the user has not typed for a
 * while (60 s, as in Claude Code): every key pressed in pi's TUI (its editor, the /hooks panel, a dialog) starts the
 * quiet period again. One engine flow each (engine/flow/notification.ts); their output is ignored except for
 * failures.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { notification, type PiWait } from "../../engine/flow/notification.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** Runs the Notification hooks of one wait of pi's (engine/flow/notification.ts) and carries out their plan. */
export const runNotification = async (hc: HookContext, wait: PiWait): Promise<void> => {
	await runFlow(
		hc,
		(moment) => notification(hc, moment, wait),
		(steps) => steps,
	);
};

/**
 * A restartable timer (the idle period, a dialog left unanswered); `fire` runs once per period. Timers never keep
 * pi alive.
 */
export interface IdleTimer {
	/** (Re)starts the quiet period. */
	start(): void;
	/** Cancels it (the user typed, the agent started, or the session ends). */
	cancel(): void;
	/** The user did something: restarts the quiet period if one is running; nothing otherwise. */
	touch(): void;
}

/** Creates an idle timer of `ms` milliseconds. */
export const createIdleTimer = (ms: number, fire: () => void): IdleTimer => {
	let timer: NodeJS.Timeout | undefined;
	const start = (): void => {
		if (timer !== undefined) clearTimeout(timer);
		timer = setTimeout(() => {
			timer = undefined;
			fire();
		}, ms);
		timer.unref();
	};
	return {
		start,
		cancel() {
			if (timer !== undefined) clearTimeout(timer);
			timer = undefined;
		},
		touch() {
			if (timer !== undefined) start();
		},
	};
};

/**
 * Counts every key the user presses in pi's TUI as activity for `timer` ({@link IdleTimer.touch}): pi hands
 * extensions the raw terminal input before its editor or an open panel sees it, and the key goes on unchanged.
 * Returns the function that stops watching; without pi's TUI (print, JSON, RPC) there are no keys to watch.
 */
export const watchKeys = (ctx: ExtensionContext, timer: IdleTimer): (() => void) => {
	if (!ctx.hasUI || ctx.mode !== "tui") return () => {};
	try {
		return ctx.ui.onTerminalInput(() => {
			timer.touch();
			return undefined;
		});
	} catch {
		return () => {}; // A UI that cannot be watched only means keys do not count.
	}
};
