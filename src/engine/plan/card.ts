/**
 * Cards: one value per thing pi did about what the hooks decided (a block, an ask and its answer, a rewrite, context
 * added, a failure...), with capped excerpts of the hooks' output. They feed the cards and the
 * footer counter; a hook that ran and changed nothing makes no record (it is in the firing log only).
 */
import { sourceLabel } from "../config/sources.ts";
import type { HookVerdict } from "../decide/interpret.ts";
import { commandText, MAX_HOOK_TEXT_CHARS } from "../text/messages.ts";
import { redactSecrets } from "../text/redact.ts";
import type { HookEventName, SourceScope } from "../types.ts";

/** Schema version of {@link Card}; bump when fields change meaning. */
export const CARD_VERSION = 1;

/** Characters kept of a hook's stdout or stderr in a record. */
export const EXCERPT_CHARS = 2000;

/**
 * The kind of card:
 * `block` (a call blocked or denied, or post-tool block feedback), `ask` (see `answer`), `rewrite` (input
 * rewritten), `output_replaced` (tool result replaced), `context` (context added for the model),
 * `prompt_blocked`, `stop_continue` (Stop turned into another turn), `stop_cap` (the block cap ended it),
 * `compact_cancelled`, `continue_false` (a hook stopped the agent), `allow` (a PermissionRequest hook answered an
 * extension's permission question with yes), `error`, `timeout`.
 */
export const CARD_KINDS = [
	"block",
	"ask",
	"rewrite",
	"output_replaced",
	"context",
	"prompt_blocked",
	"stop_continue",
	"stop_cap",
	"compact_cancelled",
	"continue_false",
	"allow",
	"error",
	"timeout",
] as const;

/** One of {@link CARD_KINDS}. */
export type CardKind = (typeof CARD_KINDS)[number];

/** One hook that took part in a decision. */
export interface CardHook {
	/** Stable hook id (see HookEntry.id). */
	readonly id: string;
	/** The command (plus args for exec form). */
	readonly command: string;
	/** The matcher as written; undefined when the group had none. */
	readonly matcher: string | undefined;
	readonly scope: SourceScope;
	/** Source label, e.g. `Claude project`. */
	readonly source: string;
	/** Absolute path of the settings file. */
	readonly file: string;
	/** Exit code; undefined when the process did not exit on its own (timeout, signal, spawn failure). */
	readonly exitCode: number | undefined;
	/** Milliseconds the hook ran. */
	readonly durationMs: number;
	readonly status: HookVerdict["status"];
	/** First {@link EXCERPT_CHARS} characters of stdout / stderr, secrets masked (see redact.ts). */
	readonly stdout: string;
	readonly stderr: string;
}

/** A card: what pi did about a decision (or a hook's failure), as persisted (`pi.appendEntry`) and drawn. */
export interface Card {
	readonly version: typeof CARD_VERSION;
	readonly kind: CardKind;
	readonly event: HookEventName;
	/** Claude Code tool name for tool events; undefined otherwise. */
	readonly tool: string | undefined;
	/** A short form of the input (the bash command, the file path, the prompt). */
	readonly input: string;
	/** The hooks behind the decision. */
	readonly hooks: readonly CardHook[];
	/** Why, in the hook's words (or the user's answer); `""` when there is none. */
	readonly reason: string;
	/** For `ask`: what happened to the question. */
	readonly answer?: "allowed" | "denied" | "no_ui";
	/**
	 * The hooks' own words behind the decision (each blocking reason or stderr, each context text), without
	 * the prefixes and wrappers of the model-facing `reason`; the compact card shows these. Absent on kinds
	 * whose `reason` is already plain words, and on records written before this field existed.
	 */
	readonly said?: readonly string[];
	/** Epoch milliseconds. */
	readonly time: number;
	/**
	 * For `context`: the hooks' context was longer than the model is shown (Claude Code caps hook text at
	 * 10,000 characters); `original` is the longest context's length, `shown` the cap, in characters.
	 */
	readonly contextCut?: { readonly shown: number; readonly original: number };
}

