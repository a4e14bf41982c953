/** The stdin of Notification, in Claude Code's key order. */
import type { ClaudeNotification } from "../events/pi-vocabulary.ts";
import { basePayload, type SessionInfo } from "./base.ts";

/** Notification stdin: base + `message`, `title` when there is one, `notification_type` (`idle_prompt`, ...). */
export const notificationPayload = (
	session: SessionInfo,
	notification: ClaudeNotification,
): Record<string, unknown> => ({
	...basePayload(session, "Notification"),
	message: notification.message,
	...(notification.title === undefined ? {} : { title: notification.title }),
	notification_type: notification.type,
});
