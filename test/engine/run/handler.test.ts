import { describe, expect, it } from "vitest";
import { hookTimeoutMs, sessionEndBudgetMs } from "../../../src/engine/run/handler.ts";
import { commandEntry } from "../../support/entries.ts";

describe("hook timeouts", () => {
	it("SessionEnd hooks without a timeout get CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS, else 1.5 s", () => {
		const entry = commandEntry("true", "SessionEnd");
		expect(hookTimeoutMs(entry, "SessionEnd")).toBe(1500);
		expect(hookTimeoutMs(entry, "SessionEnd", { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "5000" })).toBe(5000);
		// A hook's own timeout wins; other events ignore the variable.
		const own = commandEntry("true", "SessionEnd", { timeout: 3 });
		expect(hookTimeoutMs(own, "SessionEnd", { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "5000" })).toBe(3000);
		expect(
			hookTimeoutMs(commandEntry("true"), "PreToolUse", { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "5" }),
		).toBe(600_000);
	});

	it("a plugin's own timeout does not raise the SessionEnd budget; elsewhere it counts", () => {
		const own = commandEntry("true", "SessionEnd", { timeout: 30 });
		const plugin = { ...own, source: { ...own.source, scope: "plugin" as const, project: false } };
		expect(hookTimeoutMs(plugin, "SessionEnd")).toBe(1500);
		expect(hookTimeoutMs(own, "SessionEnd")).toBe(30_000);
		expect(hookTimeoutMs(plugin, "PreToolUse")).toBe(30_000);
	});

	it.each([["0"], ["-1"], ["soon"], [""]])("ignores CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS=%j", (value) => {
		expect(sessionEndBudgetMs({ CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: value })).toBeUndefined();
	});
});
