/** The footer status: decision counts, kill switch, disabled hooks and the running hook, in one short line. */
import { describe, expect, it } from "vitest";
import { NO_HOOKS } from "../../src/engine/dispatch/run-state.ts";
import type { CardKind } from "../../src/engine/plan/card.ts";
import {
	addCard,
	countCards,
	type FooterState,
	footerText,
	formatRunningTime,
	NO_CARDS,
} from "../../src/ui/footer-status.ts";
import { plainTheme, TEST_THEME_COLORS, testTheme } from "../../src/ui/theme.ts";
import { cellAt, emulate, findText } from "../support/screen.ts";

const kinds = (...list: CardKind[]) => list.map((kind) => ({ kind }));
const state = (overrides: Partial<FooterState> = {}): FooterState => ({
	counts: NO_CARDS,
	killSwitch: false,
	hooks: undefined,
	running: [],
	...overrides,
});

describe("countCards", () => {
	it("puts every kind in one bucket", () => {
		const counts = countCards(
			kinds(
				"block",
				"block",
				"prompt_blocked",
				"compact_cancelled",
				"ask",
				"rewrite",
				"output_replaced",
				"stop_continue",
				"stop_cap",
				"continue_false",
				"context",
				"error",
				"timeout",
			),
		);
		expect(counts).toEqual({ blocked: 4, asked: 1, rewritten: 2, keptGoing: 1, stopped: 2, context: 1, errors: 2 });
		expect(addCard(counts, { kind: "timeout" }).errors).toBe(3);
	});
});

describe("footerText", () => {
	it("is empty with nothing to show, so the footer stays clean", () => {
		expect(footerText(state(), plainTheme)).toBeUndefined();
	});

	it("counts decisions the way the issue shows: hooks 3 blocked, 1 error", () => {
		expect(footerText(state({ counts: countCards(kinds("block", "block", "block", "error")) }), plainTheme)).toBe(
			"hooks 3 blocked, 1 error",
		);
		expect(
			footerText(
				state({
					counts: countCards(kinds("ask", "rewrite", "stop_continue", "context", "timeout", "error")),
				}),
				plainTheme,
			),
		).toBe("hooks 1 asked, 1 rewritten, 1 kept going, 1 context, 2 errors");
	});

	it("shows off, disabled hooks and the running hook before the counts", () => {
		const text = footerText(
			state({
				counts: countCards(kinds("block")),
				killSwitch: true,
				hooks: { ...NO_HOOKS, total: 4, on: 1, off: 2, skipped: 1 },
				running: [{ name: "guard.py", statusMessage: undefined }],
			}),
			plainTheme,
		);
		expect(text).toBe("hooks off \u00b7 2 switched off \u00b7 running guard.py \u00b7 1 blocked");
	});

	it("shows a running hook's statusMessage, and how many more run", () => {
		const running = [
			{ name: "scan.sh", statusMessage: "Scanning for secrets..." },
			{ name: "lint.sh", statusMessage: undefined },
		];
		expect(footerText(state({ running }), plainTheme)).toBe("hooks running Scanning for secrets... +1");
	});

	it("shows how long the running hook has run from its first second on, and the key that stops it", () => {
		const running = [{ name: "guard.sh", statusMessage: undefined }];
		const at = (runningSeconds: number, stopKey?: string) =>
			footerText(state({ running, runningSeconds, ...(stopKey ? { stopKey } : {}) }), plainTheme);
		expect(at(0, "Esc")).toBe("hooks running guard.sh");
		expect(at(12, "Esc")).toBe("hooks running guard.sh 12s \u00b7 Esc stops it");
		expect(at(12)).toBe("hooks running guard.sh 12s");
		const two = [...running, { name: "lint.sh", statusMessage: undefined }];
		expect(footerText(state({ running: two, runningSeconds: 3, stopKey: "Esc" }), plainTheme)).toBe(
			"hooks running guard.sh 3s +1 \u00b7 Esc stops it",
		);
	});

	it("writes seconds as 12s, and from a minute on as 2m 05s", () => {
		expect([0, 1.9, 59, 60, 125, 600].map(formatRunningTime)).toEqual([
			"0s",
			"1s",
			"59s",
			"1m 00s",
			"2m 05s",
			"10m 00s",
		]);
	});

	it("colours blocks and errors with the theme's error colour and off with its warning colour", async () => {
		const text =
			footerText(state({ killSwitch: true, counts: countCards(kinds("block", "error")) }), testTheme) ?? "";
		const screen = await emulate([text], { cols: 60 });
		const at = (needle: string) => {
			const found = findText(screen, needle);
			return cellAt(screen, found?.row ?? -1, found?.col ?? -1);
		};
		expect(at("1 blocked").fg).toBe(`p${TEST_THEME_COLORS.error}`);
		expect(at("1 error").fg).toBe(`p${TEST_THEME_COLORS.error}`);
		expect(at("off")).toMatchObject({ fg: `p${TEST_THEME_COLORS.warning}`, bold: true });
		expect(at("hooks").fg).toBe(`p${TEST_THEME_COLORS.dim}`);
	});
});
