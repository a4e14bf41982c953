/** The stdin of Interrupt, in Claude Code's key order (Agent SDK 0.3.337 `InterruptHookInput`). */
import { basePayload, type SessionInfo } from "./base.ts";

/**
 * How a turn was interrupted (Claude Code 2.1.335): `source` who stopped it (`user`: a person, or a client request
 * that does not say who sent it, such as an SDK program's interrupt(); `session`; `system`), `reason` what ended
 * it (`stop`: Esc, Ctrl+C or an interrupt request; `permission_denied`; `rewind`; `other`), `via` how the stop
 * arrived where that is known (`terminal`: at this terminal; `client`: a request from an app or SDK program).
 */
export interface ClaudeInterrupt {
	readonly source: "user" | "session" | "system";
	readonly reason: "stop" | "permission_denied" | "rewind" | "other";
	readonly via?: "terminal" | "client";
}

/** Interrupt stdin: base + `source`, `reason`, and `via` when it is known. */
export const interruptPayload = (session: SessionInfo, interrupt: ClaudeInterrupt): Record<string, unknown> => ({
	...basePayload(session, "Interrupt"),
	source: interrupt.source,
	reason: interrupt.reason,
	...(interrupt.via === undefined ? {} : { via: interrupt.via }),
});
