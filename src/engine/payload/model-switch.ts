/** The stdin of PostModelSwitch (Claude Code 2.1.251), in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/**
 * PostModelSwitch stdin: base + `from_model` (null without one), `to_model`, `requested_model` (the one switched
 * to: pi never substitutes a model) and `source` (`picker`, `sdk`, `resume`, see `modelSwitchSource`).
 */
export const postModelSwitchPayload = (
	session: SessionInfo,
	change: { readonly from: string | undefined; readonly to: string; readonly source: string },
): Record<string, unknown> => ({
	...basePayload(session, "PostModelSwitch"),
	from_model: change.from ?? null,
	to_model: change.to,
	requested_model: change.to,
	source: change.source,
});
