/**
 * Claude Code 2.1.335's Interrupt in the real pi over RPC: a client's `abort` of a busy turn fires the Interrupt
 * hook with `source: "user"`, `reason: "stop"`, `via: "client"` (Claude Code: a client request that does not say
 * who sent it), once, and no Stop; a hook's own `continue: false` stop is no interrupt.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { PROJECT_ROOT } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const e2e = useE2e();
const HOOK = join(PROJECT_ROOT, "test", "fixtures", "hooks", "hook.mjs");

/** A command hook that appends its stdin (with env and cwd) to `file` as one JSON line. */
const recorder = (file: string) => ({
	type: "command",
	command: ["node", JSON.stringify(HOOK), "--record", JSON.stringify(file)].join(" "),
});

/** The stdins a {@link recorder} wrote to `file`; none when it never ran. */
const stdins = (file: string): Record<string, unknown>[] =>
	existsSync(file)
		? readFileSync(file, "utf8")
				.split("\n")
				.filter((line) => line.trim() !== "")
				.map((line) => (JSON.parse(line) as { stdin: Record<string, unknown> }).stdin)
		: [];

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
			expect(stdins(interrupts)).toEqual([
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
