/**
 * An `if` rule that names pi's tool (`bash(...)`) in a Claude Code file never matches, as in Claude Code: the real
 * pi in print mode says so once at start-up (on stderr), and the hook does not run; in pi's own file it runs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();

/** Expects the start-up notice about the first PreToolUse hook of `file` naming pi's `bash` once in `stderr`. */
const expectNoticeOnce = (stderr: string, file: string): void => {
	const notice =
		`PreToolUse hook in ${file} (hooks.PreToolUse[0].hooks[0]): if "bash(echo *)" names pi's tool "bash": ` +
		"in a Claude Code file it never matches, so the hook never runs; write Bash(...)";
	expect(stderr).toContain(notice);
	expect(stderr.split(notice)).toHaveLength(2);
};

it("says once at start-up that a .claude hook's if rule names pi's tool; only the pi file's hook runs", async () => {
	const sandbox = e2e.sandbox();
	const ran = (name: string) => join(sandbox.root, `${name}.ran`);
	const guard = (name: string) => ({
		matcher: "Bash",
		hooks: [{ type: "command", command: `touch ${ran(name)}`, if: "bash(echo *)" }],
	});
	sandbox.writeJson("home/.claude/settings.json", { hooks: { PreToolUse: [guard("claude")] } });
	const agentSettings = join(sandbox.agentDir, "settings.json");
	sandbox.writeJson("agent/settings.json", {
		...(JSON.parse(readFileSync(agentSettings, "utf8")) as object),
		hooks: { PreToolUse: [guard("pi")] },
	});
	const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"));
	expect(result.code).toBe(0);
	const file = join(sandbox.home, ".claude", "settings.json");
	expectNoticeOnce(result.stderr, file);
	expect(result.stderr).not.toContain("agent/settings.json (hooks.PreToolUse");
	expect(existsSync(ran("claude"))).toBe(false);
	expect(existsSync(ran("pi"))).toBe(true);
});

it("says so for an approved hook in the project's .claude/settings.json too", async () => {
	const sandbox = e2e.sandbox({ trustProject: true });
	const ran = join(sandbox.root, "project.ran");
	const guard = { matcher: "Bash", hooks: [{ type: "command", command: `touch ${ran}`, if: "bash(echo *)" }] };
	sandbox.writeJson("project/.claude/settings.json", { hooks: { PreToolUse: [guard] } });
	const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"), {
		env: { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" },
	});
	expect(result.code).toBe(0);
	const file = join(sandbox.projectDir, ".claude", "settings.json");
	expectNoticeOnce(result.stderr, file);
	expect(existsSync(ran)).toBe(false);
});
