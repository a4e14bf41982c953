/**
 * The stdin of the tool events (PreToolUse, PostToolUse, PostToolUseFailure): the base fields and the call in
 * Claude Code terms (tool name and input already mapped, tool-map.ts).
 */
import { basePayload, type ClaudeToolCall, type SessionInfo } from "./base.ts";

/** PreToolUse stdin: base + `tool_name, tool_input, tool_use_id`. */
export const preToolUsePayload = (session: SessionInfo, call: ClaudeToolCall): Record<string, unknown> => ({
	...basePayload(session, "PreToolUse"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	tool_use_id: call.toolUseId,
});

/** PostToolUse stdin: base + `tool_name, tool_input, tool_response, tool_use_id, duration_ms?` (milliseconds). */
export const postToolUsePayload = (
	session: SessionInfo,
	call: ClaudeToolCall,
	toolResponse: unknown,
	durationMs: number | undefined,
): Record<string, unknown> => ({
	...basePayload(session, "PostToolUse"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	tool_response: toolResponse,
	tool_use_id: call.toolUseId,
	...(durationMs === undefined ? {} : { duration_ms: Math.round(durationMs) }),
});

/** PostToolUseFailure stdin: base + `tool_name, tool_input, tool_use_id, error, is_interrupt, duration_ms?`. */
export const postToolUseFailurePayload = (
	session: SessionInfo,
	call: ClaudeToolCall,
	error: string,
	isInterrupt: boolean,
	durationMs: number | undefined,
): Record<string, unknown> => ({
	...basePayload(session, "PostToolUseFailure"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	tool_use_id: call.toolUseId,
	error,
	is_interrupt: isInterrupt,
	...(durationMs === undefined ? {} : { duration_ms: Math.round(durationMs) }),
});

/** One call of a PostToolBatch, in Claude Code terms: the call and its result's text. */
export interface ClaudeBatchCall extends ClaudeToolCall {
	readonly toolResponse: string;
}

/** PostToolBatch stdin: base + `tool_calls`, each `tool_name, tool_input, tool_use_id, tool_response`. */
export const postToolBatchPayload = (
	session: SessionInfo,
	calls: readonly ClaudeBatchCall[],
): Record<string, unknown> => ({
	...basePayload(session, "PostToolBatch"),
	tool_calls: calls.map((call) => ({
		tool_name: call.toolName,
		tool_input: call.toolInput,
		tool_use_id: call.toolUseId,
		tool_response: call.toolResponse,
	})),
});
