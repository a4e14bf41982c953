/**
 * A test run's result in the panel: a dry-run title, what the hook would have done, the run itself and the stdin sent.
 */
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { testResultLines } from "../../../src/ui/panel/test-result.ts";
import type { PanelTheme } from "../../../src/ui/theme.ts";
import { plainTheme } from "../../../src/ui/theme.ts";
import { entryWith, exitedWith, fixtureConfig } from "./fixtures.ts";

const tagTheme: PanelTheme = { ...plainTheme, fg: (color, text) => `<${color}>${text}</>` };
const entry = () => entryWith(fixtureConfig(true), "block-rm.sh");

describe("testResultLines", () => {
	it("says it was a dry run, what the hook would have done, the run and the stdin sent", () => {
		const output = JSON.stringify({
			hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "ctx here" },
		});
		const verdict = interpretOutcome(entry(), "PreToolUse", exitedWith(0, 5, output));
		const lines = testResultLines(plainTheme, verdict, 60, '{"tool_name":"Bash"}', "Bash").map((line) =>
			line.trimEnd(),
		);
		const text = lines.join("\n");
		expect(lines[0]).toBe("");
		expect(text).toContain("Result of the test run (a dry run: nothing in the session");
		expect(text).toContain("would add context: PreToolUse:Bash hook additional");
		expect(text).toContain("ctx here");
		expect(text).toContain("Exit code   0");
		const stdinAt = lines.indexOf("stdin sent");
		expect(stdinAt).toBeGreaterThan(lines.indexOf("Exit code   0"));
		expect(lines.slice(stdinAt + 1)).toEqual(["  {", '    "tool_name": "Bash"', "  }"]);
	});

	it("draws what a blocking hook would do in the error colour, every line the width", () => {
		const verdict = interpretOutcome(entry(), "PreToolUse", exitedWith(2, 41, "", "no rm here"));
		const lines = testResultLines(tagTheme, verdict, 60, "{}", "Bash");
		const would = lines.filter((line) => line.includes("would "));
		expect(would.length).toBeGreaterThan(0);
		expect(would[0]?.startsWith("<error>")).toBe(true);
		expect(lines.join("\n")).toContain("no rm here");
		const plain = testResultLines(plainTheme, verdict, 60, "{}", "Bash");
		for (const line of plain) expect(visibleWidth(line)).toBe(60);
	});
});
