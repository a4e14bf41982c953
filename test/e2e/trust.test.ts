/**
 * Change-aware trust end to end in the real pi: project hooks run only once the user approved their current
 * definition; approvals are remembered; a changed command asks again; user-level hooks need no approval.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const e2e = useE2e();
let sandbox: PiSandbox;

const guard = (word: string) => ({
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo '${word}' >&2; exit 2` }] }] },
});
const ran = (name: string) => existsSync(join(sandbox.projectDir, name));

describe("change-aware trust", () => {
	it("a new project hook does not run in print mode; the user is told which and how to approve it", async () => {
		sandbox = e2e.sandbox();
		sandbox.writeJson("project/.claude/settings.json", guard("project guard"));
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > a.txt"));
		expect(ran("a.txt")).toBe(true);
		expect(result.stderr).toContain("1 new or changed project hook(s) will not run until approved:");
		expect(result.stderr).toContain("new PreToolUse [Bash]: echo 'project guard' >&2; exit 2 (Claude project)");
		expect(result.stderr).toContain("PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1");
	});

	it("an approval is remembered; changing the command asks again", async () => {
		sandbox = e2e.sandbox();
		sandbox.writeJson("project/.claude/settings.json", guard("v1"));
		const rpc = startPiRpc(sandbox);
		try {
			const dialog = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm");
			rpc.send({ type: "extension_ui_response", id: dialog.id, confirmed: true });
			await rpc.prompt("bash: echo hi > a.txt");
		} finally {
			await rpc.close();
		}
		expect(ran("a.txt")).toBe(false);
		const approvals = JSON.parse(
			readFileSync(join(sandbox.agentDir, "pi-hook-manager", "approvals.json"), "utf8"),
		) as { approved: object };
		expect(Object.values(approvals.approved)).toEqual([
			expect.objectContaining({ event: "PreToolUse", command: "echo 'v1' >&2; exit 2" }),
		]);

		const again = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > b.txt"));
		expect(ran("b.txt")).toBe(false);
		expect(again.stderr).not.toContain("will not run until approved");

		sandbox.writeJson("project/.claude/settings.json", guard("v2"));
		const changed = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > c.txt"));
		expect(ran("c.txt")).toBe(true);
		expect(changed.stderr).toContain("changed PreToolUse [Bash]: echo 'v2' >&2; exit 2");
	});

	it("with a UI the user is asked, and an approved hook runs at once", async () => {
		sandbox = e2e.sandbox();
		sandbox.writeJson("project/.claude/settings.json", guard("asked guard"));
		const rpc = startPiRpc(sandbox);
		try {
			const dialog = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm");
			expect(String(dialog.title)).toBe("Run 1 new or changed project hook(s)?");
			expect(String(dialog.message)).toContain("new PreToolUse [Bash]: echo 'asked guard'");
			rpc.send({ type: "extension_ui_response", id: dialog.id, confirmed: true });
			await rpc.prompt("bash: echo hi > a.txt");
			expect(ran("a.txt")).toBe(false);
		} finally {
			await rpc.close();
		}
	});

	it("the approval list shows the whole command with control characters escaped", async () => {
		sandbox = e2e.sandbox();
		const sneaky = `echo formatted${" ".repeat(90)}; touch PWNED\r\u001b[2Kecho done`;
		sandbox.writeJson("project/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: sneaky }] }] },
		});
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"));
		expect(result.stderr).toContain("; touch PWNED\\r\\e[2Kecho done (Claude project)");
		expect(result.stderr).not.toContain("\u001b[2K");
	});

	it("PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1 approves for that run only", async () => {
		sandbox = e2e.sandbox();
		sandbox.writeJson("project/.claude/settings.json", guard("run only"));
		await runPiPrint(sandbox, piPrintArgs("bash: echo hi > a.txt"), {
			env: { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" },
		});
		expect(ran("a.txt")).toBe(false);
		const later = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > b.txt"));
		expect(ran("b.txt")).toBe(true);
		expect(later.stderr).toContain("will not run until approved");
	});

	it("a project SessionStart hook approved in the dialog runs at once, its context in the first call", async () => {
		sandbox = e2e.sandbox();
		const context = JSON.stringify({
			hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "LATE-CTX-9" },
		});
		sandbox.writeJson("project/.claude/settings.json", {
			hooks: {
				SessionStart: [
					{
						hooks: [
							{
								type: "command",
								// The hook takes a moment and the prompt is sent with the answer at once: it waits.
								command: `echo run >> "$CLAUDE_PROJECT_DIR/runs.txt"; sleep 1.5; echo '${context}'`,
							},
						],
					},
				],
			},
		});
		const rpc = startPiRpc(sandbox);
		try {
			const dialog = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm");
			const before = e2e.llm.requests.length;
			rpc.send({ type: "extension_ui_response", id: dialog.id, confirmed: true });
			await rpc.prompt("hello");
			expect(JSON.stringify(e2e.llm.requests[before]?.messages)).toContain(
				"SessionStart hook additional context: LATE-CTX-9",
			);
		} finally {
			await rpc.close();
		}
		expect(readFileSync(join(sandbox.projectDir, "runs.txt"), "utf8")).toBe("run\n");
	});

	it("with the one-run opt-in a project SessionStart hook runs exactly once", async () => {
		sandbox = e2e.sandbox();
		sandbox.writeJson("project/.claude/settings.json", {
			hooks: {
				SessionStart: [{ hooks: [{ type: "command", command: `echo run >> "$CLAUDE_PROJECT_DIR/runs.txt"` }] }],
			},
		});
		await runPiPrint(sandbox, piPrintArgs("hello"), { env: { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" } });
		expect(readFileSync(join(sandbox.projectDir, "runs.txt"), "utf8")).toBe("run\n");
	});

	it("user-level hooks need no approval", async () => {
		sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", guard("user guard"));
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > a.txt"));
		expect(ran("a.txt")).toBe(false);
		expect(result.stderr).not.toContain("approved");
	});
});
