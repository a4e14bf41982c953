/**
 * The text of a message's or a tool result's content blocks, as pi, its providers and MCP servers write them:
 * `{type: "text", text}` blocks among others (images, tool calls, thinking), which are skipped.
 */

/** True for a `{type: "text", text: string}` block. */
const isTextBlock = (block: unknown): block is { readonly type: "text"; readonly text: string } =>
	typeof block === "object" &&
	block !== null &&
	(block as { type?: unknown }).type === "text" &&
	typeof (block as { text?: unknown }).text === "string";

/** The texts of the text blocks of `content`, in order; empty when it is not an array. */
export const textBlocks = (content: unknown): string[] =>
	Array.isArray(content) ? content.filter(isTextBlock).map((block) => block.text) : [];

/**
 * The text blocks of `content` joined with `separator` (default: nothing between them, as a model's reply
 * streams); a string `content` (a message written as one string) is its text.
 */
export const blocksText = (content: unknown, separator = ""): string =>
	typeof content === "string" ? content : textBlocks(content).join(separator);
