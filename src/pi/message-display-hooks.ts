/**
 * MessageDisplay when pi shows assistant text (as in Claude Code): once per finished assistant message with
 * text (as Claude Code does in `-p` and the SDK), on pi's `message_end`. A `displayContent` replaces the text on
 * screen only (message-displays.ts): the message the model and the session file keep is never changed.
 */
import type { MessageEndEvent } from "@earendil-works/pi-coding-agent";
import { decideDisplay } from "../engine/decide-display.ts";
import { decideBlockEvent } from "../engine/decide-stop.ts";
import { basePayload } from "../engine/payload.ts";
import { type HookContext, runHooks, showNotices } from "./hook-context.ts";
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
	return candidate.content
		.filter(
			(block): block is { type: "text"; text: string } =>
				block?.type === "text" && typeof block.text === "string",
		)
		.map((block) => block.text)
		.join("");
};

/**
 * `message_end` of an assistant message with text -> MessageDisplay (`index` 0, `final` true, the whole text); a
 * hook's `displayContent` goes to `displays`, which pi draws instead of the text.
 */
export const handleMessageEnd = async (
	event: MessageEndEvent,
	hc: HookContext,
	turnId: string,
	displays?: MessageDisplays,
): Promise<void> => {
	if (!hc.engine.hasHooks("MessageDisplay")) return;
	const text = assistantText(event.message);
	if (text === "") return;
	const message = event.message as AssistantLike;
	const messageId = message.responseId ?? `${turnId}:${message.timestamp ?? 0}`;
	const verdicts = await runHooks(hc, {
		event: "MessageDisplay",
		matchValues: [],
		payload: {
			...basePayload(hc.session, "MessageDisplay", false),
			turn_id: turnId,
			message_id: messageId,
			index: 0,
			final: true,
			delta: text,
		},
		summary: text.slice(0, 120),
	});
	const shown = decideDisplay(verdicts).shown;
	if (shown !== undefined) displays?.replace(event.message, shown.text);
	showNotices(hc, decideBlockEvent(verdicts, "MessageDisplay").notices);
};
