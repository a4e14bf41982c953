/**
 * MessageDisplay when pi shows assistant text (as in Claude Code). In pi's TUI the hooks run per batch of
 * completed lines while the text streams (`index` counts the batches, `final` marks the last one, which carries the
 * rest of the message, possibly empty), and pi waits for them before it draws the batch, as Claude Code holds each
 * batch until its hooks return. Without the TUI (print, JSON, RPC) they run once per finished message (`index` 0,
 * `final` true, `delta` the whole text), as Claude Code does in `-p` and the SDK. A hook's `displayContent`
 * replaces its batch on screen only (message-displays.ts), made terminal-safe first (it is a hook's output): the
 * message the model and the session file keep is never changed.
 */
import { randomUUID } from "node:crypto";
import type { MessageEndEvent, MessageUpdateEvent } from "@earendil-works/pi-coding-agent";
import { batchShown, decideDisplay } from "../../engine/decide-display.ts";
import { messageDisplayPayload, turnIdOf } from "../../engine/payload/message-display.ts";
import { blocksText, textBlocks } from "../../engine/text/blocks.ts";
import { type HookContext, runHooks } from "./hook-context.ts";
import type { MessageDisplays } from "./message-displays.ts";

interface AssistantLike {
	readonly role?: string;
	readonly content?: unknown;
	readonly responseId?: string;
	readonly timestamp?: number;
}

/** The text blocks of an assistant message, joined; `""` for other messages. */
export const assistantText = (message: unknown): string => {
	const candidate = message as AssistantLike;
	if (candidate?.role !== "assistant" || !Array.isArray(candidate.content)) return "";
	return blocksText(candidate.content);
};

/** The first text block of an assistant message as pi draws it (trimmed); `""` when there is none. */
const firstTextBlock = (message: unknown): string => {
	return textBlocks((message as AssistantLike | undefined)?.content)[0]?.trim() ?? "";
};

/** The batches of the assistant message streaming in the TUI: what was sent to the hooks and what they show. */
export interface DisplayStream {
	/** Claude Code's `message_id`: one UUID for every batch of the message. */
	readonly messageId: string;
	/** Characters of the message's text already sent as batches. */
	flushed: number;
	/** The next batch's `index`. */
	index: number;
	/** What the batches show so far: each batch's `displayContent`, or its text when no hook replaced it. */
	shown: string;
	/** True once a hook replaced a batch (only then does the message look different). */
	replaced: boolean;
}

/** The batches of a message before its first one. */
const newStream = (): DisplayStream => ({ messageId: randomUUID(), flushed: 0, index: 0, shown: "", replaced: false });

/** Runs the MessageDisplay hooks of one batch; resolves with the text to show for it. */
const runBatch = async (
	hc: HookContext,
	messageId: string,
	index: number,
	final: boolean,
	delta: string,
): Promise<{ readonly text: string; readonly replaced: boolean }> => {
	const verdicts = await runHooks(hc, {
		event: "MessageDisplay",
		matchValues: [],
		payload: messageDisplayPayload(hc.session, {
			turnId: turnIdOf(hc.session),
			messageId,
			index,
			final,
			delta,
		}),
		summary: delta.slice(0, 120),
	});
	const decision = decideDisplay(verdicts);
	return { text: batchShown(decision, delta), replaced: decision.shown !== undefined };
};

/** True when MessageDisplay runs per batch of lines: in pi's TUI, which draws the text as it streams. */
const streamsBatches = (hc: HookContext): boolean => hc.ctx.hasUI && hc.ctx.mode === "tui";

/**
 * `message_update` of an assistant message in the TUI: the lines completed since the last batch (up to the last
 * newline) go to the hooks as one batch, and `displays` shows what they made of the batches so far. `stream` is
 * the message's batches (undefined before the first); returns it.
 */
export const handleMessageUpdate = async (
	event: MessageUpdateEvent,
	hc: HookContext,
	stream: DisplayStream | undefined,
	displays?: MessageDisplays,
): Promise<DisplayStream | undefined> => {
	if (!streamsBatches(hc) || !hc.engine.hasHooks("MessageDisplay")) return stream;
	const text = assistantText(event.message);
	const end = text.lastIndexOf("\n") + 1;
	if (end <= (stream?.flushed ?? 0)) return stream;
	const current = stream ?? newStream();
	const batch = await runBatch(hc, current.messageId, current.index, false, text.slice(current.flushed, end));
	current.flushed = end;
	current.index++;
	current.shown += batch.text;
	current.replaced ||= batch.replaced;
	displays?.live(firstTextBlock(event.message), current.shown);
	return current;
};

/**
 * `message_end` of an assistant message with text -> MessageDisplay: in the TUI the final batch (the rest of the
 * text after the streamed batches, `final` true); elsewhere the whole message once (`index` 0, `final` true). When
 * a hook replaced a batch, `displays` shows the message as the hooks made it.
 */
export const handleMessageEnd = async (
	event: MessageEndEvent,
	hc: HookContext,
	stream: DisplayStream | undefined,
	displays?: MessageDisplays,
): Promise<void> => {
	displays?.endLive();
	if (!hc.engine.hasHooks("MessageDisplay")) return;
	const text = assistantText(event.message);
	if (text === "") return;
	if (streamsBatches(hc)) {
		const current = stream ?? newStream();
		const batch = await runBatch(hc, current.messageId, current.index, true, text.slice(current.flushed));
		if (current.replaced || batch.replaced) displays?.replace(event.message, current.shown + batch.text);
		return;
	}
	const message = event.message as AssistantLike;
	const messageId = message.responseId ?? `${turnIdOf(hc.session)}:${message.timestamp ?? 0}`;
	const batch = await runBatch(hc, messageId, 0, true, text);
	if (batch.replaced) displays?.replace(event.message, batch.text);
};
