/**
 * Combining the effects of all hooks of one tool event into what pi must do. Claude Code: PreToolUse deny >
 * ask > allow, the last `updatedInput` to finish wins, every `additionalContext` is delivered; PostToolUse and
 * PostToolUseFailure put block feedback and context next to the result, `updatedToolOutput` replaces it.
 * Each decision is a tagged union on its permission (or on `blocked`): a deny carries only what a deny has,
 * and every part names the hooks behind it (`by`). Pure.
 */
import { sourceLabel } from "../config/sources.ts";
import {
	additionalContextText,
	capText,
	commandText,
	postToolBlockingText,
	preToolBlockedText,
	preToolDeniedText,
	stoppedContinuationText,
} from "../text/messages.ts";
import { effectOf, type HookEffect, hasEffect } from "./effects.ts";
import type { HookVerdict } from "./interpret.ts";

/** A line for the user (never the model). */
export interface UserNotice {
	readonly level: "info" | "warning" | "error";
	readonly text: string;
}

/** The hooks behind one part of a decision, in finish order (never empty on a part that is there). */
export type DecidedBy = readonly HookVerdict[];

/** `continue: false` (Claude Code): the agent stops; `text` is for the user (`stopReason`). */
export interface StopRequest {
	readonly text: string;
	readonly by: DecidedBy;
}

/** Model-visible texts some hooks added, in finish order, and those hooks. */
export interface AddedContext {
	readonly texts: readonly string[];
	readonly by: DecidedBy;
}

/** What every event's hooks can ask for besides their event-specific decision. */
export interface CommonEffects {
	/** `continue: false`; undefined when no hook said it. */
	readonly stop: StopRequest | undefined;
	/**
	 * User-facing lines: `systemMessage`s. Hook failures (errors, timeouts, output that did not parse) are not
	 * here: each is one card (see `failureCards`), so the user gets one card and one count.
	 */
	readonly notices: readonly UserNotice[];
}

/** A PreToolUse `updatedInput`: Claude Code-named input that replaces the whole tool input (the last hook wins). */
export interface InputRewrite {
	readonly input: Readonly<Record<string, unknown>>;
	/** Every hook that asked for a rewrite. */
	readonly by: DecidedBy;
}

/**
 * What the PreToolUse hooks decided about the call (Claude Code: deny > ask > allow): `deny` blocks with
 * `reason` (model-visible, joined when several hooks deny); `ask` needs the user's confirmation (`reasons` for
 * the user, `sources` the labels such as `Claude project` of the hooks that asked); `allow` and `none` proceed.
 * A deny ignores any rewrite; the others carry it (undefined = the input is kept).
 */
export type PreToolPermission =
	| { readonly permission: "deny"; readonly reason: string; readonly by: DecidedBy }
	| {
			readonly permission: "ask";
			readonly reasons: readonly string[];
			readonly sources: readonly string[];
			readonly by: DecidedBy;
			readonly rewrite: InputRewrite | undefined;
	  }
	| { readonly permission: "allow"; readonly by: DecidedBy; readonly rewrite: InputRewrite | undefined }
	| { readonly permission: "none"; readonly rewrite: InputRewrite | undefined };

/** The combined PreToolUse decision: the permission, the context for the result, and the common effects. */
export type PreToolDecision = PreToolPermission &
	CommonEffects & {
		/** Texts to put next to the tool result (or the block reason); undefined when no hook added any. */
		readonly context: AddedContext | undefined;
	};

/** A tool output replacement (Claude Code `updatedToolOutput`, the last hook wins). */
export interface OutputReplacement {
	readonly output: unknown;
	readonly by: DecidedBy;
}

/**
 * The combined PostToolUse / PostToolUseFailure decision: `blocked` (exit 2 or `decision: "block"`, `by` the
 * hooks that blocked) or not; either way the model-visible texts for next to the result (block feedback and
 * additional context, in finish order) and a replacement of the output.
 */
export type PostToolDecision = ({ readonly blocked: true; readonly by: DecidedBy } | { readonly blocked: false }) &
	CommonEffects & {
		/** Block feedback and `additionalContext`, by the hooks that gave either; undefined when none. */
		readonly context: AddedContext | undefined;
		/** undefined = the output is unchanged. */
		readonly output: OutputReplacement | undefined;
	};

/** The verdicts whose effects hold one of `kinds`. */
export const verdictsWith = (verdicts: readonly HookVerdict[], ...kinds: HookEffect["kind"][]): HookVerdict[] =>
	verdicts.filter((verdict) => hasEffect(verdict.effects, ...kinds));

/**
 * The reason of a `block` effect of an exit-2 hook, for the user: the JSON reason, else `[cmd]: stderr`
 * (Claude Code's wording on the events that are not tool events).
 */
