/** The stdin of MessageDisplay, in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/** Claude Code's `turn_id`: one per user prompt (the prompt's id); before the first prompt, the session's id. */
export const turnIdOf = (session: SessionInfo): string => session.promptId ?? session.sessionId;

/**
 * MessageDisplay stdin: base + `turn_id`, `message_id`, `index` (of the batch in its message), `final` (the
 * message's last batch) and `delta` (the batch's text).
 */
export const messageDisplayPayload = (
	session: SessionInfo,
	batch: {
		readonly turnId: string;
		readonly messageId: string;
		readonly index: number;
		readonly final: boolean;
		readonly delta: string;
	},
): Record<string, unknown> => ({
	...basePayload(session, "MessageDisplay"),
	turn_id: batch.turnId,
	message_id: batch.messageId,
	index: batch.index,
	final: batch.final,
	delta: batch.delta,
});
