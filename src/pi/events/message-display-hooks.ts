/**
 * MessageDisplay when pi shows assistant text: one engine flow per `message_update` and `message_end`
 * (engine/flow/message-display.ts: the batches, their payload and what they show). pi waits for the handlers before
 * it draws what they were about, so a hook's `displayContent` is in place for that draw: it replaces the text on
 * screen only (message-displays.ts); the message the model and the session file keep is never changed.
 */
import type { MessageEndEvent, MessageUpdateEvent } from "@earendil-works/pi-coding-agent";
import { type DisplayStream, messageDisplayEnd, messageDisplayUpdate } from "../../engine/flow/message-display.ts";
import { blocksText, textBlocks } from "../../engine/text/blocks.ts";
import { type HookContext, runFlow } from "./hook-context.ts";
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

/** True in pi's TUI, which draws the text as it streams. */
const inTui = (hc: HookContext): boolean => hc.ctx.hasUI && hc.ctx.mode === "tui";

/**
 * `message_update` of an assistant message: the flow's batch of the lines completed since the last one, and
 * `displays` shows what the hooks made of the batches so far. `stream` is the message's batches (undefined before
 * the first); returns the new one. Once per streamed token: nothing is read or built when the flow has no batch.
 */
export const handleMessageUpdate = async (
	event: MessageUpdateEvent,
	hc: HookContext,
	stream: DisplayStream | undefined,
	displays?: MessageDisplays,
): Promise<DisplayStream | undefined> => {
	const update = { text: () => assistantText(event.message), stream, tui: inTui(hc) };
	const plan = await runFlow(
		hc,
		(moment) => messageDisplayUpdate(hc, moment, update),
		(done) => done.steps,
	);
	if (plan === undefined) return stream;
	displays?.live(firstTextBlock(event.message), plan.stream.shown);
	return plan.stream;
};

/**
 * `message_end` of an assistant message with text: the flow's final batch (or, without the TUI, the whole message
 * once); when a hook replaced any of it, `displays` shows the message as the hooks made it.
 */
export const handleMessageEnd = async (
	event: MessageEndEvent,
	hc: HookContext,
	stream: DisplayStream | undefined,
	displays?: MessageDisplays,
): Promise<void> => {
	displays?.endLive();
	const message = event.message as AssistantLike;
	const end = {
		text: assistantText(message),
		stream,
		tui: inTui(hc),
		responseId: message.responseId,
		timestamp: message.timestamp,
	};
	const plan = await runFlow(
		hc,
		(moment) => messageDisplayEnd(hc, moment, end),
		(done) => done.steps,
	);
	if (plan?.shown !== undefined) displays?.replace(event.message, plan.shown);
};
