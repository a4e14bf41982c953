/**
 * Notification hooks (as in Claude Code): `permission_prompt` when a confirmation pi shows (a hook's `ask` or
 * another extension's dialog) is still open after a few seconds (6 s, as in Claude Code, which notifies only about
 * a dialog the user has not answered), `idle_prompt` when the agent has settled and the user has not typed for a
 * while (60 s, as in Claude Code). Their output is ignored except for failures.
 */
import { decideBlockEvent } from "../engine/decide-stop.ts";
import { basePayload } from "../engine/payload.ts";
import { type HookContext, runHooks, showNotices } from "./hook-context.ts";

/** Milliseconds of user silence after the agent settles before `idle_prompt` (Claude Code: about 60 s). */
export const IDLE_PROMPT_MS = 60_000;

/** Milliseconds a permission dialog stays unanswered before `permission_prompt` (Claude Code: 6 s). */
export const PERMISSION_PROMPT_MS = 6_000;

/** Runs Notification hooks for one notification. */
export const runNotification = async (
	hc: HookContext,
	type: string,
	message: string,
	title?: string,
): Promise<void> => {
	if (!hc.engine.hasHooks("Notification")) return;
	const verdicts = await runHooks(hc, {
		event: "Notification",
		matchValues: [type],
		payload: {
			...basePayload(hc.session, "Notification", false),
			message,
			...(title === undefined ? {} : { title }),
			notification_type: type,
		},
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
}

/** Creates an idle timer of `ms` milliseconds. */
export const createIdleTimer = (ms: number, fire: () => void): IdleTimer => {
	let timer: NodeJS.Timeout | undefined;
	return {
		start() {
			if (timer !== undefined) clearTimeout(timer);
			timer = setTimeout(() => {
				timer = undefined;
				fire();
			}, ms);
			timer.unref();
		},
		cancel() {
			if (timer !== undefined) clearTimeout(timer);
			timer = undefined;
		},
	};
};
