/** Decision records as session entries: reading them back from a branch, and the entry renderer. */
import type { CustomEntry, SessionEntry, Theme } from "@earendil-works/pi-coding-agent";
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { CARD_ENTRY_TYPE, cardsIn, parseCard, renderCardEntry } from "../../../src/pi/cards/card-entries.ts";
import { blockRecord } from "../../support/decisions.ts";

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
