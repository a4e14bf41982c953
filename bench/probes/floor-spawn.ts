/**
 * Bench floor loaded in place of the measured extension: on every `tool_call` it spawns `$PI_HOOK_BENCH_FLOOR_CMD`
 * with Node's `spawn` (`/bin/sh -c`, stdin piped and written with the same kind of JSON a hook gets, stdout and
 * stderr piped and read) and waits for it to exit and its pipes to close: the least any hook runner can do, from
 * a process of pi's size.
 */
import { spawn } from "node:child_process";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

const runOnce = (command: string, stdin: string): Promise<void> =>
	new Promise((resolve) => {
		const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "pipe"] });
		child.stdout.resume();
		child.stderr.resume();
		child.stdin.on("error", () => {});
		child.stdin.end(stdin);
		child.once("error", () => resolve());
		child.once("close", () => resolve());
	});

/** Spawns the floor command once per tool call. */
export default function floorSpawn(pi: ExtensionAPI): void {
	const command = process.env.PI_HOOK_BENCH_FLOOR_CMD ?? "true";
	pi.on("tool_call", async (event, ctx) => {
		const stdin = `${JSON.stringify({
			session_id: ctx.sessionManager.getSessionId(),
			cwd: ctx.cwd,
			hook_event_name: "PreToolUse",
			tool_name: "Bash",
			tool_input: event.input,
			tool_use_id: event.toolCallId,
		})}\n`;
		await runOnce(command, stdin);
	});
}