/**
 * The first {@link EXCERPT_CHARS} characters of `text` with secrets masked. Only a window of twice that is
 * scanned (outputs can be 1 MiB), so a secret that straddles the cut is still masked whole.
 */
const excerpt = (text: string): string => {
	const masked = redactSecrets(text.slice(0, EXCERPT_CHARS * 2));
	const whole = text.length <= EXCERPT_CHARS * 2 && masked.length <= EXCERPT_CHARS;
	return whole ? masked : `${masked.slice(0, EXCERPT_CHARS)}...`;
};

/** The record form of one hook's verdict, with capped output excerpts. */
export const cardHook = (verdict: HookVerdict): CardHook => {
	const { entry, outcome } = verdict;
	const output =
		outcome.kind === "spawn_failed" || outcome.kind === "request_failed"
			? { stdout: "", stderr: outcome.message }
			: { stdout: outcome.stdout.text, stderr: outcome.stderr.text };
	return {
		id: entry.id,
		command: commandText(entry),
		matcher: entry.matcher.source,
		scope: entry.source.scope,
		source: sourceLabel(entry.source),
		file: entry.source.file,
		exitCode: outcome.kind === "exited" ? outcome.code : undefined,
		durationMs: Math.round(outcome.durationMs),
		status: verdict.status,
		stdout: excerpt(output.stdout),
		stderr: excerpt(output.stderr),
	};
};

/** Builds a record; `verdicts` are the hooks behind the decision. */
export const cardOf = (
	kind: CardKind,
	event: HookEventName,
	verdicts: readonly HookVerdict[],
	details: {
		readonly tool?: string;
		readonly input: string;
		readonly reason: string;
		readonly answer?: Card["answer"];
		readonly said?: readonly string[];
		readonly time: number;
	},
): Card => ({
	version: CARD_VERSION,
	kind,
	event,
	tool: details.tool,
	// Records are persisted in the session file: mask what looks like a secret before it gets there.
	input: excerpt(details.input),
	hooks: verdicts.map(cardHook),
	// Cards show the words, not the wrapper the model gets them in.
	reason: excerpt(details.reason.replace(/<\/?system-reminder>\n?/g, "").trim()),
	...(details.answer === undefined ? {} : { answer: details.answer }),
	...(details.said === undefined ? {} : { said: details.said.map(excerpt) }),
	time: details.time,
	...(kind === "context" ? contextCut(verdicts) : {}),
});

/** `contextCut` of a context record: set when some hook's context or plain stdout is over the cap. */
const contextCut = (verdicts: readonly HookVerdict[]): Pick<Card, "contextCut"> => {
	let original = 0;
	for (const verdict of verdicts) {
		for (const effect of verdict.effects) {
			if (effect.kind === "context" || effect.kind === "stdout")
				original = Math.max(original, effect.text.length);
		}
	}
	return original > MAX_HOOK_TEXT_CHARS ? { contextCut: { shown: MAX_HOOK_TEXT_CHARS, original } } : {};
};

/** True for a verdict that is a failure the user must hear about: an error, a timeout, or output that did not parse. */
export const isFailure = (verdict: HookVerdict): boolean =>
	verdict.status === "error" || verdict.status === "timeout" || verdict.warning !== undefined;

/**
 * Records for the failures among verdicts: one `error` or `timeout` record per failing hook. A success whose
 * stdout looked like JSON but did not parse (Claude Code treats it as plain text) is an `error` record too,
 * with the parse problem as its reason: it is the one message the user gets about it.
 */
export const failureCards = (
	event: HookEventName,
	verdicts: readonly HookVerdict[],
	details: { readonly tool?: string; readonly input: string; readonly time: number },
): Card[] =>
	verdicts.filter(isFailure).map((verdict) =>
		cardOf(verdict.status === "timeout" ? "timeout" : "error", event, [verdict], {
			...details,
			reason: verdict.status === "success" ? (verdict.warning ?? "") : verdict.message,
		}),
	);
