/**
 * End to end in the real pi (print mode): pi-hook-manager's own state files cannot be forged by a tool call. A
 * model that writes approvals.json (approving a project hook by its computable key) or state.json (switching off
 * the user's guard) finds them put back to what pi-hook-manager last wrote when the call returns, with one stderr
 * line each, and the next pi behaves as before: the project hook still waits for approval, the guard still blocks.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookId } from "../../src/engine/config/parse.ts";
import { HOOK_STATE_VERSION } from "../../src/pi/stores/hook-state.ts";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { approveOverRpc, hookSettings, mark, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

describe("pi-hook-manager's state files during a run", () => {
	it("removes an approvals.json a tool call wrote: the project hook stays unapproved in the next pi", async () => {
		const box = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PreToolUse", "Bash", { type: "command", command: mark("ran") }),
		});
		// The key anyone can compute: here, taken from a real approval that is then thrown away.
		const approvals = join(box.agentDir, "pi-hook-manager", "approvals.json");
		await approveOverRpc(box, "hello");
		box.writeFile("project/forged.json", readFileSync(approvals, "utf8"));
		rmSync(approvals);
		rmSync(join(box.projectDir, "runs.txt"), { force: true });
		const forge = await runPiPrint(box, piPrintArgs(`bash: timeout 5 cp forged.json ${approvals}`));
		expect(forge.code).toBe(0);
		expect(forge.stderr).toContain("undone [state_file_restored] ");
		expect(forge.stderr).toContain("pi-hook-manager/approvals.json: a pi-hook-manager state file was changed");
		expect(existsSync(approvals)).toBe(false);
		const next = await runPiPrint(box, piPrintArgs("bash: true"));
		expect(next.code).toBe(0);
		expect(box.runs()).toBe("");
	});

	it("puts back the state.json a tool call rewrote to switch off the user's guard", async () => {
		const box = e2e.sandbox();
		const handler = { type: "command", command: "grep -q touch && { echo no touching >&2; exit 2; } || exit 0" };
		const settings = join(box.home, ".claude", "settings.json");
		trustSandbox(box, { user: hookSettings("PreToolUse", "Bash", handler) });
		const id = hookId(settings, "PreToolUse", "Bash", handler);
		const state = join(box.agentDir, "pi-hook-manager", "state.json");
		const mine = box.writeJson("agent/pi-hook-manager/state.json", { version: HOOK_STATE_VERSION, disabled: {} });
		const before = readFileSync(mine);
		const off = { file: settings, event: "PreToolUse", matcher: "Bash", target: "grep", since: "2026-01-01" };
		box.writeJson("project/forged.json", { version: HOOK_STATE_VERSION, disabled: { [id]: off } });
		const forge = await runPiPrint(box, piPrintArgs(`bash: timeout 5 cp forged.json ${state}`));
		expect(forge.code).toBe(0);
		expect(forge.stderr).toContain("undone [state_file_restored] ");
		expect(readFileSync(state)).toEqual(before);
		const next = await runPiPrint(box, piPrintArgs("bash: touch ran.txt"));
		expect(next.code).toBe(0);
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(false);
	});
});
