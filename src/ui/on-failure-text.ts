/**
 * A hook's `onFailure` in words, for the /hooks detail view and the approval dialog: what a failure of the hook
 * does (Claude Code 2.1.295 for command and http hooks, 2.1.328 for mcp_tool hooks). Pure.
 */
import type { OnFailureSetting } from "../engine/events/on-failure.ts";
import type { HookEventName } from "../engine/types.ts";

/**
 * `block (a failing hook blocks the PreToolUse)`, `continue (a failing hook is reported and PreToolUse goes on)`,
 * `block, but Stop ignores onFailure (...)`; an mcp_tool hook's odd value is named first (`"deny" reads as block`).
 */
export const onFailureText = (setting: OnFailureSetting, event: HookEventName): string => {
	const odd = setting.written === undefined ? "" : `${JSON.stringify(setting.written) ?? "?"} reads as `;
	if (setting.value === "continue") return `${odd}continue (a failing hook is reported and ${event} goes on)`;
	if (!setting.applies)
		return `${odd}block, but ${event} ignores onFailure (as in Claude Code): a failure never blocks`;
	return `${odd}block (a failing hook blocks the ${event})`;
};
