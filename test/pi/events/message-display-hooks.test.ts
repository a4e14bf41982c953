/** The text MessageDisplay hooks get from a pi message: the assistant's text blocks, joined. */
import { describe, expect, it } from "vitest";
import { assistantText } from "../../../src/pi/events/message-display-hooks.ts";

describe("assistantText", () => {
	it("joins the text blocks of an assistant message, skipping other blocks", () => {
		expect(
			assistantText({
				role: "assistant",
				content: [
					{ type: "thinking", thinking: "hmm" },
					{ type: "text", text: "Hello " },
					{ type: "toolCall", name: "bash" },
					{ type: "text", text: "world" },
				],
			}),
		).toBe("Hello world");
	});

	it.each([
		["a user message", { role: "user", content: [{ type: "text", text: "hi" }] }],
		["content that is no list", { role: "assistant", content: "hi" }],
		["null", null],
		["a text block without text", { role: "assistant", content: [{ type: "text" }, null] }],
	])("is empty for %s", (_name, message) => {
		expect(assistantText(message)).toBe("");
	});
});
