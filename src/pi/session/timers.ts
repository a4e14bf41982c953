/**
 * The session's two Notification timers: `idle_prompt` after the user has not typed for a while once the agent
 * settled, and `permission_prompt` once a pi dialog has waited unanswered for a while (Claude Code notifies
 * about neither at once). A timer is no pi event, so each checks the settings files before its hooks run.
 */
import type { ConfigStore } from "../../engine/config/store.ts";
import { IDLE_PROMPT_MS, PERMISSION_PROMPT_MS } from "../../engine/events/lifecycle.ts";
import { createIdleTimer, type IdleTimer, runNotification } from "../events/notification-hooks.ts";
import type { RuntimeCore } from "./runtime-core.ts";

/** The two timers; neither runs until started. */
export interface NotificationTimers {
	readonly idle: IdleTimer;
	readonly permissionWait: IdleTimer;
}

/**
 * Creates the timers. Their periods: `idlePromptMs` / `permissionPromptMs` of the deps, else the environment
 * variables `PI_HOOK_MANAGER_IDLE_PROMPT_MS` / `PI_HOOK_MANAGER_PERMISSION_PROMPT_MS`, else 60 000 / 6 000 ms.
 */
export const createNotificationTimers = (core: RuntimeCore, store: ConfigStore): NotificationTimers => {
	const { deps } = core;
	const activeNow = () => {
		const ctx = core.currentCtx();
		return ctx === undefined ? undefined : core.active(ctx);
	};
	const idleMs = deps.idlePromptMs ?? (Number(deps.env.PI_HOOK_MANAGER_IDLE_PROMPT_MS) || IDLE_PROMPT_MS);
	const idle = createIdleTimer(idleMs, () => {
		const live = activeNow();
		if (live === undefined) return;
		// A timer is no pi event: nothing checked the settings files since the last one (README: "checked
		// between events"), so a hook removed or changed meanwhile must not fire as it was.
		store.invalidate();
		core.track(live.current, runNotification(live.hc, { waiting: "input" }));
	});
	const permissionMs =
		deps.permissionPromptMs ?? (Number(deps.env.PI_HOOK_MANAGER_PERMISSION_PROMPT_MS) || PERMISSION_PROMPT_MS);
	const permissionWait = createIdleTimer(permissionMs, () => {
		const live = activeNow();
		const dialog = live?.current.permissionDialog;
		if (live === undefined || dialog === undefined) return;
		live.current.permissionDialog = undefined;
		store.invalidate(); // A timer, not a pi event: check the settings files first (as above).
		core.track(live.current, runNotification(live.hc, { waiting: "dialog", ...dialog }));
	});
	return { idle, permissionWait };
};
