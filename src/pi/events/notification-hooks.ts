/**
 * Notification hooks (as in Claude Code): `permission_prompt` when a confirmation pi shows (a hook's `ask` or
 * another extension's dialog) is still open after a few seconds (6 s, as in Claude Code, which notifies only about
 * a dialog the user has not answered), `idle_prompt` when the agent has settled and the user has not typed for a
 * while (60 s, as in Claude Code): every key pressed in pi's TUI (its editor, the /hooks panel, a dialog) starts the
 * quiet period again. Their output is ignored except for failures.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { decideBlockEvent } from "../../engine/decide-stop.ts";
import type { ClaudeNotification } from "../../engine/events/pi-vocabulary.ts";
import { notificationPayload } from "../../engine/payload/notification.ts";
import { type HookContext, runHooks, showNotices } from "./hook-context.ts";

/** Runs Notification hooks for one notification (made in the engine: `IDLE_PROMPT`, `permissionPrompt`). */
export const runNotification = async (hc: HookContext, notification: ClaudeNotification): Promise<void> => {
	if (!hc.engine.hasHooks("Notification")) return;
	const { type, message } = notification;
	const verdicts = await runHooks(hc, {
		event: "Notification",
		matchValues: [type],
		payload: notificationPayload(hc.session, notification),
		summary: `${type}: ${message}`,
	});
	showNotices(hc, decideBlockEvent(verdicts, "Notification").notices);
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
