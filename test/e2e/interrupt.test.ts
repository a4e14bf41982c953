/**
 * Claude Code 2.1.335's Interrupt in the real pi over RPC: a client's `abort` of a busy turn fires the Interrupt
 * hook with `source: "user"`, `reason: "stop"`, `via: "client"` (Claude Code: a client request that does not say
 * who sent it), once, and no Stop; a hook's own `continue: false` stop is no interrupt.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { recordedStdins, recorder } from "../support/recorder.ts";

const e2e = useE2e();

describe("Interrupt over RPC", () => {
	it("a client's abort of a busy turn fires Interrupt (user, stop, client) once, and no Stop", async () => {
		const sandbox = e2e.sandbox();
		const interrupts = join(sandbox.root, "interrupt.jsonl");
		const stops = join(sandbox.root, "stop.jsonl");
		const started = join(sandbox.root, "started.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				Interrupt: [{ hooks: [recorder(interrupts)] }],
				Stop: [{ hooks: [recorder(stops)] }],
				PreToolUse: [{ matcher: "Bash", hooks: [recorder(started)] }],
			},
		});
		const rpc = startPiRpc(sandbox);
		try {
			const from = rpc.records.length;
			rpc.send({ id: "p1", type: "prompt", message: "bash: sleep 60" });
			await expect.poll(() => existsSync(started), { timeout: 20_000 }).toBe(true);
			rpc.send({ id: "a1", type: "abort" });
			await rpc.waitFor((record) => record.type === "agent_settled", 20_000, from);
			expect(recordedStdins(interrupts)).toEqual([
				expect.objectContaining({
					hook_event_name: "Interrupt",
					source: "user",
					reason: "stop",
					via: "client",
				}),
			]);
			expect(existsSync(stops)).toBe(false);
		} finally {
			await rpc.close();
		}
	});

	it("a hook's continue: false ends the run without an Interrupt", async () => {
		const sandbox = e2e.sandbox();
		const interrupts = join(sandbox.root, "interrupt.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				Interrupt: [{ hooks: [recorder(interrupts)] }],
				PostToolUse: [
					{
						matcher: "Bash",
						hooks: [{ type: "command", command: `echo '{"continue": false, "stopReason": "enough"}'` }],
					},
				],
			},
		});
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("bash: echo hi");
			expect(existsSync(interrupts)).toBe(false);
		} finally {
			await rpc.close();
		}
	});
});