export const exit2BlockReason = (verdict: HookVerdict, effect: Extract<HookEffect, { kind: "block" }>): string =>
	effect.source === "json" ? (effect.reason ?? "") : `[${commandText(verdict.entry)}]: ${effect.reason ?? ""}`;

/** `texts` and the hooks that gave them, or undefined when there are none. */
export const addedContext = (texts: readonly string[], by: DecidedBy): AddedContext | undefined =>
	texts.length === 0 ? undefined : { texts, by };

/** Notices and `continue: false` that every event shares. */
export const commonEffects = (verdicts: readonly HookVerdict[], name: string): CommonEffects => {
	const notices: UserNotice[] = [];
	let stop: string | undefined;
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			if (effect.kind === "message") {
				notices.push({ level: "info", text: capText(`${name} says: ${effect.text}`) });
			} else if (effect.kind === "stop" && stop === undefined) {
				stop = stoppedContinuationText(name, effect.reason);
			}
		}
	}
	return { stop: stop === undefined ? undefined : { text: stop, by: verdictsWith(verdicts, "stop") }, notices };
};

/** The permission of PreToolUse hooks' deny / ask / allow effects (Claude Code: deny > ask > allow). */
const permissionOf = (
	deny: readonly string[],
	ask: { readonly reasons: readonly string[]; readonly sources: readonly string[] },
	allowed: boolean,
	rewrite: InputRewrite | undefined,
	verdicts: readonly HookVerdict[],
): PreToolPermission => {
	if (deny.length > 0)
		return { permission: "deny", reason: deny.join("\n"), by: verdictsWith(verdicts, "block", "deny") };
	if (ask.reasons.length > 0) return { permission: "ask", ...ask, by: verdictsWith(verdicts, "ask"), rewrite };
	if (allowed) return { permission: "allow", by: verdictsWith(verdicts, "allow"), rewrite };
	return { permission: "none", rewrite };
};

/** Combines PreToolUse verdicts (`name` is e.g. `PreToolUse:Bash`). Finish order = array order. */
export const decidePreToolUse = (verdicts: readonly HookVerdict[], name: string): PreToolDecision => {
	const denyReasons: string[] = [];
	const reasons: string[] = [];
	const sources: string[] = [];
	const context: string[] = [];
	let allowed = false;
	let updatedInput: Readonly<Record<string, unknown>> | undefined;
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			switch (effect.kind) {
				case "block":
					// Claude Code: exit 2 blocks even when the JSON says allow.
					denyReasons.push(
						effect.source === "json"
							? capText(effect.reason ?? "")
							: preToolBlockedText(name, verdict.entry, effect.reason ?? ""),
					);
					break;
				case "deny":
					denyReasons.push(effect.reason ? capText(effect.reason) : preToolDeniedText(name, verdict.entry));
					break;
				case "ask":
					reasons.push(effect.reason || `${name} hook asks for confirmation`);
					sources.push(sourceLabel(verdict.entry.source));
					break;
				case "allow":
					allowed = true;
					break;
				case "rewrite":
					updatedInput = effect.input;
					break;
				case "context":
					context.push(additionalContextText(name, effect.text));
					break;
			}
		}
	}
	const rewrite =
		updatedInput === undefined ? undefined : { input: updatedInput, by: verdictsWith(verdicts, "rewrite") };
	return {
		...permissionOf(denyReasons, { reasons, sources }, allowed, rewrite, verdicts),
		...commonEffects(verdicts, name),
		context: addedContext(context, verdictsWith(verdicts, "context")),
	};
};

/** Combines PostToolUse or PostToolUseFailure verdicts (`name` is e.g. `PostToolUse:Write`). */
export const decidePostToolUse = (verdicts: readonly HookVerdict[], name: string): PostToolDecision => {
	const context: string[] = [];
	let output: unknown;
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			if (effect.kind === "block") {
				const fromStderr = effect.source === "stderr";
				context.push(postToolBlockingText(name, verdict.entry, effect.reason ?? "", fromStderr));
			} else if (effect.kind === "context") context.push(additionalContextText(name, effect.text));
			else if (effect.kind === "replace_output") output = effect.output;
		}
	}
	const blockedBy = verdictsWith(verdicts, "block");
	return {
		...(blockedBy.length > 0 ? { blocked: true, by: blockedBy } : { blocked: false }),
		...commonEffects(verdicts, name),
		context: addedContext(context, verdictsWith(verdicts, "block", "context")),
		output: output === undefined ? undefined : { output, by: verdictsWith(verdicts, "replace_output") },
	};
};

/** The first effect of `kind` a verdict holds (see {@link effectOf}). */
export const verdictEffect = <K extends HookEffect["kind"]>(verdict: HookVerdict, kind: K) =>
	effectOf(verdict.effects, kind);
