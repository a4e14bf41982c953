/**
 * Claude Code's output contract as lint needs it: which events read `decision`, plain text and context, and the
 * findings (with their advice) shared by the text and JSON lints.
 */

import type { HandlerType } from "../events/facts.ts";
import { MAX_HOOK_TEXT_CHARS } from "../text/messages.ts";
import type { HookEventName } from "../types.ts";
import type { HookLint } from "./types.ts";

/** Events whose top-level `decision` Claude Code reads (PreToolUse: the deprecated approve/block). */
export const DECISION_EVENTS: ReadonlySet<HookEventName> = new Set([
	"PreToolUse",
	"PostToolUse",
	"PostToolBatch",
	"UserPromptSubmit",
	"UserPromptExpansion",
	"Stop",
	"SubagentStop",
	"TaskCreated",
	"ConfigChange",
	"PreCompact",
	"PreModelSwitch",
]);

/** The values of top-level `decision` an event accepts (PreToolUse: the deprecated approve/block). */
export const decisionValues = (event: HookEventName): readonly string[] =>
	event === "PreToolUse" ? ["block", "approve"] : ["block"];

/** Events whose plain stdout on exit 0 is context for the model. */
export const PLAIN_TEXT_EVENTS: ReadonlySet<HookEventName> = new Set([
	"UserPromptSubmit",
	"UserPromptExpansion",
	"SessionStart",
	"PostModelSwitch",
]);

/** Events that take `hookSpecificOutput.additionalContext`. */
export const CONTEXT_EVENTS: ReadonlySet<HookEventName> = new Set([
	"SessionStart",
	"Setup",
	"SubagentStart",
	"UserPromptSubmit",
	"UserPromptExpansion",
	"PreToolUse",
	"PostToolUse",
	"PostToolUseFailure",
	"PostToolBatch",
	"Stop",
	"SubagentStop",
]);

/**
 * Events whose hook can block what happens (Claude Code: exit 2 or `decision: "block"` stops the prompt, the
 * tool call, the stop, the compaction, the config change, ...). On the others (FileChanged, Notification,
 * SessionEnd, ...) a block changes nothing, so lint never advises one.
 */
export const BLOCKING_EVENTS: ReadonlySet<HookEventName> = new Set([
	"UserPromptSubmit",
	"UserPromptExpansion",
	"PreToolUse",
	"PostToolBatch",
	"SubagentStop",
	"TaskCreated",
	"TaskCompleted",
	"Stop",
	"TeammateIdle",
	"ConfigChange",
	"PreCompact",
	"Elicitation",
	"ElicitationResult",
]);

/** Keys that show a text was meant as hook JSON. */
export const HOOK_KEYS =
	/\b(hookSpecificOutput|permissionDecision|additionalContext|decision|systemMessage|continue)\b/;

/** The JSON that gives the model context on `event`. */
export const contextJson = (event: HookEventName): string =>
	`{"hookSpecificOutput": {"hookEventName": "${event}", "additionalContext": "..."}}`;

/** What an event can say instead of a decision it does not have. */
export const insteadOfDecision = (event: HookEventName): string =>
	CONTEXT_EVENTS.has(event)
		? `${event} has no decision; to tell the model something write ${contextJson(event)}`
		: `${event} has no decision; remove "decision" (exit 2 with a reason on stderr is the only way some ` +
			`events block)`;

/** `displayContent` where Claude Code does not read it: at the top level, or on another event than MessageDisplay. */
export const displayContentNotRead = (field: string, event: HookEventName): HookLint => ({
	code: "display_content_not_read",
	field,
	problem:
		event === "MessageDisplay"
			? 'top-level "displayContent" is ignored: only hookSpecificOutput.displayContent counts'
			: `${event} does not read displayContent (only MessageDisplay does): it changes nothing`,
	fix:
		event === "MessageDisplay"
			? 'write {"hookSpecificOutput": {"hookEventName": "MessageDisplay", "displayContent": "..."}}'
			: "remove it; a MessageDisplay hook can change how the assistant's text is shown",
});

/** The JSON that blocks on `event`, for hooks without an exit code (PreToolUse: a deny). */
export const blockJson = (event: HookEventName): string =>
	event === "PreToolUse"
		? '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", ' +
			'"permissionDecisionReason": "..."}}'
		: '{"decision": "block", "reason": "..."}';

/** Plain stdout on an event that does not read plain text; the advice fits the handler type. */
export const plainTextIgnored = (event: HookEventName, type: HandlerType = "command"): HookLint => {
	const context = CONTEXT_EVENTS.has(event);
	const blocks = BLOCKING_EVENTS.has(event);
	if (type !== "command") {
		const what = type === "http" ? "the response body" : type === "mcp_tool" ? "the MCP tool's text" : "the answer";
		return {
			code: "plain_text_ignored",
			field: "stdout",
			problem: `${what} is plain text, which ${event} does not show to the model (only to the debug log)`,
			fix:
				context && blocks
					? `to tell the model, answer with ${contextJson(event)}; to block, with ${blockJson(event)}`
					: context
						? `to tell the model, answer with ${contextJson(event)}`
						: blocks
							? `to block, answer with ${blockJson(event)}`
							: `${event} neither blocks nor takes context: leave the answer empty`,
		};
	}
	return {
		code: "plain_text_ignored",
		field: "stdout",
		problem: `plain stdout of ${event} is not shown to the model (only to the debug log)`,
		fix: [
			context ? `to tell the model, write ${contextJson(event)}` : "write it to stderr or a file",
			blocks ? "to block, exit 2 with the reason on stderr" : "",
		]
			.filter(Boolean)
			.join("; "),
	};
};

/** Context longer than the model sees (`over`: stdout cut at the capture cap, so at least `length`). */
export const truncated = (field: string, length: number, over = false): HookLint => ({
	code: "context_truncated",
	field,
	problem:
		`the context is ${over ? "over " : ""}${length.toLocaleString("en-US")} characters: the model sees ` +
		`only the first ${MAX_HOOK_TEXT_CHARS.toLocaleString("en-US")}`,
	fix: "keep it under 10,000 characters: write the rest to a file and give the model its path",
});
