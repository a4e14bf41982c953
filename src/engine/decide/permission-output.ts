/**
 * What a PermissionRequest or PermissionDenied hook's JSON says (Claude Code hooks reference, "JSON output"):
 * PermissionRequest's `hookSpecificOutput.decision` = `{behavior: "allow"|"deny", updatedInput?, updatedPermissions?,
 * message?, interrupt?}` and PermissionDenied's `hookSpecificOutput.retry`. Read only by interpret.ts. Pure.
 */
import { isObject } from "../is-object.ts";
import type { HookEventName } from "../types.ts";
import type { HookEffect } from "./effects.ts";

type Json = Readonly<Record<string, unknown>>;

/** The first problem of `specific` (a hookSpecificOutput) on `event`; undefined when valid or another event. */
export const permissionOutputProblem = (specific: Json, event: HookEventName): string | undefined => {
	if (event === "PermissionDenied")
		return specific.retry === undefined || typeof specific.retry === "boolean"
			? undefined
			: "retry must be a boolean";
	if (event !== "PermissionRequest" || specific.decision === undefined) return undefined;
	const decision = specific.decision;
	if (!isObject(decision)) return "decision must be an object";
	if (decision.behavior !== "allow" && decision.behavior !== "deny")
		return `decision.behavior must be "allow" or "deny", got ${JSON.stringify(decision.behavior)}`;
	if (decision.updatedInput !== undefined && !isObject(decision.updatedInput))
		return "decision.updatedInput must be an object";
	if (decision.updatedPermissions !== undefined && !Array.isArray(decision.updatedPermissions))
		return "decision.updatedPermissions must be an array";
	if (decision.message !== undefined && typeof decision.message !== "string")
		return "decision.message must be a string";
	if (decision.interrupt !== undefined && typeof decision.interrupt !== "boolean")
		return "decision.interrupt must be a boolean";
	return undefined;
};

/**
 * The effects of a valid hookSpecificOutput on PermissionRequest (`allow` with its `rewrite` and `permissions`, or
 * `deny` with its message and interrupt) and PermissionDenied (`retry`); none on other events. Claude Code reads
 * `updatedInput` and `updatedPermissions` only with allow, `message` and `interrupt` only with deny.
 */
export const permissionEffects = (specific: Json | undefined, event: HookEventName): HookEffect[] => {
	if (specific === undefined) return [];
	if (event === "PermissionDenied") return specific.retry === true ? [{ kind: "retry" }] : [];
	if (event !== "PermissionRequest" || !isObject(specific.decision)) return [];
	const decision = specific.decision;
	if (decision.behavior === "deny") {
		const reason = typeof decision.message === "string" ? decision.message : undefined;
		return [{ kind: "deny", reason, ...(decision.interrupt === true ? { interrupt: true as const } : {}) }];
	}
	const effects: HookEffect[] = [{ kind: "allow" }];
	if (isObject(decision.updatedInput)) effects.push({ kind: "rewrite", input: decision.updatedInput });
	if (Array.isArray(decision.updatedPermissions) && decision.updatedPermissions.length > 0)
		effects.push({ kind: "permissions", updates: decision.updatedPermissions });
	return effects;
};
