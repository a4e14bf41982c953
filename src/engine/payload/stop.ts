/** The stdin of Stop and StopFailure, in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/**
 * Stop stdin: base + `stop_hook_active` (a Stop hook already kept the agent going), `last_assistant_message`, and
 * the empty `background_tasks` and `session_crons` (pi has neither).
 */
export const stopPayload = (
	session: SessionInfo,
	stop: { readonly stopHookActive: boolean; readonly lastAssistantMessage: string },
): Record<string, unknown> => ({
	...basePayload(session, "Stop"),
	stop_hook_active: stop.stopHookActive,
	last_assistant_message: stop.lastAssistantMessage,
	background_tasks: [],
	session_crons: [],
});

/**
 * StopFailure stdin: base + `error` (a type, see `stopFailureType`), `error_details` and
 * `last_assistant_message`, both the provider's error text.
 */
export const stopFailurePayload = (
	session: SessionInfo,
	failure: { readonly error: string; readonly details: string },
): Record<string, unknown> => ({
	...basePayload(session, "StopFailure"),
	error: failure.error,
	error_details: failure.details,
	last_assistant_message: failure.details,
});
