/**
 * End to end in the real pi (RPC mode): a state file written while pi idles between prompts (by a writer a tool call
 * left running, `setsid sh -c 'sleep 4; cp forged.json approvals.json' &`, or anything else) is put back at the next
 * prompt's start, or when pi exits, and told; the forged approval approves nothing.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { approveOverRpc, hookSettings, mark, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** The sandbox with one project hook, approved once to learn the approval's bytes, then unapproved again. */
const forgeable = async () => {
	const box = trustSandbox(e2e.sandbox(), {
		project: hookSettings("PreToolUse", "Bash", { type: "command", command: mark("ran") }),
	});
	const approvals = join(box.agentDir, "pi-hook-manager", "approvals.json");
	await approveOverRpc(box, "hello");
	const forged = readFileSync(approvals, "utf8");
	rmSync(approvals);
	rmSync(join(box.projectDir, "runs.txt"), { force: true });
	return { box, approvals, forged };
};

const told = (text: string): boolean =>
	text.includes("undone [state_file_restored] ") && text.includes("approvals.json");

describe("pi-hook-manager's state files while pi idles", () => {
	it("puts back an approvals.json written between two prompts before the second one runs hooks", async () => {
		const { box, approvals, forged } = await forgeable();
		const rpc = startPiRpc(box);
		try {
			await rpc.prompt("bash: echo one");
			box.writeFile("agent/pi-hook-manager/approvals.json", forged);
			await rpc.prompt("bash: echo two");
			expect(existsSync(approvals)).toBe(false);
			expect(told(JSON.stringify(rpc.records) + rpc.stderr())).toBe(true);
		} finally {
			await rpc.close();
		}
		expect(box.runs()).toBe("");
	}, 60_000);

	it("puts back an approvals.json written after the last prompt when pi exits", async () => {
		const { box, approvals, forged } = await forgeable();
		const rpc = startPiRpc(box);
		try {
			await rpc.prompt("bash: echo one");
			box.writeFile("agent/pi-hook-manager/approvals.json", forged);
		} finally {
			await rpc.close();
		}
		expect(existsSync(approvals)).toBe(false);
	}, 60_000);
});
