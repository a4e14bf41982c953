/** The stdin of SessionStart and SessionEnd (Claude Code hooks reference), in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/** SessionStart stdin: base + `source` (`startup`, `resume`, `clear`, `compact`, ...) + `model` when pi has one. */
export const sessionStartPayload = (
	session: SessionInfo,
	start: { readonly source: string; readonly model: string | undefined },
): Record<string, unknown> => ({
	...basePayload(session, "SessionStart"),
	source: start.source,
	...(start.model ? { model: start.model } : {}),
});

/** SessionEnd stdin: base + `reason` (`prompt_input_exit`, `clear`, `resume`, `other`, ...). */
export const sessionEndPayload = (session: SessionInfo, reason: string): Record<string, unknown> => ({
	...basePayload(session, "SessionEnd"),
	reason,
});
