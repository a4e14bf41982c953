/**
 * Combining the verdicts of all hooks of one tool event into what pi must do (Claude Code hooks §3, §5.5):
 * PreToolUse deny > ask > allow, last `updatedInput` wins, every `additionalContext` is delivered;
 * PostToolUse/PostToolUseFailure feedback next to the result, `updatedToolOutput`. Pure.
 */
import { sourceLabel } from "./config/sources.ts";
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
}

/** The combined PostToolUse / PostToolUseFailure decision. */
export interface PostToolDecision extends CommonEffects {
	/** Model-visible texts to append to the tool result (block feedback and additional context). */
	readonly context: readonly string[];
	/** Replacement for the tool output (Claude Code `updatedToolOutput`); undefined = unchanged. */
	readonly updatedToolOutput: unknown;
	/** True when some hook blocked (exit 2 or `decision: "block"`), for counters and cards. */
	readonly blocked: boolean;
}

/** Notices and `continue: false` that every event shares. */
export const commonEffects = (verdicts: readonly HookVerdict[], name: string): CommonEffects => {
	const notices: UserNotice[] = [];
	let stop: string | undefined;
	for (const verdict of verdicts) {
		const json = verdict.json;
		if (json?.systemMessage) notices.push({ level: "info", text: capText(`${name} says: ${json.systemMessage}`) });
		if (json?.continue === false && stop === undefined) stop = stoppedContinuationText(name, json.stopReason);
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
		const json = verdict.json;
		const specific = json?.hookSpecificOutput;
		if (verdict.status === "blocking") {
			// Exit 2 blocks even when the JSON says allow (Claude Code hooks §9 item 15).
			const fromJson = isJsonBlock(verdict) && verdict.message !== "";
			denyReasons.push(
				fromJson ? capText(verdict.message) : preToolBlockedText(name, verdict.entry, stderrOf(verdict)),
			);
		} else if (verdict.status === "success" && json !== undefined) {
			const decision = specific?.permissionDecision ?? legacyDecision(json.decision);
			const reason = specific?.permissionDecisionReason ?? json.reason;
			if (decision === "deny") denyReasons.push(reason ? capText(reason) : preToolDeniedText(name, verdict.entry));
			else if (decision === "ask") {
				askReasons.push(reason || `${name} hook asks for confirmation`);
				askSources.push(sourceLabel(verdict.entry.source.scope));
			} else if (decision === "allow") allowed = true;
			if (specific?.updatedInput !== undefined) updatedInput = specific.updatedInput;
		}
		if (specific?.additionalContext && verdict.status !== "error") {
			context.push(additionalContextText(name, specific.additionalContext));
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
	};
};

const legacyDecision = (decision: string | undefined): "deny" | "allow" | undefined =>
	decision === "block" ? "deny" : decision === "approve" ? "allow" : undefined;

const isJsonBlock = (verdict: HookVerdict): boolean => {
	const json = verdict.json;
	return json?.hookSpecificOutput?.permissionDecision === "deny" || json?.decision === "block";
};

const stderrOf = (verdict: HookVerdict): string =>
	verdict.outcome.kind === "spawn_failed" || verdict.outcome.kind === "request_failed"
		? ""
		: verdict.outcome.stderr.text;

/** Combines PostToolUse or PostToolUseFailure verdicts (`name` is e.g. `PostToolUse:Write`). */
export const decidePostToolUse = (verdicts: readonly HookVerdict[], name: string): PostToolDecision => {
	const context: string[] = [];
	let updatedToolOutput: unknown;
	let blocked = false;
	for (const verdict of verdicts) {
		const json = verdict.json;
		if (verdict.status === "blocking") {
			blocked = true;
			const fromJson = isJsonBlock(verdict) && verdict.message !== "";
			context.push(
				postToolBlockingText(name, verdict.entry, fromJson ? verdict.message : stderrOf(verdict), !fromJson),
			);
		} else if (verdict.status === "success" && json?.decision === "block") {
			blocked = true;
			context.push(postToolBlockingText(name, verdict.entry, json.reason ?? "", false));
		}
		const specific = json?.hookSpecificOutput;
		if (specific?.additionalContext && verdict.status !== "error") {
			context.push(additionalContextText(name, specific.additionalContext));
		}
		if (verdict.status === "success" && specific?.updatedToolOutput !== undefined) {
			updatedToolOutput = specific.updatedToolOutput;
		}
	}
	return { ...commonEffects(verdicts, name), context, updatedToolOutput, blocked };
};
