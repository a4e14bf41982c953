/**
 * The flow of Claude Code's Notification from pi's waits: `idle_prompt` once the agent settled and the user has not
 * typed for a while, `permission_prompt` once a pi dialog that asks for permission (a confirm or a select) has
 * waited unanswered for a while (the periods are lifecycle.ts's; pi's timers keep them). Claude Code ignores the
 * hooks' output except for failures.
 */
import { decideBlockEvent } from "../decide/stop.ts";
import { IDLE_PROMPT, permissionPrompt } from "../events/pi-vocabulary.ts";
import { notificationPayload } from "../payload/notification.ts";
import { notifyAll, type PlanStep } from "../plan/steps.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** A dialog pi showed: its `ui_prompt_start` kind (`confirm`, `select`, `input`, ...) and title. */
export interface PiDialog {
	readonly kind: string;
	readonly title?: string | undefined;
}

/** What pi has waited for: the user's `input` (the idle period), or the answer to its open `dialog`. */
export type PiWait = { readonly waiting: "input" } | ({ readonly waiting: "dialog" } & PiDialog);

/**
 * Notification for `wait`; its steps only report. Undefined at once when the event has no hooks or the wait is
 * no notification (a dialog that asks for no permission).
 */
export const notification = (
	ports: FlowPorts,
	moment: FlowMoment,
	wait: PiWait,
): Promise<readonly PlanStep[]> | undefined => {
	if (!ports.engine.hasHooks("Notification")) return undefined;
	const note = wait.waiting === "input" ? IDLE_PROMPT : permissionPrompt(wait.kind, wait.title);
	if (note === undefined) return undefined;
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "Notification",
			matchValues: [note.type],
			payload: notificationPayload(moment.session, note),
			summary: `${note.type}: ${note.message}`,
		});
		return [...run.steps, ...notifyAll(decideBlockEvent(run.verdicts, "Notification").notices)];
	})();
};
