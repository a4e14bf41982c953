/**
 * What one hook asked for, as values: the effects `interpretOutcome` reads out of a hook's exit code and
 * output. The `decide*` functions combine the effects of an event's hooks; nothing else reads a hook's raw
 * JSON. Pure types and helpers.
 *
 * The words, one meaning each: an *effect* is what one hook asked for (this file); a *decision* is what all
 * hooks of one event decided together (`decide-*.ts`: `PreToolDecision`, `PostToolDecision`,
 * `ContextDecision`, `BlockDecision`, tagged unions on `permission` or `blocked` whose every part names its
 * hooks in `by`); a *plan* is what pi must do about it
 * (`plan/*.ts`); a *card* is what pi did about it, as persisted and drawn (`plan/card.ts`); one hook run's line in
 * the log shows its *result* (`RunResult`). A hook's JSON field `decision` is its raw output, read only by
 * `interpretOutcome`.
 */

/**
 * One thing a hook asked for:
 * - `block`: exit 2 (any event), or `decision: "block"` on events other than PreToolUse. `source: "json"`
 *   when the words are the hook's JSON reason, `"stderr"` when they are its stderr (Claude Code quotes those
 *   with the command); `reason` is undefined for a JSON block without a reason.
 * - `deny` / `ask` / `allow` / `defer`: a PreToolUse permission decision (`permissionDecision`, or the
 *   legacy top-level `decision: "block"`/`"approve"`, marked `legacy`); on PermissionRequest `allow` and `deny`
 *   are its `decision.behavior`, a deny's `interrupt: true` stops the agent too.
 * - `permissions`: PermissionRequest's `updatedPermissions` with an allow (Claude Code's permission update entries).
 * - `retry`: PermissionDenied's `retry: true` (the model is told it may retry).
 * - `rewrite`: `updatedInput`, the Claude Code-named input that replaces the whole tool input.
 * - `context`: `additionalContext` for the model.
 * - `stdout`: plain (non-JSON) stdout of a successful run; context on prompt and session events.
 * - `replace_output`: `updatedToolOutput`, what the model sees instead of the tool result.
 * - `display`: MessageDisplay `displayContent`, what the user sees instead of the assistant's text (the model
 *   and the transcript keep the original).
 * - `stop`: `continue: false`, with the `stopReason` for the user.
 * - `message`: `systemMessage`, shown to the user.
 * - `warning`: a success that may surprise the user (stdout looked like JSON but did not parse).
 * - `failed`: the hook failed (`error`: exit 1, bad JSON fields, cannot start; `timeout`; `cancelled` by
 *   Esc); it decides nothing, the action proceeds (Claude Code: hook failures fail open).
 */
export type HookEffect =
	| { readonly kind: "block"; readonly source: "json" | "stderr"; readonly reason: string | undefined }
	| {
			readonly kind: "deny";
			readonly reason: string | undefined;
			readonly legacy?: true;
			readonly interrupt?: true;
	  }
	| { readonly kind: "ask"; readonly reason: string | undefined }
	| { readonly kind: "allow"; readonly legacy?: true }
	| { readonly kind: "defer" }
	| { readonly kind: "rewrite"; readonly input: Readonly<Record<string, unknown>> }
	| { readonly kind: "permissions"; readonly updates: readonly unknown[] }
	| { readonly kind: "retry" }
	| { readonly kind: "context"; readonly text: string }
	| { readonly kind: "stdout"; readonly text: string }
	| { readonly kind: "replace_output"; readonly output: unknown }
	| { readonly kind: "display"; readonly text: string }
	| { readonly kind: "stop"; readonly reason: string | undefined }
	| { readonly kind: "message"; readonly text: string }
	| { readonly kind: "warning"; readonly text: string }
	| { readonly kind: "failed"; readonly why: "error" | "timeout" | "cancelled"; readonly message: string };

/** The `kind` of a {@link HookEffect}. */
export type HookEffectKind = HookEffect["kind"];

/** The effect of `kind` among `effects`, narrowed; undefined when the hook did not ask for it. */
export const effectOf = <K extends HookEffectKind>(
	effects: readonly HookEffect[],
	kind: K,
): Extract<HookEffect, { kind: K }> | undefined =>
	effects.find((effect): effect is Extract<HookEffect, { kind: K }> => effect.kind === kind);

/** True when `effects` hold an effect of one of `kinds`. */
export const hasEffect = (effects: readonly HookEffect[], ...kinds: readonly HookEffectKind[]): boolean =>
	effects.some((effect) => kinds.includes(effect.kind));
