/** Words, markers and short names of hook decisions. */

import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { CARD_KINDS, type CardKind } from "../../src/engine/plan/card.ts";
import {
	cardSubject,
	displayText,
	formatDuration,
	formatTime,
	hookShortName,
	hooksShortName,
	kindStyle,
	reasonSummary,
} from "../../src/ui/card-format.ts";
import { blockRecord, guardHook } from "../support/decisions.ts";

const KINDS: readonly CardKind[] = CARD_KINDS;

describe("kindStyle", () => {
	it.each(KINDS)("gives %s a one-cell marker that is not an emoji, a label and a colour", (kind) => {
		const style = kindStyle({ kind });
		expect(visibleWidth(style.marker)).toBe(1);
		expect(style.marker).not.toMatch(/\p{Extended_Pictographic}/u);
		expect(style.label).not.toBe("");
	});

	it.each([
		["block", "error"],
		["ask", "warning"],
		["rewrite", "accent"],
		["context", "success"],
		["stop_continue", "warning"],
		["error", "error"],
		["timeout", "error"],
	] as const)("draws %s in the theme's %s colour", (kind, color) => {
		expect(kindStyle({ kind }).color).toBe(color);
	});

	it("says what the user answered to an ask", () => {
		expect(kindStyle({ kind: "ask", answer: "denied" }).label).toBe("asked, you denied");
		expect(kindStyle({ kind: "ask", answer: "allowed" }).label).toBe("asked, you allowed");
		expect(kindStyle({ kind: "ask", answer: "no_ui" }).label).toBe("asked, no UI, blocked");
	});
});

describe("hookShortName", () => {
	it.each([
		['python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/block_dangerous_bash.py"', "block_dangerous_bash.py"],
		['"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh --strict', "guard.sh"],
		["node ./hooks/format.mjs --write", "format.mjs"],
		["uv run --quiet hooks/check.py", "check.py"],
		["FOO=1 bash -e ~/bin/policy.sh", "policy.sh"],
		["jq -r '.tool_input.command' | grep -q 'rm -rf' && exit 2", "jq"],
		["/usr/local/bin/hook-runner", "hook-runner"],
		["http hook", "http hook"],
		["mcp_tool my-srv/do-thing", "mcp_tool my-srv/do-thing"],
	])("%s -> %s", (command, name) => {
		expect(hookShortName(command)).toBe(name);
	});

	it("cuts very long names", () => {
		expect(hookShortName(`${"x".repeat(50)}.sh`, 20)).toBe(`${"x".repeat(17)}...`);
	});

	it("names several hooks by the first one and how many more", () => {
		expect(hooksShortName(blockRecord({ hooks: [guardHook(), guardHook({ command: "other.sh" })] }))).toBe(
			"block_dangerous_bash.py +1",
		);
		expect(hooksShortName(blockRecord({ hooks: [] }))).toBe("");
	});
});

describe("reasonSummary", () => {
	it("drops the model-facing prefix of an exit-2 block", () => {
		expect(reasonSummary(blockRecord().reason)).toBe(
			"Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf victim",
		);
	});

	it("unwraps PostToolUse system reminders and joins lines", () => {
		const reason =
			"<system-reminder>\n" +
			'PostToolUse:Write hook blocking error from command: "lint.sh": [lint.sh]: 2 problems\n' +
			"</system-reminder>\n<system-reminder>\nPostToolUse:Write hook additional context: run tests\n" +
			"</system-reminder>";
		expect(reasonSummary(reason)).toBe("2 problems / run tests");
	});

	it("keeps a JSON deny reason as it is", () => {
		expect(reasonSummary("force-push is not allowed here")).toBe("force-push is not allowed here");
	});
});

describe("displayText", () => {
	it("removes terminal escapes and control characters but keeps line breaks", () => {
		expect(displayText("\x1b[31mred\x1b[0m\r\nnext\tcol\x07")).toBe("red\nnext  col\\x07");
		expect(displayText("a\u202eb\u200bc\u2028d\x9b2K")).toBe("a\\u202eb\\u200bc\\u2028d\\x9b2K");
	});

	it("shows sequences that are not colours (clear screen, title) as escapes, so the reader sees them", () => {
		expect(displayText("evil\x1b[2J\x1b]0;PWNED\x07 reason")).toBe("evil\\e[2J\\e]0;PWNED\\x07 reason");
	});
});

describe("formatDuration and formatTime", () => {
	it.each([
		[41, "41ms"],
		[3240, "3.2s"],
		[125_000, "2m05s"],
	])("%d ms -> %s", (ms, text) => {
		expect(formatDuration(ms)).toBe(text);
	});

	it("formats time in UTC", () => {
		expect(formatTime(Date.UTC(2026, 10, 30, 9, 45, 7))).toBe("2026-11-30 09:45:07 UTC");
	});
});

describe("cardSubject", () => {
	it("is the tool for PreToolUse, Event:Tool for other tool events, the event otherwise", () => {
		expect(cardSubject({ event: "PreToolUse", tool: "Bash" })).toBe("Bash");
		expect(cardSubject({ event: "PostToolUse", tool: "Write" })).toBe("PostToolUse:Write");
		expect(cardSubject({ event: "Stop", tool: undefined })).toBe("Stop");
	});
});
