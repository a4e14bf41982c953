/**
 * Combining the effects of PermissionRequest and PermissionDenied hooks (Claude Code hooks reference, "JSON
 * output" and "Combination of results"): on PermissionRequest a deny beats an allow, an allow's `updatedInput` is the
 * last hook's, every allow's `updatedPermissions` are kept; exit 2 is not honoured there (stderr discarded). On
 * PermissionDenied any `retry: true` counts. `continue: false` and `systemMessage` work as on every event. Pure.
 */

import type { HookVerdict } from "./interpret.ts";
import { type CommonEffects, commonEffects, type DecidedBy, verdictsWith } from "./tool.ts";

/**
 * What PermissionRequest hooks decided together:
 * - `allow`: answer the question with yes; `input` (Claude Code-named) replaces the tool input when a hook gave
 *   `updatedInput`; `updates` are the permission update entries to apply (empty when none).
 * - `deny`: answer with no; `message` is for the model (the hooks' messages, one a line; `""` when none);
 *   `interrupt` stops the agent too.
 * - `none`: no hook decided; the asking extension goes on as it would without hooks (its own dialog or default).
 */
export type PermissionRequestDecision = (
	| {
			readonly behavior: "allow";
			readonly input: Readonly<Record<string, unknown>> | undefined;
			readonly updates: readonly unknown[];
			readonly by: DecidedBy;
	  }
	| { readonly behavior: "deny"; readonly message: string; readonly interrupt: boolean; readonly by: DecidedBy }
	| { readonly behavior: "none" }
) &
	CommonEffects;

/** Combines PermissionRequest verdicts (finish order = array order). */
export const decidePermissionRequest = (verdicts: readonly HookVerdict[]): PermissionRequestDecision => {
	const messages: string[] = [];
	let denied = false;
	let interrupt = false;
	let allowed = false;
	let input: Readonly<Record<string, unknown>> | undefined;
	const updates: unknown[] = [];
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			if (effect.kind === "deny") {
				denied = true;
				if (effect.reason !== undefined && effect.reason !== "") messages.push(effect.reason);
				if (effect.interrupt === true) interrupt = true;
			} else if (effect.kind === "allow") allowed = true;
			else if (effect.kind === "rewrite") input = effect.input;
			else if (effect.kind === "permissions") updates.push(...effect.updates);
		}
	}
	const common = commonEffects(verdicts, "PermissionRequest");
	if (denied)
		return {
			behavior: "deny",
			message: messages.join("\n"),
			interrupt,
			by: verdictsWith(verdicts, "deny"),
			...common,
		};
	if (allowed) return { behavior: "allow", input, updates, by: verdictsWith(verdicts, "allow"), ...common };
	return { behavior: "none", ...common };
};

/** What PermissionDenied hooks decided together: `retry` when one asked that the model may retry, and by whom. */
export type PermissionDeniedDecision = { readonly retry: false } | { readonly retry: true; readonly by: DecidedBy };

/** Combines PermissionDenied verdicts: any `retry: true` counts. */
export const decidePermissionDenied = (verdicts: readonly HookVerdict[]): PermissionDeniedDecision => {
	const by = verdictsWith(verdicts, "retry");
	return by.length > 0 ? { retry: true, by } : { retry: false };
};
