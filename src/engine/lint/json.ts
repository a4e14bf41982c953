/** Lints of a JSON object on stdout: fields Claude Code does not read where they were written. */

import { discardsCommonFields } from "../events/facts.ts";
import { isObject } from "../is-object.ts";
import { MAX_HOOK_TEXT_CHARS } from "../text/messages.ts";
import {
	contextJson,
	DECISION_EVENTS,
	decisionValues,
	displayContentNotRead,
	insteadOfDecision,
	truncated,
} from "./rules.ts";
import type { HookLint, Json, LintInput } from "./types.ts";

/** Lints of a JSON object on stdout. */
export const lintJson = (input: LintInput, json: Json): HookLint[] => {
	const { event } = input;
	const lints: HookLint[] = [];
	if (input.exitCode === 2) {
		lints.push({
			code: "json_with_exit_2",
			field: "exit code",
			problem:
				"exit 2 blocks whatever the JSON decides (an allow or ask does not count), while its block reason, " +
				"additionalContext and systemMessage still count (Claude Code 2.1.332; older versions ignore it all)",
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
