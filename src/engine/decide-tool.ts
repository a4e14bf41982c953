/**
 * Combining the effects of all hooks of one tool event into what pi must do. Claude Code: PreToolUse deny >
 * ask > allow, the last `updatedInput` to finish wins, every `additionalContext` is delivered; PostToolUse and
 * PostToolUseFailure put block feedback and context next to the result, `updatedToolOutput` replaces it.
 * Each decision names the hooks behind each of its parts (`by`). Pure.
 */
import { sourceLabel } from "./config/sources.ts";
import { effectOf, type HookEffect, hasEffect } from "./effects.ts";
import type { HookVerdict } from "./interpret.ts";
import {
	additionalContextText,
	capText,
	postToolBlockingText,
	preToolBlockedText,
	preToolDeniedText,
	stoppedContinuationText,
} from "./messages.ts";

/** A line for the user (never the model). */
export interface UserNotice {
	readonly level: "info" | "warning" | "error";
	readonly text: string;
}

/** The hooks behind each named part of a decision, in finish order; an empty list = no hook asked for it. */
export type DecidedBy<Part extends string> = Readonly<Record<Part, readonly HookVerdict[]>>;

/** What every event's hooks can ask for besides their event-specific decision. */
export interface CommonEffects {
	/** `continue: false`: stop the agent; the text is for the user (`stopReason`). */
	readonly stop: string | undefined;
	/**
	 * User-facing lines: `systemMessage`s. Hook failures (errors, timeouts, output that did not parse) are not
	 * here: each is one decision record (see `failureRecords`), so the user gets one card and one count.
	 */
	readonly notices: readonly UserNotice[];
}

/** The combined PreToolUse decision. */
export interface PreToolDecision extends CommonEffects {
	/** `deny` blocks, `ask` needs the user's confirmation, `allow`/`none` proceed. */
	readonly permission: "deny" | "ask" | "allow" | "none";
	/** Model-visible block reason (joined when several hooks deny). */
	readonly denyReason: string;
	/** User-visible reasons of `ask` hooks. */
	readonly askReasons: readonly string[];
	/** Source labels (e.g. `Claude project`) of the hooks that asked, for the confirmation prompt. */
	readonly askSources: readonly string[];
	/** Claude Code-named input that replaces the whole tool input; the last hook to finish wins. */
	readonly updatedInput: Readonly<Record<string, unknown>> | undefined;
	/** Model-visible texts to put next to the tool result. */
	readonly context: readonly string[];
	/** The hooks that denied (or exited 2), asked, rewrote the input, added context, said `continue: false`. */
	readonly by: DecidedBy<"deny" | "ask" | "rewrite" | "context" | "stop">;
}

/** The combined PostToolUse / PostToolUseFailure decision. */
export interface PostToolDecision extends CommonEffects {
	/** Model-visible texts to append to the tool result (block feedback and additional context). */
	readonly context: readonly string[];
	/** Replacement for the tool output (Claude Code `updatedToolOutput`); undefined = unchanged. */
	readonly updatedToolOutput: unknown;
	/** True when some hook blocked (exit 2 or `decision: "block"`), for counters and cards. */
	readonly blocked: boolean;
	/** The hooks that blocked, added context, replaced the output, said `continue: false`. */
	readonly by: DecidedBy<"block" | "context" | "output" | "stop">;
}

/** The verdicts whose effects hold one of `kinds`. */
export const verdictsWith = (verdicts: readonly HookVerdict[], ...kinds: HookEffect["kind"][]): HookVerdict[] =>
	verdicts.filter((verdict) => hasEffect(verdict.effects, ...kinds));

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
	return { stop, notices };
};

/** Combines PreToolUse verdicts (`name` is e.g. `PreToolUse:Bash`). Finish order = array order. */
export const decidePreToolUse = (verdicts: readonly HookVerdict[], name: string): PreToolDecision => {
	const denyReasons: string[] = [];
	const askReasons: string[] = [];
	const askSources: string[] = [];
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
					askReasons.push(effect.reason || `${name} hook asks for confirmation`);
					askSources.push(sourceLabel(verdict.entry.source));
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
	const permission = denyReasons.length > 0 ? "deny" : askReasons.length > 0 ? "ask" : allowed ? "allow" : "none";
	return {
		...commonEffects(verdicts, name),
		permission,
		denyReason: denyReasons.join("\n"),
		askReasons,
		askSources,
		updatedInput,
		context,
		by: {
			deny: verdictsWith(verdicts, "block", "deny"),
			ask: verdictsWith(verdicts, "ask"),
			rewrite: verdictsWith(verdicts, "rewrite"),
			context: verdictsWith(verdicts, "context"),
			stop: verdictsWith(verdicts, "stop"),
		},
	};
};

/** Combines PostToolUse or PostToolUseFailure verdicts (`name` is e.g. `PostToolUse:Write`). */
export const decidePostToolUse = (verdicts: readonly HookVerdict[], name: string): PostToolDecision => {
	const context: string[] = [];
	let updatedToolOutput: unknown;
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			if (effect.kind === "block") {
				const fromStderr = effect.source === "stderr";
				context.push(postToolBlockingText(name, verdict.entry, effect.reason ?? "", fromStderr));
			} else if (effect.kind === "context") context.push(additionalContextText(name, effect.text));
			else if (effect.kind === "replace_output") updatedToolOutput = effect.output;
		}
	}
	const blockedBy = verdictsWith(verdicts, "block");
	return {
		...commonEffects(verdicts, name),
		context,
		updatedToolOutput,
		blocked: blockedBy.length > 0,
		by: {
			block: blockedBy,
			context: verdictsWith(verdicts, "context"),
			output: verdictsWith(verdicts, "replace_output"),
			stop: verdictsWith(verdicts, "stop"),
		},
	};
};

/** The first effect of `kind` a verdict holds (see {@link effectOf}). */
export const verdictEffect = <K extends HookEffect["kind"]>(verdict: HookVerdict, kind: K) =>
	effectOf(verdict.effects, kind);
