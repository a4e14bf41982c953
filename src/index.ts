/**
 * pi-hook-manager: runs Claude Code-style command hooks inside pi. This factory only wires pi events to
 * the hook runtime; the logic lives in src/engine (pure) and src/pi (pi adapters).
 */
import { homedir } from "node:os";
import { type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import { runProcess } from "./engine/run.ts";
import { createRuntime } from "./pi/runtime.ts";

/** The extension factory pi calls once per session runtime. */
export default function piHookManager(pi: ExtensionAPI): void {
	const runtime = createRuntime({ runner: runProcess, agentDir: getAgentDir, home: homedir, env: process.env });
	pi.on("session_start", (_event, ctx) => runtime.start(ctx));
	pi.on("input", (event, ctx) => {
		runtime.input(event, ctx);
		return undefined;
	});
	pi.on("tool_call", (event, ctx) => runtime.toolCall(event, ctx));
	pi.on("tool_result", (event, ctx) => runtime.toolResult(event, ctx));
	pi.on("turn_end", (_event, ctx) => {
		runtime.turnEnd(ctx);
		return undefined;
	});
}
