/** What hook lint reads (one run's output) and what it finds (codes with their field, problem and fix). */
import type { HandlerType } from "../events/facts.ts";
import type { HookEventName } from "../types.ts";

/**
 * What a lint found:
 * - `top_level_additional_context`: `additionalContext` outside `hookSpecificOutput`;
 * - `missing_hook_event_name` / `wrong_hook_event_name`: `hookSpecificOutput` without, or with another, event;
 * - `json_with_exit_2`: JSON on stdout of a run that exited 2;
 * - `decision_not_read`: top-level `decision` on an event that has none;
 * - `wrong_decision_value`: a `decision` value the event does not know (`"deny"` instead of `"block"`);
 * - `field_not_read`: `continue` or `systemMessage` on an event that discards them;
 * - `permission_decision_not_read`: `permissionDecision` outside PreToolUse's `hookSpecificOutput`;
 * - `display_content_not_read`: `displayContent` outside MessageDisplay's `hookSpecificOutput`;
 * - `invalid_json`: stdout starts like JSON but does not parse (plain text where JSON was meant);
 * - `plain_text_ignored`: plain stdout on an event that does not read plain text;
 * - `two_json_documents` / `text_after_json` / `banner_before_json`: one JSON object with more around it;
 * - `context_truncated`: context longer than 10,000 characters, cut before the model sees it.
 */
export type LintCode =
	| "top_level_additional_context"
	| "missing_hook_event_name"
	| "wrong_hook_event_name"
	| "json_with_exit_2"
	| "decision_not_read"
	| "wrong_decision_value"
	| "field_not_read"
	| "permission_decision_not_read"
	| "display_content_not_read"
	| "invalid_json"
	| "plain_text_ignored"
	| "two_json_documents"
	| "text_after_json"
	| "banner_before_json"
	| "context_truncated";

/** One finding. */
export interface HookLint {
	readonly code: LintCode;
	/** The field or part of the output it is about, e.g. `hookSpecificOutput.hookEventName`, `stdout`, `exit code`. */
	readonly field: string;
	/** What Claude Code does with it, in one sentence. */
	readonly problem: string;
	/** What to write instead. */
	readonly fix: string;
}

/** What one run produced, as the lint reads it. */
export interface LintInput {
	readonly event: HookEventName;
	/** The exit code; undefined when the run did not exit on its own (no lint then). */
	readonly exitCode: number | undefined;
	/** Stdout as captured (an http hook's response body). */
	readonly stdout: string;
	/** True when stdout was cut at the capture cap (its end is missing: only plain text at its start is linted). */
	readonly truncated?: boolean;
	/**
	 * The handler type; default `command`. Only a command hook has an exit code and stderr: the advice to other
	 * types (an http body, an mcp_tool's text, a prompt's answer) names the JSON that blocks instead.
	 */
	readonly type?: HandlerType;
}

/** A JSON object read from stdout. */
export type Json = Record<string, unknown>;
