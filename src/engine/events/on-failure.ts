/**
 * Claude Code's `onFailure` handler field: on which events it applies, and how a handler's value reads. Claude Code
 * 2.1.295 added it to `command` and `http` hooks, 2.1.328 to `mcp_tool` hooks (Agent SDK 0.3.337 `sdk.d.ts`):
 * `"continue"` (the default) fails open, `"block"` blocks the action the event guards when the hook fails. An
 * `mcp_tool` hook reads any value other than `"continue"` as `"block"`. Pure.
 */
import type { HookEntry, HookEventName } from "../types.ts";

/**
 * Events where `onFailure: "block"` applies: the events a hook can block. Stop, SubagentStop, TaskCompleted and
 * TeammateIdle ignore it (a block would only loop), and so do the events whose block stops nothing (for
 * `mcp_tool` hooks Claude Code names Setup and SessionStart too; neither is here).
 */
const ON_FAILURE_EVENTS: ReadonlySet<HookEventName> = new Set([
	"PreToolUse",
	"PostToolUse",
	"PostToolUseFailure",
	"PostToolBatch",
	"UserPromptSubmit",
	"UserPromptExpansion",
	"PreCompact",
	"PermissionRequest",
]);

/** True when `onFailure: "block"` applies on `event` (Claude Code: not on Stop and the events that cannot block). */
export const onFailureApplies = (event: HookEventName): boolean => ON_FAILURE_EVENTS.has(event);

/**
 * Events where an `mcp_tool` hook's plain text is its answer (Claude Code 2.1.328: PreCompact and WorktreeCreate),
 * so a fail-closed hook there need not answer with a hook's JSON output.
 */
const PLAIN_TEXT_EVENTS: ReadonlySet<string> = new Set(["PreCompact", "WorktreeCreate"]);

/** A handler's `onFailure` as Claude Code reads it, and whether it applies on the hook's event. */
export interface OnFailureSetting {
	/** The value that counts: `"block"` or `"continue"`. */
	readonly value: "block" | "continue";
	/** The value as written, when it is neither `"block"` nor `"continue"` (an `mcp_tool` hook reads it as block). */
	readonly written?: unknown;
	/** False when the event ignores `onFailure` (Stop, SessionStart, ...): a failure never blocks there. */
	readonly applies: boolean;
}

/**
 * The `onFailure` of `entry`'s handler; undefined when the handler does not set it or its type has no `onFailure`
 * (`prompt`, `agent`).
 */
export const onFailureOf = (entry: HookEntry): OnFailureSetting | undefined => {
	const handler = entry.handler;
	if (handler.onFailure === undefined) return undefined;
	const written = handler.type === "command" ? handler.onFailure : handler.raw.onFailure;
	return {
		value: handler.onFailure,
		...(written === "block" || written === "continue" ? {} : { written }),
		applies: onFailureApplies(entry.event),
	};
};

/**
 * True when `entry`, an `mcp_tool` hook run on `event`, must answer with a hook's JSON output, `{}` or nothing
 * (Claude Code 2.1.328): its `onFailure` is `"block"` and applies, and `event` is not one where plain text is the
 * answer.
 */
export const mcpAnswerMustBeHookOutput = (entry: HookEntry, event: HookEventName): boolean =>
	entry.handler.type === "mcp_tool" &&
	entry.handler.onFailure === "block" &&
	onFailureApplies(event) &&
	!PLAIN_TEXT_EVENTS.has(event);
