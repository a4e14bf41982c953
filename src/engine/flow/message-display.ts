/**
 * The flows of MessageDisplay when pi shows assistant text (as in Claude Code). In pi's TUI the hooks run per batch
 * of completed lines while the text streams (`index` counts the batches, `final` marks the last one, which carries
 * the rest of the message, possibly empty), as Claude Code holds each batch until its hooks return. Without the TUI
 * (print, JSON, RPC) they run once per finished message (`index` 0, `final` true, `delta` the whole text), as
 * Claude Code does in `-p` and the SDK. A hook's `displayContent` replaces its batch on screen only, made
 * terminal-safe first (decide/display.ts); a failing hook changes nothing and is no card (Claude Code: the
 * original text is shown).
 */
import { randomUUID } from "node:crypto";
import { batchShown, decideDisplay } from "../decide/display.ts";
import { messageDisplayPayload, turnIdOf } from "../payload/message-display.ts";
import type { PlanStep } from "../plan/steps.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** The batches of the assistant message streaming in pi's TUI so far: what the hooks were given and what they show. */
export interface DisplayStream {
	/** Claude Code's `message_id`: one UUID for every batch of the message. */
	readonly messageId: string;
	/** Characters of the message's text already sent as batches. */
	readonly flushed: number;
	/** The next batch's `index`. */
	readonly index: number;
	/** What the batches show so far: each batch's `displayContent`, or its text when no hook replaced it. */
	readonly shown: string;
	/** True once a hook replaced a batch (only then does the message look different). */
	readonly replaced: boolean;
}

/** What pi does after a streamed batch's hooks: carry out `steps`, keep `stream` and show `stream.shown`. */
export interface DisplayUpdatePlan {
	readonly steps: readonly PlanStep[];
	readonly stream: DisplayStream;
}

/** What pi does after a message's last hooks: carry out `steps`; show `shown` instead of the text when defined. */
export interface DisplayEndPlan {
	readonly steps: readonly PlanStep[];
	/** The whole message as the hooks made it; undefined = no hook replaced any of it. */
	readonly shown: string | undefined;
}

/** The batches of a message before its first one. */
const newStream = (): DisplayStream => ({ messageId: randomUUID(), flushed: 0, index: 0, shown: "", replaced: false });

/** One batch's hooks: its steps and the text it shows. */
const runBatch = async (
	ports: FlowPorts,
	moment: FlowMoment,
	batch: { readonly messageId: string; readonly index: number; readonly final: boolean; readonly delta: string },
): Promise<{ readonly steps: readonly PlanStep[]; readonly text: string; readonly replaced: boolean }> => {
	const run = await runEvent(ports, moment, {
		event: "MessageDisplay",
		matchValues: [],
		payload: messageDisplayPayload(moment.session, { turnId: turnIdOf(moment.session), ...batch }),
		summary: batch.delta.slice(0, 120),
	});
	const decision = decideDisplay(run.verdicts);
	return { steps: run.steps, text: batchShown(decision, batch.delta), replaced: decision.shown !== undefined };
};

/**
 * A `message_update` of an assistant message: in pi's TUI (`tui`) the lines completed since the last batch (up to
 * the last newline of `text`, read only when there are hooks) go to the hooks as one batch. `stream` is the
 * message's batches (undefined before the first). Undefined at once when the event has no hooks, pi is not in its
 * TUI, or no line was completed since.
 */
export const messageDisplayUpdate = (
	ports: FlowPorts,
	moment: FlowMoment,
	update: { readonly text: () => string; readonly stream: DisplayStream | undefined; readonly tui: boolean },
): Promise<DisplayUpdatePlan> | undefined => {
	if (!update.tui || !ports.engine.hasHooks("MessageDisplay")) return undefined;
	const text = update.text();
	const end = text.lastIndexOf("\n") + 1;
	if (end <= (update.stream?.flushed ?? 0)) return undefined;
	const current = update.stream ?? newStream();
	return (async () => {
		const delta = text.slice(current.flushed, end);
		const batch = await runBatch(ports, moment, {
			messageId: current.messageId,
			index: current.index,
			final: false,
			delta,
		});
		const stream: DisplayStream = {
			messageId: current.messageId,
			flushed: end,
			index: current.index + 1,
			shown: current.shown + batch.text,
			replaced: current.replaced || batch.replaced,
		};
		return { steps: batch.steps, stream };
	})();
};

/**
 * The `message_end` of an assistant message with `text`: in pi's TUI (`tui`) the final batch (the rest of the text
 * after the batches of `stream`, `final` true); elsewhere the whole message once (`index` 0, `final` true, its
 * `message_id` pi's `responseId`, else the turn and pi's `timestamp`). Undefined at once when the event has no
 * hooks or the message has no text.
 */
export const messageDisplayEnd = (
	ports: FlowPorts,
	moment: FlowMoment,
	end: {
		readonly text: string;
		readonly stream: DisplayStream | undefined;
		readonly tui: boolean;
		readonly responseId?: string | undefined;
		readonly timestamp?: number | undefined;
	},
): Promise<DisplayEndPlan> | undefined => {
	if (!ports.engine.hasHooks("MessageDisplay") || end.text === "") return undefined;
	return (async () => {
		if (end.tui) {
			const current = end.stream ?? newStream();
			const delta = end.text.slice(current.flushed);
			const batch = await runBatch(ports, moment, {
				messageId: current.messageId,
				index: current.index,
				final: true,
				delta,
			});
			const replaced = current.replaced || batch.replaced;
			return { steps: batch.steps, shown: replaced ? current.shown + batch.text : undefined };
		}
		const messageId = end.responseId ?? `${turnIdOf(moment.session)}:${end.timestamp ?? 0}`;
		const batch = await runBatch(ports, moment, { messageId, index: 0, final: true, delta: end.text });
		return { steps: batch.steps, shown: batch.replaced ? batch.text : undefined };
	})();
};
