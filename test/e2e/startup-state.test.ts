/**
 * A pi start where nothing changed rewrites none of the extension's state files (issue #38), in the real pi:
 * after the project hook was approved over RPC and one start in print mode, the next start leaves approvals.json,
 * seen-hooks.json and reach-cache.json byte for byte where they were (same text, inode and mtime). A start after a
 * hook's command changed does write the seen-state again (the tripwire records what it told).
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { approveOverRpc, hookSettings, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

const STATE_FILES = ["approvals.json", "seen-hooks.json", "reach-cache.json"] as const;

/** Each state file's text, inode and mtime. */
const stateOf = (agentDir: string) =>
	STATE_FILES.map((name) => {
		const file = join(agentDir, "pi-hook-manager", name);
		const stat = statSync(file);
		return { name, text: readFileSync(file, "utf8"), ino: stat.ino, mtimeMs: stat.mtimeMs };
	});

describe("start-up state files", () => {
	it("a second start where nothing changed leaves approvals, seen-state and reach cache as they were", async () => {
		const box = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PreToolUse", "Bash", { type: "command", command: "sh .claude/pre.sh" }),
			user: hookSettings("PostToolUse", "Bash", { type: "command", command: "bash ~/.claude/hooks/post.sh" }),
			files: { ".claude/pre.sh": "exit 0\n" },
		});
		box.writeFile("home/.claude/hooks/post.sh", "exit 0\n");
		await approveOverRpc(box, "hello");
		const first = await runPiPrint(box, piPrintArgs("hello"));
		expect(first.code).toBe(0);
		const before = stateOf(box.agentDir);
		const second = await runPiPrint(box, piPrintArgs("hello"));
		expect(second.code).toBe(0);
		expect(stateOf(box.agentDir)).toEqual(before);

		box.writeJson(
			"home/.claude/settings.json",
			hookSettings("PostToolUse", "Bash", { type: "command", command: "bash ~/.claude/hooks/post.sh --v2" }),
		);
		const changed = await runPiPrint(box, piPrintArgs("hello"));
		expect(changed.stderr).toContain("hook PostToolUse");
		const after = stateOf(box.agentDir);
		expect(after.find((file) => file.name === "seen-hooks.json")?.text).not.toBe(before[1]?.text);
	});
});
