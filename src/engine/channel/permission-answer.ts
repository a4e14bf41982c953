/**
 * The answers pi-hook-manager gives on its permission channels, in each caller's shape: its own
 * ({@link PermissionChannelAnswer}, with the request's id) and cc-thingz's `cc-hooks:invoke` result
 * (`{blocked, behavior, reason, message, interrupt, updatedInput}` / `{retry}`). Pure.
 */
import type { ChannelEvent, ChannelRequest } from "./permission-request.ts";

/**
 * Why an answer carries no decision, so the caller goes on with its own default:
 * `no_hooks` (no hook of the event matched), `no_decision` (hooks ran and none decided), `switched_off` (the kill
 * switch, or `disableAllHooks`), `timeout` (the caller's deadline passed first), `invalid` (the request was
 * malformed: see `problem`), `not_ready` (no pi session yet: before `session_start` or after its end).
 */
export type NoDecisionWhy = "no_hooks" | "no_decision" | "switched_off" | "timeout" | "invalid" | "not_ready";

/** What the hooks decided for one request, before it is put in a caller's shape. */
export type ChannelDecision =
	| {
			readonly behavior: "allow";
			/** The replacement tool input, in the caller's terms (pi's for pi-hook-manager's channel). */
			readonly input: Readonly<Record<string, unknown>> | undefined;
			readonly updates: readonly unknown[];
	  }
	| { readonly behavior: "deny"; readonly message: string; readonly interrupt: boolean }
	| { readonly behavior: "retry"; readonly retry: boolean }
	| { readonly behavior: "none"; readonly why: NoDecisionWhy; readonly problem?: string };

/**
 * pi-hook-manager's answer, given to the request's `reply` and emitted on the answer channel:
 * - `decision`: `allow` / `deny` on PermissionRequest, `none` when no hook decided (then `why`); PermissionDenied
 *   answers `none` with `retry`.
 * - `input`: with `allow`, the tool input to run instead (pi's terms); absent when the hooks did not change it.
 * - `updatedPermissions`: with `allow`, Claude Code's permission update entries the hooks asked for (may be empty).
 * - `message`, `interrupt`: with `deny`, the words for the model and whether to stop the agent.
 * - `retry`: PermissionDenied: true when a hook said the model may retry.
 */
export interface PermissionChannelAnswer {
	readonly id: string;
	readonly event: ChannelEvent;
	readonly decision: "allow" | "deny" | "none";
	readonly why?: NoDecisionWhy;
	readonly problem?: string;
	readonly input?: Readonly<Record<string, unknown>>;
	readonly updatedPermissions?: readonly unknown[];
	readonly message?: string;
	readonly interrupt?: boolean;
	readonly retry?: boolean;
}

/** pi-hook-manager's answer to request `id` of `event`. */
export const channelAnswer = (id: string, event: ChannelEvent, decision: ChannelDecision): PermissionChannelAnswer => {
	switch (decision.behavior) {
		case "allow":
			return {
				id,
				event,
				decision: "allow",
				...(decision.input === undefined ? {} : { input: decision.input }),
				updatedPermissions: decision.updates,
			};
		case "deny":
			return { id, event, decision: "deny", message: decision.message, interrupt: decision.interrupt };
		case "retry":
			return { id, event, decision: "none", retry: decision.retry };
		case "none":
			return {
				id,
				event,
				decision: "none",
				why: decision.why,
				...(decision.problem === undefined ? {} : { problem: decision.problem }),
				...(event === "PermissionDenied" ? { retry: false } : {}),
			};
	}
};

/**
 * cc-thingz's result for `decision` (its hook runner's shapes, kept so its callers work unchanged): a deny is
 * `blocked` with the message as `reason` ("Permission denied by hook" when none), an allow carries
 * `updatedInput`, PermissionDenied answers `{retry}`, no decision is `{blocked: false}`, and a malformed request
 * `{blocked: true, reason}` as cc-thingz answers one.
 */
export const ccHooksAnswer = (event: ChannelEvent, decision: ChannelDecision): Record<string, unknown> => {
	switch (decision.behavior) {
		case "allow":
			return {
				blocked: false,
				behavior: "allow",
				...(decision.input === undefined ? {} : { updatedInput: decision.input }),
				...(decision.updates.length === 0 ? {} : { updatedPermissions: decision.updates }),
			};
		case "deny": {
			const reason = decision.message === "" ? "Permission denied by hook" : decision.message;
			return { blocked: true, behavior: "deny", reason, message: reason, interrupt: decision.interrupt };
		}
		case "retry":
			return { retry: decision.retry };
		case "none":
			if (decision.why === "invalid") return { blocked: true, reason: decision.problem ?? "invalid request" };
			return event === "PermissionDenied" ? { retry: false } : { blocked: false };
	}
};

/** The answer to `request` in its caller's shape (cc-hooks: no id). */
export const answerIn = (
	shape: ChannelRequest["shape"],
	id: string | undefined,
	event: ChannelEvent,
	decision: ChannelDecision,
): unknown => (shape === "cc-hooks" ? ccHooksAnswer(event, decision) : channelAnswer(id ?? "", event, decision));
