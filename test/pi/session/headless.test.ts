/**
 * What a card says on stderr without a UI: one line per block, kept-going Stop, `continue: false` and failure,
 * naming the hook's event (and tool), nothing for a card that is only drawn.
 */
import { describe, expect, it } from "vitest";
import { type CardKind, cardOf } from "../../../src/engine/plan/card.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { headlessNotice } from "../../../src/pi/session/headless.ts";
import { cardText } from "../../../src/ui/card-view.ts";

const card = (kind: CardKind, event: HookEventName, tool: string | undefined, reason: string) =>
	cardOf(kind, event, [], { ...(tool === undefined ? {} : { tool }), input: "rm -rf /", reason, time: 0 });

describe("headlessNotice", () => {
	it.each([
		["block", "PreToolUse", "Bash", "\n  no rm here  \nmore", "PreToolUse:Bash hook blocked the call: no rm here"],
		["block", "PostToolBatch", undefined, "tests fail", "PostToolBatch hook stopped the agent: tests fail"],
		["stop_continue", "Stop", undefined, "not done\nyet", "Stop hook kept the agent going: not done"],
		["continue_false", "PostToolUse", "Bash", "build broke\nsee log", "build broke\nsee log"],
	] as const)("a %s card of %s:%s says one warning", (kind, event, tool, reason, text) => {
		expect(headlessNotice(card(kind, event, tool, reason))).toEqual({ level: "warning", text });
	});

	it.each(["error", "timeout"] as const)("a %s card says the card's own words", (kind) => {
		const record = card(kind, "PreToolUse", "Bash", "hook exited 1");
		expect(headlessNotice(record)).toEqual({ level: "warning", text: cardText(record) });
	});

	it.each(["context", "rewrite", "ask"] as const)("a %s card says nothing", (kind) => {
		expect(headlessNotice(card(kind, "PreToolUse", "Bash", "added context"))).toBeUndefined();
	});
});
