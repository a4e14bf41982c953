/**
 * Bench floor loaded in place of the measured extension: on every `tool_call` it runs `$PI_HOOK_BENCH_FLOOR_CMD`
 * through execa the way the project's runner does (`buffer: false`, `extendEnv: false` with an environment built
 * once, stdin written directly, pipes read), without anything else of the extension: what execa alone costs
 * inside pi, next to the bare spawn of floor-spawn.ts.
 */
import { createRequire } from "node:module";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { EXECA_OPTIONS } from "../../src/engine/run/process.ts";

type Execa = typeof import("execa");

/** Runs the floor command through execa once per tool call. */
export default function floorExeca(pi: ExtensionAPI): void {
	const command = process.env.PI_HOOK_BENCH_FLOOR_CMD ?? "true";
	const env = Object.fromEntries(
		Object.entries(process.env).filter((pair): pair is [string, string] => pair[1] !== undefined),
	);
	let execa: Execa["execa"] | undefined;
	pi.on("tool_call", async (event, ctx) => {
		execa ??= (createRequire(import.meta.url)("execa") as Execa).execa;
		const stdin = `${JSON.stringify({
			session_id: ctx.sessionManager.getSessionId(),
			cwd: ctx.cwd,
			hook_event_name: "PreToolUse",
			tool_name: "Bash",
			tool_input: event.input,
			tool_use_id: event.toolCallId,
		})}\n`;
		const child = execa("/bin/sh", ["-c", command], { env, ...EXECA_OPTIONS });
		child.stdout?.resume();
		child.stderr?.resume();
		child.stdin?.on("error", () => {});
		child.stdin?.end(stdin);
		await child;
	});
}
