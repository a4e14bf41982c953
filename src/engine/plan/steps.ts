/**
 * The shape every planner returns: ordered steps pi carries out as they come (tell the user, append a
 * card), plus an event-specific outcome. Planners are pure; src/pi only performs the steps.
 */

import type { HookVerdict } from "../decide/interpret.ts";
import type { UserNotice } from "../decide/tool.ts";
import type { HookEventName } from "../types.ts";
import { type Card, type CardKind, cardOf } from "./card.ts";

/** One thing pi must do now: show a notice to the user, or record a card (append it to the session). */
export type PlanStep =
	| { readonly do: "notify"; readonly notice: UserNotice }
	| { readonly do: "record"; readonly record: Card };

/** The facts about the event a planner needs to word its records. */
export interface RecordFacts {
	readonly event: HookEventName;
	/** Claude Code tool name on tool events. */
	readonly tool?: string;
	/** A short form of the input (the command, the path, the prompt). */
	readonly input: string;
	/** Epoch milliseconds. */
	readonly time: number;
}

/** A step that shows `notice`. */
export const notify = (notice: UserNotice): PlanStep => ({ do: "notify", notice });

/** Steps that show each of `notices`. */
export const notifyAll = (notices: readonly UserNotice[]): PlanStep[] => notices.map(notify);

/** Kinds whose reason is made of the hooks' blocking reasons (`[cmd]: stderr` for an exit 2): their card says these. */
const BLOCKING_KINDS: ReadonlySet<CardKind> = new Set([
	"block",
	"prompt_blocked",
	"compact_cancelled",
	"stop_continue",
]);

/**
 * The hooks' own words behind a blocking or `context` record, read from their effects: blocking reasons (or
 * stderr, without the `[cmd]: ` the model or the notice gets before it), deny reasons, context texts; so a card
 * shows the reason first, not a long command. Undefined for other kinds, whose reason is already plain words, and
 * when the effects say nothing (a `continue: false` stop): the card then shows the reason.
 */
const saidBy = (kind: CardKind, by: readonly HookVerdict[]): string[] | undefined => {
	if (!BLOCKING_KINDS.has(kind) && kind !== "context") return undefined;
	const said = by.flatMap((verdict) =>
		verdict.effects.flatMap((effect) => {
			if (BLOCKING_KINDS.has(kind) && (effect.kind === "block" || effect.kind === "deny"))
				return [effect.reason || (effect.kind === "deny" ? "denied this tool call" : "")];
			if (effect.kind === "context" || (kind === "context" && effect.kind === "stdout")) return [effect.text];
			return [];
		}),
	);
	return said.some((words) => words.trim() !== "") ? said : undefined;
};

/**
 * A step that records the card of a decision `by` these hooks. `said` (the hooks' own words for the card)
 * defaults to what their effects say on `block` and `context` records.
 */
export const record = (
	facts: RecordFacts,
	kind: CardKind,
	by: readonly HookVerdict[],
	reason: string,
	answer?: Card["answer"],
	said: readonly string[] | undefined = saidBy(kind, by),
): PlanStep => ({
	do: "record",
	record: cardOf(kind, facts.event, by, {
		...(facts.tool === undefined ? {} : { tool: facts.tool }),
		input: facts.input,
		reason,
		time: facts.time,
		...(answer === undefined ? {} : { answer }),
		...(said === undefined ? {} : { said }),
	}),
});
