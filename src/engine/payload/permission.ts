/** The stdin of PermissionRequest and PermissionDenied, in Claude Code's key order. */
import { basePayload, type ClaudeToolCall, type SessionInfo } from "./base.ts";

/**
 * PermissionRequest stdin: base + `tool_name`, `tool_input` (Claude Code sends no `tool_use_id` here) and
 * `permission_suggestions` when the asking extension gave some (Claude Code: the "always allow" choices its dialog
 * offers, as permission update entries).
 */
export const permissionRequestPayload = (
	session: SessionInfo,
	call: Pick<ClaudeToolCall, "toolName" | "toolInput">,
	suggestions: readonly unknown[] | undefined,
): Record<string, unknown> => ({
	...basePayload(session, "PermissionRequest"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	...(suggestions === undefined ? {} : { permission_suggestions: suggestions }),
});

/** PermissionDenied stdin: base + `tool_name`, `tool_input`, `tool_use_id` and the refusal's `reason`. */
export const permissionDeniedPayload = (
	session: SessionInfo,
	call: ClaudeToolCall,
	reason: string,
): Record<string, unknown> => ({
	...basePayload(session, "PermissionDenied"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	tool_use_id: call.toolUseId,
	reason,
});
