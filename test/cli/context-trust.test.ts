/**
 * The CLI's per-run check (real files in a temp project, real hook processes): a project hook approved in pi, or
 * by `--approve-project-hooks` as the command first read it, does not run once a covered file changed after that
 * moment, and the result names the file; a fail-closed guard (`onFailure: "block"`) then blocks.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadContext } from "../../src/cli/context.ts";
import type { Fixture } from "../../src/cli/fixture.ts";
import { filesChangedText, runFixture } from "../../src/cli/run-fixture.ts";
import { approvalsFile, createApprovals } from "../../src/host/trust/approvals.ts";

let root: string | undefined;
afterEach(() => {
	if (root !== undefined) rmSync(root, { recursive: true, force: true });
	root = undefined;
});

/** A project whose PreToolUse Bash hook runs `.claude/hooks/guard.sh`, which writes what it is to `ran.txt`. */
const sandbox = (onFailure?: "block") => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "phm-cli-trust-")));
	const project = join(root, "project");
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const managed = join(root, "managed");
	for (const dir of [join(project, ".claude", "hooks"), agentDir, managed]) mkdirSync(dir, { recursive: true });
	const handler = { type: "command", command: "bash .claude/hooks/guard.sh", ...(onFailure ? { onFailure } : {}) };
	writeFileSync(
		join(project, ".claude", "settings.json"),
		JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } }),
	);
	const script = join(project, ".claude", "hooks", "guard.sh");
	const marker = join(root, "ran.txt");
	writeFileSync(script, `echo old >> '${marker}'\n`);
	const env = { PATH: process.env.PATH, PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: managed };
	const fixture: Fixture = {
		file: join(project, ".pi", "hook-tests", "bash.json"),
		index: undefined,
		name: "a Bash call",
		event: "PreToolUse",
		input: { tool_name: "Bash", tool_input: { command: "ls" } },
		expect: undefined,
		raw: {},
	};
	const ran = (): string => (existsSync(marker) ? readFileSync(marker, "utf8") : "");
	// Same size as the approved script: only the content differs.
	const rewrite = (): void => writeFileSync(script, `echo new >> '${marker}'\n`);
	return { project, home, agentDir, env, fixture, ran, rewrite };
};

describe("the CLI's per-run check", () => {
	it("--approve-project-hooks approves the script as first read: rewritten later, it does not run", async () => {
		const box = sandbox();
		const ctx = loadContext({ cwd: box.project, home: box.home, approveProjectHooks: true, env: box.env });
		const first = await runFixture(ctx, box.fixture);
		expect(first.verdicts).toHaveLength(1);
		expect(box.ran()).toBe("old\n");

		box.rewrite();
		const second = await runFixture(ctx, box.fixture);
		expect(second.verdicts).toHaveLength(0);
		expect(box.ran()).toBe("old\n");
		const stopped = second.notRun.filter((hook) => hook.reason === "files_changed");
		expect(stopped).toHaveLength(1);
		expect(filesChangedText(ctx, stopped[0]!.entry)).toContain(".claude/hooks/guard.sh (changed)");
	});

	it("a hook approved in pi is checked before each run too, and a fail-closed one then blocks", async () => {
		const box = sandbox("block");
		const approving = loadContext({ cwd: box.project, home: box.home, approveProjectHooks: true, env: box.env });
		createApprovals(approvalsFile(box.agentDir), box.project).approve(approving.config.entries);
		const ctx = loadContext({ cwd: box.project, home: box.home, approveProjectHooks: false, env: box.env });
		expect(ctx.config.entries).toHaveLength(1);
		expect((await runFixture(ctx, box.fixture)).outcome?.decision).toBe("none");
		expect(box.ran()).toBe("old\n");

		box.rewrite();
		const second = await runFixture(ctx, box.fixture);
		expect(box.ran()).toBe("old\n");
		expect(second.outcome?.decision).toBe("deny");
		const stopped = second.notRun.find((hook) => hook.reason === "files_changed");
		expect(stopped).toBeDefined();
		expect(filesChangedText(ctx, stopped!.entry)).toContain(".claude/hooks/guard.sh (changed)");
	});

	it("writes nothing under the agent dir (the flag keeps no copies)", async () => {
		const box = sandbox();
		const ctx = loadContext({ cwd: box.project, home: box.home, approveProjectHooks: true, env: box.env });
		await runFixture(ctx, box.fixture);
		expect(existsSync(join(box.agentDir, "pi-hook-manager"))).toBe(false);
	});
});
