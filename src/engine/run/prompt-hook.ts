/**
 * `prompt` hooks (as in Claude Code): the hook's prompt plus the event JSON go to a model that
 * answers `{ok, reason}`; `ok: false` means what a block means for that event. Pure: building the prompt and
 * turning the answer into the hook JSON the rest of the engine reads.
 */
import { escapeHiddenInJson, stripHidden } from "../text/terminal-safe.ts";
import type { HookEventName } from "../types.ts";

/**
 * The prompt sent to the model: `$ARGUMENTS` replaced by the event JSON, or the JSON appended. `\$` escapes.
 * Nothing the user could not read reaches the model: the hook's prompt loses its hidden characters (tag
 * characters, zero-width and bidi controls, variation selectors...: what the approval dialog showed as escapes,
 * and a notice says so, see `hiddenPromptNotices`), and those in the event JSON become JSON escapes (`\u200b`), so
 * its value is the same but nothing in it is invisible.
 */
export const buildHookPrompt = (hookPrompt: string, eventJson: string): string => {
	const prompt = stripHidden(hookPrompt);
	const inputJson = escapeHiddenInJson(eventJson);
	if (!/(^|[^\\])\$ARGUMENTS/.test(prompt)) return `${prompt.replace(/\\\$/g, "$")}\n\n${inputJson}`;
	return prompt
		.replace(/(^|[^\\])\$ARGUMENTS/g, (_whole, before: string) => `${before}${inputJson}`)
		.replace(/\\\$/g, "$");
};

/** The instruction that makes a model answer in the `{ok, reason}` shape. */
export const PROMPT_HOOK_SYSTEM =
	"You are a hook in a coding agent. Evaluate the request and answer with only a JSON object: " +
	'{"ok": true} to allow, or {"ok": false, "reason": "<why>"} to block.';

/** Parses the model's answer; undefined when it holds no `{ok: boolean}` object. */
export const parsePromptAnswer = (text: string): { ok: boolean; reason: string } | undefined => {
	const match = /\{[\s\S]*\}/.exec(text);
	if (!match) return undefined;
	try {
		const value = JSON.parse(match[0]) as { ok?: unknown; reason?: unknown };
		if (typeof value.ok !== "boolean") return undefined;
		return { ok: value.ok, reason: typeof value.reason === "string" ? value.reason : "" };
	} catch {
		return undefined;
	}
};

/** The hook JSON an answer stands for on `event` (`ok: false` = deny / block / context by event). */
export const promptAnswerToHookJson = (
	event: HookEventName,
	answer: { ok: boolean; reason: string },
): Record<string, unknown> => {
	if (answer.ok) return {};
	const reason = answer.reason || "blocked by a prompt hook";
	switch (event) {
		case "PreToolUse":
			return {
				hookSpecificOutput: {
					hookEventName: event,
					permissionDecision: "deny",
					permissionDecisionReason: reason,
				},
			};
		case "PostToolUseFailure":
			return { hookSpecificOutput: { hookEventName: event, additionalContext: reason } };
		case "PermissionRequest":
		case "PermissionDenied":
			return {};
		default:
			return { decision: "block", reason };
	}
};
