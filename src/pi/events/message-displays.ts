/**
 * What the user sees of an assistant message when a MessageDisplay hook gave `displayContent` (Claude Code: the
 * hook changes only the display; the model and the transcript keep the original text). pi draws assistant text
 * through its Markdown transformers (interactive mode only), so the replacement lives here, keyed by the text
 * blocks it stands for, and {@link MessageDisplays.transform} swaps it in when pi draws them. pi waits for the
 * `message_update` and `message_end` handlers before it draws what they were about, so the hooks' text is in
 * place for that draw. While MessageDisplay hooks are configured, streaming text is drawn only as far as the hooks
 * have seen it (the batches of completed lines): in Claude Code what reaches the screen has passed the hooks.
 */
import type { MarkdownTransformContext } from "@earendil-works/pi-coding-agent";
import { textBlocks } from "../../engine/text/blocks.ts";

/** At most this many replaced messages are remembered (the oldest go first). */
const MAX_MESSAGES = 1000;

/** The replacements of this pi process, and the transformer that shows them. */
export interface MessageDisplays {
	/** Shows `shown` instead of the text blocks of `message` (an assistant message) from now on. */
	replace(message: unknown, shown: string): void;
	/**
	 * While a message streams: shows `shown` (what the hooks made of its batches so far) for the streaming block
	 * that starts with `firstBlock` (its first text block, trimmed), and nothing for its other text blocks.
	 */
	live(firstBlock: string, shown: string): void;
	/** The streaming message ended: {@link MessageDisplays.live} no longer applies. */
	endLive(): void;
	/** pi's Markdown transformer for assistant text: the replacement of a block, or the block as it is. */
	transform(markdown: string, context: MarkdownTransformContext): string;
}

/** The trimmed text blocks of an assistant message, as pi draws them (empty for other messages). */
const drawnBlocks = (message: unknown): string[] => {
	const content = (message as { role?: unknown; content?: unknown } | undefined)?.content;
	if ((message as { role?: unknown } | undefined)?.role !== "assistant" || !Array.isArray(content)) return [];
	return textBlocks(content)
		.map((text) => text.trim())
		.filter((text) => text !== "");
};

/**
 * The replacement store. `holding()` says whether MessageDisplay hooks are configured: only then is text that is
 * still streaming held back.
 */
export const createMessageDisplays = (holding: () => boolean): MessageDisplays => {
	// Block text -> what is shown instead: the whole replacement for a message's first block, "" for the others.
	const shownFor = new Map<string, string>();
	let streaming: { readonly firstBlock: string; readonly shown: string } | undefined;
	return {
		live(firstBlock, shown) {
			streaming = { firstBlock, shown };
		},
		endLive() {
			streaming = undefined;
		},
		replace(message, shown) {
			const blocks = drawnBlocks(message);
			blocks.forEach((block, index) => {
				shownFor.delete(block);
				shownFor.set(block, index === 0 ? shown : "");
			});
			while (shownFor.size > MAX_MESSAGES) {
				const oldest = shownFor.keys().next().value;
				if (oldest === undefined) break;
				shownFor.delete(oldest);
			}
		},
		transform(markdown, context) {
			if (context.messageType !== "assistant") return markdown;
			const shown = shownFor.get(markdown.trim());
			if (shown !== undefined) return shown;
			if (!context.isStreaming || !holding()) return markdown;
			// The streaming block grows after the last batch; its start stays what the hooks saw.
			const live = streaming;
			return live !== undefined && live.firstBlock !== "" && markdown.trim().startsWith(live.firstBlock)
				? live.shown
				: "";
		},
	};
};
