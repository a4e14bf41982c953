/** The replacements MessageDisplay hooks give, as pi's Markdown transformer draws them. */
import type { MarkdownTransformContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createMessageDisplays } from "../../../src/pi/events/message-displays.ts";

const context = (extra: Partial<MarkdownTransformContext> = {}): MarkdownTransformContext => ({
	messageType: "assistant",
	isStreaming: false,
	availableWidth: 80,
	...extra,
});
const assistant = (...texts: string[]) => ({
	role: "assistant",
	content: [{ type: "thinking", thinking: "hmm" }, ...texts.map((text) => ({ type: "text", text }))],
});

describe("createMessageDisplays", () => {
	it("draws the replacement for the first text block of the message and nothing for its other blocks", () => {
		const displays = createMessageDisplays(() => true);
		displays.replace(assistant("  secret one  ", "secret two"), "[hidden]");
		expect(displays.transform("secret one", context())).toBe("[hidden]");
		expect(displays.transform("secret two", context())).toBe("");
		expect(displays.transform("another message", context())).toBe("another message");
	});

	it("holds back streaming assistant text only while MessageDisplay hooks are configured", () => {
		let hooks = true;
		const displays = createMessageDisplays(() => hooks);
		expect(displays.transform("partial", context({ isStreaming: true }))).toBe("");
		expect(displays.transform("partial", context({ isStreaming: false }))).toBe("partial");
		hooks = false;
		expect(displays.transform("partial", context({ isStreaming: true }))).toBe("partial");
	});

	it("leaves user and thinking Markdown alone", () => {
		const displays = createMessageDisplays(() => true);
		displays.replace(assistant("same words"), "[hidden]");
		expect(displays.transform("same words", context({ messageType: "user" }))).toBe("same words");
		expect(
			displays.transform("same words", context({ messageType: "assistant-thinking", isStreaming: true })),
		).toBe("same words");
	});

	it("ignores messages that are not assistant messages with text", () => {
		const displays = createMessageDisplays(() => false);
		displays.replace({ role: "user", content: [{ type: "text", text: "typed" }] }, "[hidden]");
		displays.replace(null, "[hidden]");
		expect(displays.transform("typed", context())).toBe("typed");
	});

	it("keeps the latest 1000 replaced blocks", () => {
		const displays = createMessageDisplays(() => false);
		for (let index = 0; index <= 1000; index++) displays.replace(assistant(`text ${index}`), `shown ${index}`);
		expect(displays.transform("text 0", context())).toBe("text 0");
		expect(displays.transform("text 1000", context())).toBe("shown 1000");
	});

	it("while a message streams, its first block shows what the hooks made of the batches so far", () => {
		const displays = createMessageDisplays(() => true);
		const streaming = context({ isStreaming: true });
		expect(displays.transform("first line", streaming)).toBe("");
		displays.live("first line", "FIRST LINE\n");
		// The block grew after the batch: only what the hooks saw is drawn.
		expect(displays.transform("first line\nsecond li", streaming)).toBe("FIRST LINE\n");
		expect(displays.transform("another block", streaming)).toBe("");
		displays.endLive();
		expect(displays.transform("first line\nsecond li", streaming)).toBe("");
		expect(displays.transform("first line\nsecond line", context())).toBe("first line\nsecond line");
	});
});
