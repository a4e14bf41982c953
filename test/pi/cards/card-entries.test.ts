/** Decision records as session entries: reading them back from a branch, and the entry renderer. */
import type { CustomEntry, SessionEntry, Theme } from "@earendil-works/pi-coding-agent";
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { cardOf, failureCards } from "../../../src/engine/plan/card.ts";
import { MAX_HOOK_TEXT_CHARS } from "../../../src/engine/text/messages.ts";
import { CARD_ENTRY_TYPE, cardsIn, parseCard, renderCardEntry } from "../../../src/pi/cards/card-entries.ts";
import { blockRecord } from "../../support/decisions.ts";
import { commandEntry, exited, timedOut } from "../../support/entries.ts";

const custom = (customType: string, data: unknown, id: string): SessionEntry =>
	({ type: "custom", customType, data, id, parentId: null, timestamp: "2026-11-30T09:45:07.000Z" }) as SessionEntry;

/** A theme stand-in that marks what it styles (enough for the renderer, which only styles text). */
const markTheme = {
	fg: (color: string, text: string) => `<${color}>${text}`,
	bg: (_color: string, text: string) => text,
	bold: (text: string) => text,
	italic: (text: string) => text,
	underline: (text: string) => text,
	inverse: (text: string) => text,
} as unknown as Theme;

const hints = { keyText: () => "ctrl+o", keyHint: (_binding: string, description: string) => `ctrl+o ${description}` };

describe("parseCard", () => {
	it("reads a record that went through JSON", () => {
		const record = blockRecord();
		expect(parseCard(JSON.parse(JSON.stringify(record)))).toEqual(record);
	});

	it.each([
		["another schema version", { ...blockRecord(), version: 2 }],
		["an unknown kind", { ...blockRecord(), kind: "explode" }],
		["a hook without a command", { ...blockRecord(), hooks: [{}] }],
		["no time", { ...blockRecord(), time: "yesterday" }],
		["not an object", "block"],
	])("rejects %s", (_what, data) => {
		expect(parseCard(data)).toBeUndefined();
	});
});

describe("cardsIn", () => {
	it("keeps only this extension's readable decision entries, in order", () => {
		const first = blockRecord({ reason: "first" });
		const second = blockRecord({ kind: "error", reason: "second" });
		const entries = [
			custom(CARD_ENTRY_TYPE, first, "a"),
			custom("other-extension/thing", blockRecord(), "b"),
			custom(CARD_ENTRY_TYPE, { version: 99 }, "c"),
			{ type: "label", id: "d", parentId: "c", timestamp: "", targetId: "a", label: "x" } as SessionEntry,
			custom(CARD_ENTRY_TYPE, second, "e"),
		];
		expect(cardsIn(entries).map((record) => record.reason)).toEqual(["first", "second"]);
	});
});

describe("cards other than a Bash block, read back after a resume", () => {
	const time = Date.UTC(2026, 10, 30, 9, 45, 7);
	const stopGuard = commandEntry("./tests-pass.sh", "Stop");
	const stopBlock = cardOf(
		"block",
		"Stop",
		[interpretOutcome(stopGuard, "Stop", exited(2, "", "tests fail: 3 red\n"))],
		{ input: "", reason: "Stop hook feedback:\ntests fail: 3 red", said: ["tests fail: 3 red"], time },
	);
	const timeout = failureCards(
		"PostToolUse",
		[interpretOutcome(commandEntry("./slow.sh", "PostToolUse"), "PostToolUse", timedOut(5000))],
		{ tool: "Write", input: "src/a.ts", time },
	);
	const askGuard = commandEntry("./ask.sh", "PreToolUse");
	const ask = cardOf("ask", "PreToolUse", [interpretOutcome(askGuard, "PreToolUse", exited(0, "{}"))], {
		tool: "Bash",
		input: "git push",
		reason: "pushes to main",
		answer: "denied",
		time,
	});
	const long = "c".repeat(MAX_HOOK_TEXT_CHARS + 5);
	const contextHook = commandEntry("./context.sh", "UserPromptSubmit");
	const context = cardOf(
		"context",
		"UserPromptSubmit",
		[interpretOutcome(contextHook, "UserPromptSubmit", exited(0, long))],
		{ input: "fix it", reason: long, time },
	);
	const cards = [stopBlock, ...timeout, ask, context];

	it("are read back field for field from the session file's JSON: no tool, no exit code, said, answer, cut", () => {
		expect(timeout.map((card) => [card.kind, card.hooks[0]?.exitCode, card.hooks[0]?.status])).toEqual([
			["timeout", undefined, "timeout"],
		]);
		expect(stopBlock.tool).toBeUndefined();
		expect(context.contextCut).toEqual({ shown: MAX_HOOK_TEXT_CHARS, original: long.length });
		const entries = cards.map((card, index) =>
			custom(CARD_ENTRY_TYPE, JSON.parse(JSON.stringify(card)), `${index}`),
		);
		expect(cardsIn(entries)).toEqual(cards);
	});
});

describe("renderCardEntry", () => {
	it("draws a compact card, and the full record with pi's collapse hint when expanded", () => {
		const entry = custom(CARD_ENTRY_TYPE, blockRecord(), "a") as CustomEntry<unknown>;
		const compact = renderCardEntry(entry, { expanded: false, ...hints }, markTheme).render(120);
		expect(compact).toHaveLength(1);
		expect(compact[0]).toContain("<error>\u2717 blocked");
		const expanded = renderCardEntry(entry, { expanded: true, ...hints }, markTheme).render(120);
		expect(expanded.at(-1)).toBe("   ctrl+o to collapse");
		expect(expanded.join("\n")).toContain("rm -rf victim");
	});

	it("draws one muted line for a record it cannot read, instead of hiding it", () => {
		const entry = custom(CARD_ENTRY_TYPE, { version: 99 }, "a") as CustomEntry<unknown>;
		const lines = renderCardEntry(entry, { expanded: false, ...hints }, markTheme).render(30);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^<muted> \? hook decision from/);
		expect(visibleWidth((lines[0] ?? "").replace("<muted>", ""))).toBeLessThanOrEqual(30);
	});
});
