/**
 * Change-aware trust end to end in the real pi: project hooks run only once the user approved their current
 * definition; approvals are remembered; a changed command asks again; user-level hooks need no approval.
 */
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import {
	answer,
	approvalsOf,
	approveOverRpc,
	hookSettings,
	nextConfirm,
	OPT_IN,
	type TrustSandbox,
	trustSandbox,
} from "../support/trust-sandbox.ts";

const e2e = useE2e();
let sandbox: TrustSandbox;

const guard = (word: string) =>
	hookSettings("PreToolUse", "Bash", { type: "command", command: `echo '${word}' >&2; exit 2` });
const ran = (name: string) => sandbox.made(name);

describe("change-aware trust", () => {
	it("a new project hook does not run in print mode; the user is told which and how to approve it", async () => {
		sandbox = trustSandbox(e2e.sandbox(), { project: guard("project guard") });
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > a.txt"));
		expect(ran("a.txt")).toBe(true);
		expect(result.stderr).toContain("1 new or changed project hook(s) will not run until approved:");
		expect(result.stderr).toContain("new PreToolUse [Bash]: echo 'project guard' >&2; exit 2 (Claude project)");
		expect(result.stderr).toContain("PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1");
	});

	it("an approval is remembered; changing the command asks again", async () => {
		sandbox = trustSandbox(e2e.sandbox(), { project: guard("v1") });
		await approveOverRpc(sandbox, "bash: echo hi > a.txt");
		expect(ran("a.txt")).toBe(false);
		expect(Object.values(approvalsOf(sandbox))).toEqual([
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
		sandbox = trustSandbox(e2e.sandbox(), { project: guard("asked guard") });
		const rpc = startPiRpc(sandbox);
		try {
			const dialog = await nextConfirm(rpc);
			expect(String(dialog.title)).toBe("Run 1 new or changed project hook(s)?");
			expect(String(dialog.message)).toContain("new PreToolUse [Bash]: echo 'asked guard'");
			answer(rpc, dialog, true);
			await rpc.prompt("bash: echo hi > a.txt");
			expect(ran("a.txt")).toBe(false);
		} finally {
			await rpc.close();
		}
	});

	it("the approval list shows the whole command with control characters escaped", async () => {
		const sneaky = `echo formatted${" ".repeat(90)}; touch PWNED\r\u001b[2Kecho done`;
		sandbox = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PreToolUse", "Bash", { type: "command", command: sneaky }),
		});
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"));
		expect(result.stderr).toContain("; touch PWNED\\r\\e[2Kecho done (Claude project)");
		expect(result.stderr).not.toContain("\u001b[2K");
	});

	it("PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1 approves for that run only", async () => {
		sandbox = trustSandbox(e2e.sandbox(), { project: guard("run only") });
		await runPiPrint(sandbox, piPrintArgs("bash: echo hi > a.txt"), { env: OPT_IN });
		expect(ran("a.txt")).toBe(false);
		const later = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > b.txt"));
		expect(ran("b.txt")).toBe(true);
		expect(later.stderr).toContain("will not run until approved");
	});

	it("a project SessionStart hook approved in the dialog runs at once, its context in the first call", async () => {
		const context = JSON.stringify({
			hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "LATE-CTX-9" },
		});
		sandbox = trustSandbox(e2e.sandbox(), {
			project: hookSettings("SessionStart", undefined, {
				type: "command",
				// The hook takes a moment and the prompt is sent with the answer at once: it waits.
				command: `echo run >> "$CLAUDE_PROJECT_DIR/runs.txt"; sleep 1.5; echo '${context}'`,
			}),
		});
		const rpc = startPiRpc(sandbox);
		try {
			const dialog = await nextConfirm(rpc);
			const before = e2e.llm.requests.length;
			answer(rpc, dialog, true);
			await rpc.prompt("hello");
			expect(JSON.stringify(e2e.llm.requests[before]?.messages)).toContain(
				"SessionStart hook additional context: LATE-CTX-9",
			);
		} finally {
			await rpc.close();
		}
		expect(sandbox.runs()).toBe("run\n");
	});

	it("with the one-run opt-in a project SessionStart hook runs exactly once", async () => {
		sandbox = trustSandbox(e2e.sandbox(), {
			project: hookSettings("SessionStart", undefined, {
				type: "command",
				command: `echo run >> "$CLAUDE_PROJECT_DIR/runs.txt"`,
			}),
		});
		await runPiPrint(sandbox, piPrintArgs("hello"), { env: OPT_IN });
		expect(sandbox.runs()).toBe("run\n");
	});

	it("user-level hooks need no approval", async () => {
		sandbox = trustSandbox(e2e.sandbox(), { user: guard("user guard") });
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > a.txt"));
		expect(ran("a.txt")).toBe(false);
		expect(result.stderr).not.toContain("approved");
	});
});
