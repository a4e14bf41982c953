/**
 * MessageDisplay in a real pi session: the text the hooks get from a pi message (the assistant's text blocks,
 * joined), and the adapter handing a finished message to the flow (its rules are tested in
 * test/engine/flow/message-display.test.ts) and showing what the hooks made of it.
 */

import { join } from "node:path";
import type { MarkdownTransformContext, MessageEndEvent } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { assistantText, handleMessageEnd } from "../../../src/pi/events/message-display-hooks.ts";
import { createMessageDisplays } from "../../../src/pi/events/message-displays.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-message-display-");

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

describe("handleMessageEnd", () => {
	it("outside the TUI runs the hooks once on the message (its responseId the id) and shows their text", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const output = { hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: "SHOWN" } };
		const { hc } = await startHookContext(sdk, {
			MessageDisplay: [
				{
					hooks: [
						recordStdinTo(log),
						{ type: "command", command: `printf '%s' '${JSON.stringify(output)}'` },
					],
				},
			],
		});
		const displays = createMessageDisplays(() => true);
		const message = { role: "assistant", content: [{ type: "text", text: "the original" }], responseId: "resp-9" };
		await handleMessageEnd({ type: "message_end", message } as unknown as MessageEndEvent, hc, undefined, displays);
		expect(readJsonLines(log)).toEqual([
			expect.objectContaining({ message_id: "resp-9", index: 0, final: true, delta: "the original" }),
		]);
		const context: MarkdownTransformContext = { messageType: "assistant", isStreaming: false, availableWidth: 80 };
		expect(displays.transform("the original", context)).toBe("SHOWN");
	});
});
