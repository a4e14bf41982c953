import { describe, expect, it } from "vitest";
import { commandSpec, hookTimeoutMs, sessionEndBudgetMs } from "../../../src/engine/run/handler.ts";
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

describe("a command hook's spec", () => {
	const options = { maxOutputBytes: 1000, killGraceMs: 50 };
	it("is built once per hook and reused with each run's stdin while its environment object and folder stay", () => {
		const entry = commandEntry('echo "$CLAUDE_PROJECT_DIR"');
		const env = { CLAUDE_PROJECT_DIR: "/p", PATH: "/bin" };
		const first = commandSpec(entry, "PreToolUse", '{"n":1}', env, "/p", options);
		const second = commandSpec(entry, "PreToolUse", '{"n":2}', env, "/p", options);
		expect(second).toEqual({ ...first, stdin: '{"n":2}' });
		expect(second.args).toBe(first.args);
		// A new environment (the session's changed), another folder or event: built again, from them.
		const moved = commandSpec(entry, "PreToolUse", "{}", { ...env, CLAUDE_PROJECT_DIR: "/q" }, "/q", options);
		expect(moved.env.CLAUDE_PROJECT_DIR).toBe("/q");
		expect(moved.cwd).toBe("/q");
		expect(moved.args).not.toBe(first.args);
		const ended = commandSpec(commandEntry("true", "SessionEnd"), "SessionEnd", "{}", env, "/p", options);
		expect(ended.timeoutMs).toBe(1500);
	});
});
