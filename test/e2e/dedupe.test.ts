/**
 * Claude Code's dedupe in the real pi: one command configured twice, differing only in how it runs (`timeout`,
 * `async`), runs once, and a user's copy's fields win over a project's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();
let sandbox: PiSandbox;
const OPT_IN = { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" };

/** Logs a run, waits past a 1 s timeout, then blocks: only a copy whose timeout is longer than 1 s blocks. */
const guard = `echo run >> "$CLAUDE_PROJECT_DIR/runs.log"; sleep 2; echo 'guard: blocked' >&2; exit 2`;
const runs = (): number =>
	existsSync(join(sandbox.projectDir, "runs.log"))
		? readFileSync(join(sandbox.projectDir, "runs.log"), "utf8").trim().split("\n").length
		: 0;
const bashHooks = (handler: Record<string, unknown>) => ({
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard, ...handler }] }] },
});
const addAgentSettings = (extra: Record<string, unknown>): void => {
	const file = join(sandbox.agentDir, "settings.json");
	sandbox.writeJson("agent/settings.json", { ...(JSON.parse(readFileSync(file, "utf8")) as object), ...extra });
};

describe("one command configured twice runs once (Claude Code's dedupe)", () => {
	it("a user copy and a project copy differing only in timeout: runs once, with the user's timeout", async () => {
		sandbox = e2e.sandbox();
		addAgentSettings(bashHooks({ timeout: 30 }));
		sandbox.writeJson("project/.claude/settings.json", bashHooks({ timeout: 1 }));
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > victim.txt"), { env: OPT_IN });
		expect(runs()).toBe(1);
		// The project's 1 s timeout would have killed it before it blocked.
		expect(existsSync(join(sandbox.projectDir, "victim.txt"))).toBe(false);
		expect(result.stderr).toContain("guard: blocked");
	});

	it("two user copies differing only in async: runs once, the first copy (which blocks)", async () => {
		sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", bashHooks({}));
		addAgentSettings(bashHooks({ async: true }));
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > victim.txt"));
		expect(runs()).toBe(1);
		expect(existsSync(join(sandbox.projectDir, "victim.txt"))).toBe(false);
		expect(result.stderr).toContain("guard: blocked");
	});
});
