/** The text of content blocks: text blocks only, in order, joined as asked; a string content is its text. */
import { describe, expect, it } from "vitest";
import { blocksText, textBlocks } from "../../../src/engine/text/blocks.ts";

const content = [
	{ type: "text", text: "one" },
	{ type: "image", data: "AAAA", mimeType: "image/png" },
	{ type: "text", text: 42 },
	null,
	{ type: "toolCall", id: "t1", name: "bash", arguments: {} },
	{ type: "text", text: "two" },
];

describe("textBlocks and blocksText", () => {
	it("keep the text blocks in order and skip images, tool calls and malformed blocks", () => {
		expect(textBlocks(content)).toEqual(["one", "two"]);
		expect(blocksText(content)).toBe("onetwo");
		expect(blocksText(content, "\n")).toBe("one\ntwo");
	});

	it("read a string content as its text and anything else as no text", () => {
		expect(blocksText("plain reply", "\n")).toBe("plain reply");
		expect(textBlocks("plain reply")).toEqual([]);
		expect(blocksText(undefined)).toBe("");
		expect(blocksText({ type: "text", text: "not a list" })).toBe("");
	});
});
