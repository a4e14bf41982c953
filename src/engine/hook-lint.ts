/**
 * Hook lint: output that Claude Code accepts without complaint but silently ignores, found in one hook run's
 * exit code and stdout. Each finding names the field and says what to write instead. Pure, no I/O.
 *
 * The rules follow Claude Code's output contract: stdout is read as JSON only when it is one JSON object
 * from its first non-blank character; only `hookSpecificOutput.additionalContext` reaches the model, and
 * only with `hookEventName` set to the event; top-level `decision` is read by the events that can block
 * with it; `permissionDecision` only by PreToolUse, inside `hookSpecificOutput`; plain stdout is context
 * only for UserPromptSubmit, UserPromptExpansion and SessionStart; hook text is cut at 10,000 characters.
 */

import { discardsCommonFields, type HandlerType } from "./events.ts";
import { isObject } from "./is-object.ts";
import { MAX_HOOK_TEXT_CHARS } from "./messages.ts";
import type { HookEventName, ProcessOutcome } from "./types.ts";

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

type Json = Record<string, unknown>;

/** Events whose top-level `decision` Claude Code reads (PreToolUse: the deprecated approve/block). */
const DECISION_EVENTS: ReadonlySet<HookEventName> = new Set([
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
const decisionValues = (event: HookEventName): readonly string[] =>
	event === "PreToolUse" ? ["block", "approve"] : ["block"];

/** Events whose plain stdout on exit 0 is context for the model. */
const PLAIN_TEXT_EVENTS: ReadonlySet<HookEventName> = new Set([
	"UserPromptSubmit",
	"UserPromptExpansion",
	"SessionStart",
	"PostModelSwitch",
]);

/** Events that take `hookSpecificOutput.additionalContext`. */
const CONTEXT_EVENTS: ReadonlySet<HookEventName> = new Set([
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

/** Keys that show a text was meant as hook JSON. */
const HOOK_KEYS = /\b(hookSpecificOutput|permissionDecision|additionalContext|decision|systemMessage|continue)\b/;

const contextJson = (event: HookEventName): string =>
	`{"hookSpecificOutput": {"hookEventName": "${event}", "additionalContext": "..."}}`;

/** What an event can say instead of a decision it does not have. */
const insteadOfDecision = (event: HookEventName): string =>
	CONTEXT_EVENTS.has(event)
		? `${event} has no decision; to tell the model something write ${contextJson(event)}`
		: `${event} has no decision; remove "decision" (exit 2 with a reason on stderr is the only way some ` +
			`events block)`;

/**
 * The end of the JSON value that starts at `start` (an object or array), scanning brackets and strings;
 * -1 when it never closes.
 */
const valueEnd = (text: string, start: number): number => {
	let depth = 0;
	let inString = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		if (inString) {
			if (char === "\\") index++;
			else if (char === '"') inString = false;
		} else if (char === '"') inString = true;
		else if (char === "{" || char === "[") depth++;
		else if (char === "}" || char === "]") {
			depth--;
			if (depth === 0) return index + 1;
		}
	}
	return -1;
};

const parseObject = (text: string): Json | undefined => {
	try {
		const value: unknown = JSON.parse(text);
		return isObject(value) ? value : undefined;
	} catch {
		return undefined;
	}
};

const parseError = (text: string): string => {
	try {
		JSON.parse(text);
		return "";
	} catch (error) {
		return (error as Error).message;
	}
};

const firstLine = (text: string): string => (text.split("\n")[0] ?? "").trim();
const clip = (text: string, max = 40): string => (text.length <= max ? text : `${text.slice(0, max - 3)}...`);

/** `displayContent` where Claude Code does not read it: at the top level, or on another event than MessageDisplay. */
const displayContentNotRead = (field: string, event: HookEventName): HookLint => ({
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
const blockJson = (event: HookEventName): string =>
	event === "PreToolUse"
		? '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", ' +
			'"permissionDecisionReason": "..."}}'
		: '{"decision": "block", "reason": "..."}';

/** Plain stdout on an event that does not read plain text; the advice fits the handler type. */
const plainTextIgnored = (event: HookEventName, type: HandlerType = "command"): HookLint => {
	const context = CONTEXT_EVENTS.has(event);
	if (type !== "command") {
		const what = type === "http" ? "the response body" : type === "mcp_tool" ? "the MCP tool's text" : "the answer";
		return {
			code: "plain_text_ignored",
			field: "stdout",
			problem: `${what} is plain text, which ${event} does not show to the model (only to the debug log)`,
			fix: context
				? `to tell the model, answer with ${contextJson(event)}; to block, with ${blockJson(event)}`
				: `to block, answer with ${blockJson(event)}`,
		};
	}
	return {
		code: "plain_text_ignored",
		field: "stdout",
		problem: `plain stdout of ${event} is not shown to the model (only to the debug log)`,
		fix: context
			? `to tell the model, write ${contextJson(event)}; to block, exit 2 with the reason on stderr`
			: "write it to stderr or a file; to block, exit 2 with the reason on stderr",
	};
};

/** Lints of stdout that is not one JSON object (banners, two documents, broken JSON, ignored plain text). */
const lintText = (input: LintInput, trimmed: string): HookLint[] => {
	const { event } = input;
	if (trimmed.startsWith("{")) {
		const end = valueEnd(trimmed, 0);
		const first = end < 0 ? undefined : parseObject(trimmed.slice(0, end));
		if (first !== undefined) {
			const rest = trimmed.slice(end).trim();
			const two = rest.startsWith("{") || rest.startsWith("[");
			return [
				{
					code: two ? "two_json_documents" : "text_after_json",
					field: "stdout",
					problem: two
						? "stdout holds two JSON documents, so Claude Code reads none of it as JSON (it is plain text)"
						: `text after the JSON ("${clip(firstLine(rest))}") makes the whole stdout plain text`,
					fix: two
						? "print exactly one JSON object: merge the fields into one, and write logs to stderr"
						: "print only the JSON object on stdout; write other text to stderr (>&2)",
				},
			];
		}
		return [
			{
				code: "invalid_json",
				field: "stdout",
				problem: `stdout starts with "{" but is not valid JSON (${parseError(trimmed)}), so it is plain text`,
				fix:
					"print valid JSON (double-quoted keys and strings, no trailing commas): json.dumps or " +
					"JSON.stringify",
			},
		];
	}
	const brace = trimmed.search(/\n\s*\{/);
	if (brace > 0) {
		const start = trimmed.indexOf("{", brace);
		const end = valueEnd(trimmed, start);
		if (end > 0 && parseObject(trimmed.slice(start, end)) !== undefined) {
			return [
				{
					code: "banner_before_json",
					field: "stdout",
					problem: `a line before the JSON ("${clip(firstLine(trimmed))}") makes the whole stdout plain text`,
					fix:
						"print only the JSON object on stdout: send banners to stderr (>&2) or silence the " +
						"shell profile",
				},
			];
		}
	}
	if (trimmed.startsWith("[")) {
		return [
			{
				code: "invalid_json",
				field: "stdout",
				problem: "a JSON array on stdout is plain text: Claude Code reads only a JSON object",
				fix: 'print one JSON object, e.g. {"systemMessage": "..."}',
			},
		];
	}
	if (input.exitCode !== 0 || trimmed === "") return [];
	if (HOOK_KEYS.test(trimmed) && /[:=]/.test(trimmed)) {
		return [
			{
				code: "invalid_json",
				field: "stdout",
				problem:
					`stdout looks like hook fields ("${clip(firstLine(trimmed))}") but is not JSON, so it ` +
					`is plain text`,
				fix: 'print a JSON object, e.g. {"decision": "block", "reason": "..."}',
			},
		];
	}
	if (PLAIN_TEXT_EVENTS.has(event)) return [];
	return [plainTextIgnored(event, input.type)];
};

/** Lints of a JSON object on stdout. */
const lintJson = (input: LintInput, json: Json): HookLint[] => {
	const { event } = input;
	const lints: HookLint[] = [];
	if (input.exitCode === 2) {
		lints.push({
			code: "json_with_exit_2",
			field: "exit code",
			problem:
				"exit 2 blocks whatever the JSON says: its fields are ignored except a block reason (older " +
				"Claude Code ignores it all)",
			fix: "exit 0 and let the JSON decide, or keep exit 2 and write the reason to stderr",
		});
	}
	if (json.additionalContext !== undefined) {
		lints.push({
			code: "top_level_additional_context",
			field: "additionalContext",
			problem: 'top-level "additionalContext" is ignored: only hookSpecificOutput.additionalContext counts',
			fix: `write ${contextJson(event)}`,
		});
	}
	if (json.displayContent !== undefined) lints.push(displayContentNotRead("displayContent", event));
	if (json.permissionDecision !== undefined) {
		lints.push({
			code: "permission_decision_not_read",
			field: "permissionDecision",
			problem: 'top-level "permissionDecision" is ignored: it is read inside hookSpecificOutput, on PreToolUse',
			fix:
				event === "PreToolUse"
					? 'write {"hookSpecificOutput": {"hookEventName": "PreToolUse", ' +
						'"permissionDecision": "deny", "permissionDecisionReason": "..."}}'
					: insteadOfDecision(event),
		});
	}
	if (json.decision !== undefined && !DECISION_EVENTS.has(event)) {
		lints.push({
			code: "decision_not_read",
			field: "decision",
			problem: `${event} does not read "decision": it changes nothing`,
			fix: insteadOfDecision(event),
		});
	} else if (typeof json.decision === "string" && !decisionValues(event).includes(json.decision)) {
		const permission = event === "PreToolUse" && ["deny", "allow", "ask"].includes(json.decision);
		lints.push({
			code: "wrong_decision_value",
			field: "decision",
			problem:
				`"decision": ${JSON.stringify(json.decision)} is not a value ${event} knows, so the ` +
				`output is rejected`,
			fix: permission
				? `write {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": ` +
					`${JSON.stringify(json.decision)}}}`
				: `write "decision": "block" with a "reason", or leave "decision" out`,
		});
	}
	for (const field of ["continue", "systemMessage"] as const) {
		if (json[field] !== undefined && discardsCommonFields(event)) {
			lints.push({
				code: "field_not_read",
				field,
				problem: `${event} discards "${field}": it changes nothing`,
				fix:
					field === "continue"
						? `remove "continue"; ${event} cannot stop the agent`
						: `write the message to stderr or a file; ${event} shows no systemMessage`,
			});
		}
	}
	const specific = json.hookSpecificOutput;
	if (isObject(specific)) {
		if (specific.hookEventName === undefined) {
			lints.push({
				code: "missing_hook_event_name",
				field: "hookSpecificOutput.hookEventName",
				problem: "hookSpecificOutput without hookEventName is rejected: none of its fields count",
				fix: `add "hookEventName": "${event}" inside hookSpecificOutput`,
			});
		} else if (specific.hookEventName !== event) {
			lints.push({
				code: "wrong_hook_event_name",
				field: "hookSpecificOutput.hookEventName",
				problem:
					`hookEventName is ${JSON.stringify(specific.hookEventName)} but the hook ran for ` +
					`${event}: none of its fields count`,
				fix:
					`write "hookEventName": "${event}" (one hook script serving several events can read ` +
					`hook_event_name from stdin)`,
			});
		}
		if (specific.permissionDecision !== undefined && event !== "PreToolUse") {
			lints.push({
				code: "permission_decision_not_read",
				field: "hookSpecificOutput.permissionDecision",
				problem: `${event} does not read permissionDecision (only PreToolUse does): it changes nothing`,
				fix: DECISION_EVENTS.has(event)
					? `on ${event} write {"decision": "block", "reason": "..."}`
					: insteadOfDecision(event),
			});
		}
		if (specific.displayContent !== undefined && event !== "MessageDisplay")
			lints.push(displayContentNotRead("hookSpecificOutput.displayContent", event));
		const context = specific.additionalContext;
		if (typeof context === "string" && context.length > MAX_HOOK_TEXT_CHARS) {
			lints.push(truncated("hookSpecificOutput.additionalContext", context.length));
		}
	}
	return lints;
};

const truncated = (field: string, length: number, over = false): HookLint => ({
	code: "context_truncated",
	field,
	problem:
		`the context is ${over ? "over " : ""}${length.toLocaleString("en-US")} characters: the model sees ` +
		`only the first ${MAX_HOOK_TEXT_CHARS.toLocaleString("en-US")}`,
	fix: "keep it under 10,000 characters: write the rest to a file and give the model its path",
});

/**
 * The lints of stdout cut at the capture cap: its end is missing, so only what its start shows. Plain text
 * (not starting with `{` or `[`) stays plain text however long: ignored on an event that does not read it, and
 * more than the model sees on one that does, as for output under the cap.
 */
const lintCut = (input: LintInput): HookLint[] => {
	const start = input.stdout.trimStart();
	if (input.exitCode !== 0 || start === "" || start.startsWith("{") || start.startsWith("[")) return [];
	if (PLAIN_TEXT_EVENTS.has(input.event)) return [truncated("stdout", input.stdout.length, true)];
	return [plainTextIgnored(input.event, input.type)];
};

/** The lints of one run's output; empty when nothing looks like a mistake. */
export const lintHookOutput = (input: LintInput): HookLint[] => {
	if (input.exitCode === undefined) return [];
	if (input.truncated === true) return lintCut(input);
	const trimmed = input.stdout.trim();
	const json = trimmed.startsWith("{") ? parseObject(trimmed) : undefined;
	if (json !== undefined) return lintJson(input, json);
	const lints = lintText(input, trimmed);
	if (
		lints.length === 0 &&
		input.exitCode === 0 &&
		PLAIN_TEXT_EVENTS.has(input.event) &&
		trimmed.length > MAX_HOOK_TEXT_CHARS
	) {
		lints.push(truncated("stdout", trimmed.length));
	}
	return lints;
};

/**
 * The lints of a process outcome (none for runs that did not exit: timeouts, spawn failures); `type` is the
 * handler type (default `command`), for advice that fits it.
 */
export const lintOutcome = (event: HookEventName, outcome: ProcessOutcome, type?: HandlerType): HookLint[] =>
	outcome.kind === "exited"
		? lintHookOutput({
				event,
				exitCode: outcome.code,
				stdout: outcome.stdout.text,
				truncated: outcome.stdout.truncated,
				...(type === undefined ? {} : { type }),
			})
		: [];

/** One line for a lint: `<field>: <problem>; <fix>`. */
export const lintLine = (lint: HookLint): string => `${lint.field}: ${lint.problem}; ${lint.fix}`;
