/**
 * Decision cards as a person sees them: rendered by pi-tui's TUI onto a headless terminal at widths 40, 80
 * and 120, compact and expanded, for every kind of decision; text and colours read back from the screen.
 */
import { TuiMainScreen, visibleWidth } from "@earendil-works/pi-tui";
import { afterEach, describe, expect, it } from "vitest";
import type { Card, CardKind } from "../../src/engine/plan/card.ts";
import { CardView, type CardViewOptions, renderCard } from "../../src/ui/card-view.ts";
import { plainTheme, TEST_THEME_COLORS, testTheme } from "../../src/ui/theme.ts";
import { blockRecord, guardHook } from "../support/decisions.ts";
import { cellAt, findText, type Screen, screenLines, screenToText } from "../support/screen.ts";
import { VirtualTerminal } from "../support/virtual-terminal.ts";

const WIDTHS = [40, 80, 120] as const;
let terminal: VirtualTerminal | undefined;
afterEach(() => terminal?.dispose());

/** Renders one card through pi-tui's TUI on a virtual terminal of `width` columns. */
const show = async (record: Card, width: number, options: Partial<CardViewOptions> = {}): Promise<Screen> => {
	terminal?.dispose();
	terminal = new VirtualTerminal(width, 40);
	const tui = new TuiMainScreen(terminal);
	tui.addChild(new CardView(record, { expanded: false, theme: testTheme, ...options }));
	tui.start();
	tui.renderNow();
	const screen = await terminal.screen();
	tui.stop();
	return screen;
};

const records: Record<CardKind, Card> = {
	block: blockRecord(),
	ask: blockRecord({
		kind: "ask",
		answer: "denied",
		reason: "git push publishes commits - confirm?",
		hooks: [
			guardHook({ command: "python3 .claude/hooks/bash_policy.py", exitCode: 0, status: "success", stderr: "" }),
		],
	}),
	rewrite: blockRecord({
		kind: "rewrite",
		reason: 'input rewritten to {"command":"echo rewritten"}',
		hooks: [guardHook({ command: "./rewrite.sh", exitCode: 0, status: "success" })],
	}),
	output_replaced: blockRecord({ kind: "output_replaced", event: "PostToolUse", reason: "[redacted]" }),
	allow: blockRecord({
		kind: "allow",
		event: "PermissionRequest",
		reason: "allowed by PermissionRequest hook",
		hooks: [guardHook({ command: "./allow-tests.sh", exitCode: 0, status: "success" })],
	}),
	context: blockRecord({
		kind: "context",
		event: "PostToolUse",
		tool: "Write",
		reason:
			"<system-reminder>\nPostToolUse:Write hook additional context: formatted with prettier\n" +
			"</system-reminder>",
	}),
	prompt_blocked: blockRecord({
		kind: "prompt_blocked",
		event: "UserPromptSubmit",
		tool: undefined,
		input: "deploy to prod",
		reason: "prompts about prod are blocked",
	}),
	stop_continue: blockRecord({
		kind: "stop_continue",
		event: "Stop",
		tool: undefined,
		input: "",
		reason: "tests are still failing",
	}),
	stop_cap: blockRecord({
		kind: "stop_cap",
		event: "Stop",
		tool: undefined,
		input: "",
		reason: "Stop hooks blocked 8 times in a row; letting the agent stop",
		hooks: [],
	}),
	compact_cancelled: blockRecord({
		kind: "compact_cancelled",
		event: "PreCompact",
		tool: undefined,
		input: "manual",
		reason: "not now",
	}),
	continue_false: blockRecord({
		kind: "continue_false",
		reason: "PreToolUse:Bash hook stopped continuation: budget exhausted",
	}),
	error: blockRecord({
		kind: "error",
		reason: "exit code 1: Traceback (most recent call last)",
		hooks: [guardHook({ exitCode: 1, status: "error" })],
	}),
	timeout: blockRecord({
		kind: "timeout",
		reason: "timed out after 10 s",
		hooks: [guardHook({ exitCode: undefined, status: "timeout", durationMs: 10_000 })],
	}),
};

describe("compact card", () => {
	it.each(WIDTHS)(
		"at width %i shows the marker, the tool, the hook's short name and the reason on one line",
		async (width) => {
			const screen = await show(blockRecord(), width);
			const lines = screenToText(screen).split("\n");
			expect(lines).toHaveLength(1);
			expect(lines[0]).toMatch(/^ \u2717 blocked Bash \u00b7 block_/);
			expect(lines[0]).toContain(width < 60 ? "· Dang" : "· Dangerous");
			if (width >= 80) expect(lines[0]).toContain("block_dangerous_bash.py \u00b7 Dangerous command blocked");
			if (width < 120) expect(lines[0]).toMatch(/\.\.\.$/);
			else expect(lines[0]).toContain("recursive forced delete");
		},
	);

	it("draws the marker and label of a block in the theme's error colour, bold", async () => {
		const screen = await show(blockRecord(), 80);
		const marker = findText(screen, "\u2717 blocked");
		expect(marker).toEqual({ row: 0, col: 1 });
		for (let col = 1; col < 10; col++)
			expect(cellAt(screen, 0, col)).toMatchObject({ fg: `p${TEST_THEME_COLORS.error}`, bold: true });
		const reason = findText(screen, "Dangerous");
		expect(cellAt(screen, reason?.row ?? -1, reason?.col ?? -1).fg).toBe("default");
		const name = findText(screen, "block_dangerous");
		expect(cellAt(screen, name?.row ?? -1, name?.col ?? -1).fg).toBe(`p${TEST_THEME_COLORS.muted}`);
	});

	it.each([
		["ask", "warning", "? asked, you denied Bash"],
		["rewrite", "accent", "\u2192 rewrote input Bash"],
		["context", "success", "+ added context PostToolUse:Write"],
		["stop_continue", "warning", "\u21bb kept going Stop"],
		["error", "error", "! failed Bash"],
		["timeout", "error", "! timed out Bash"],
	] as const)("draws %s in the %s colour: %s", async (kind, color, text) => {
		const screen = await show(records[kind], 80);
		expect(screenToText(screen)).toContain(text);
		expect(cellAt(screen, 0, 1).fg).toBe(`p${TEST_THEME_COLORS[color]}`);
	});

	it("shows a context card's text without the system-reminder wrapper", async () => {
		expect(screenToText(await show(records.context, 120))).toContain("\u00b7 formatted with prettier");
	});
});

