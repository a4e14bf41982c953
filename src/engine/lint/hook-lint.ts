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

import type { HandlerType } from "../events/facts.ts";
import type { ProcessOutcome } from "../ports.ts";
import { MAX_HOOK_TEXT_CHARS } from "../text/messages.ts";
import type { HookEventName } from "../types.ts";
import { lintJson } from "./json.ts";
import { PLAIN_TEXT_EVENTS, plainTextIgnored, truncated } from "./rules.ts";
import { lintText, parseObject } from "./text.ts";
import type { HookLint, LintInput } from "./types.ts";

export type { HookLint, LintCode, LintInput } from "./types.ts";

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