describe("expanded card", () => {
	it.each(WIDTHS)("at width %i shows every field of the record, wrapped to the width", async (width) => {
		const screen = await show(blockRecord(), width, { expanded: true, collapseHint: "ctrl+o to collapse" });
		const text = screenToText(screen);
		const flat = text.replace(/\n\s+/g, " ");
		for (const expected of [
			"event    PreToolUse",
			"tool     Bash",
			"input    rm -rf victim",
			"time     2026-11-30 09:45:07 UTC",
			"matcher  Bash",
			"result   exit 2 \u00b7 41ms \u00b7 blocking",
			"ctrl+o to collapse",
		]) {
			expect(text).toContain(expected);
		}
		expect(flat).toContain("Claude project \u00b7");
		expect(text.replace(/\n {12}/g, "")).toContain("/home/dev/project/.claude/settings.json");
		expect(flat).toMatch(/stderr +Dangerous command blocked/);
		expect(screenLines(screen).every((line) => visibleWidth(line) <= width)).toBe(true);
	});

	it("puts the hooks' own words first as the reason, the whole text with the command after them", async () => {
		const command = `python3 /a/very/long/path/${"deeper/".repeat(12)}prompt_guard.py --strict`;
		const record = blockRecord({
			kind: "prompt_blocked",
			event: "UserPromptSubmit",
			tool: undefined,
			input: "deploy",
			reason: `[${command}]: no deploys on Fridays`,
			said: ["no deploys on Fridays\n"],
		});
		const text = screenToText(await show(record, 80, { expanded: true }));
		expect(text).toMatch(/reason {3}no deploys on Fridays\n/);
		expect(text).toContain("message  [python3\n");
		expect(text.indexOf("reason")).toBeLessThan(text.indexOf("message"));
	});

	it("labels several hooks and the answer to an ask", async () => {
		const record = blockRecord({
			kind: "ask",
			answer: "no_ui",
			hooks: [guardHook(), guardHook({ command: "./second.sh", exitCode: 0, status: "success" })],
		});
		const text = screenToText(await show(record, 80, { expanded: true }));
		expect(text).toContain("answer   no UI to ask, so the call was blocked");
		expect(text).toContain("hook 1   python3");
		expect(text).toContain("hook 2   ./second.sh");
		expect(text).toContain("? asked, no UI, blocked Bash \u00b7 block_dangerous_bash.py +1");
	});

	it("shows hook output without its colours, and its other escape sequences as visible escapes", async () => {
		const record = blockRecord({ hooks: [guardHook({ stdout: "\x1b[2J\x1b[31mcleared?\x1b[0m\n" })] });
		const screen = await show(record, 80, { expanded: true });
		expect(screenToText(screen)).toContain("stdout   \\e[2Jcleared?");
		const at = findText(screen, "cleared?");
		expect(cellAt(screen, at?.row ?? -1, at?.col ?? -1).fg).toBe(`p${TEST_THEME_COLORS.toolOutput}`);
	});
});

describe("every kind at every width", () => {
	it.each(Object.keys(records) as CardKind[])("%s fits 40, 80 and 120 columns compact and expanded", (kind) => {
		const record = records[kind];
		for (const width of [20, ...WIDTHS]) {
			for (const expanded of [false, true]) {
				const lines = renderCard(record, width, {
					expanded,
					theme: testTheme,
					collapseHint: "ctrl+o to collapse",
				});
				for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
				if (!expanded) expect(lines).toHaveLength(1);
			}
		}
		expect(renderCard(record, 120, { expanded: false, theme: plainTheme })[0]).not.toMatch(
			/\p{Extended_Pictographic}/u,
		);
	});
});

describe("CardView", () => {
	it("renders again after invalidate and per width", () => {
		const card = new CardView(blockRecord(), { expanded: false, theme: plainTheme });
		const first = card.render(80);
		expect(card.render(80)).toBe(first);
		expect(card.render(40)[0]).not.toBe(first[0]);
		card.invalidate();
		expect(card.render(40)).toEqual(renderCard(blockRecord(), 40, { expanded: false, theme: plainTheme }));
	});
});

describe("a context card whose context the model saw capped", () => {
	it("says so, with the original length, compact and expanded", async () => {
		const record = blockRecord({
			kind: "context",
			reason: "PreToolUse:Bash hook additional context: xxxx",
			contextCut: { shown: 10_000, original: 25_000 },
		});
		expect(screenToText(await show(record, 120))).toContain("cut to 10,000 of 25,000 characters");
		const expanded = screenToText(await show(record, 120, { expanded: true }));
		expect(expanded).toContain("the model saw it cut to 10,000 of 25,000 characters");
	});
});
