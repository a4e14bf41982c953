/**
 * pi-hook-manager: runs Claude Code-style hooks inside pi. This factory only wires pi events to the hook
 * runtime; the logic lives in src/engine (pure) and src/pi (pi adapters).
 */
import { homedir } from "node:os";
import { type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import { reapLingeringGroups, runProcess } from "./engine/run.ts";
import { installDecisionLog } from "./pi/decision-log.ts";
import { createRuntime } from "./pi/runtime.ts";

/** The extension factory pi calls once per session runtime. */
export default function piHookManager(pi: ExtensionAPI): void {
	// Decision cards, the footer counter and the decision history (registered first: it restores on session_start).
	const decisions = installDecisionLog(pi);
	const runtime = createRuntime({
		pi,
		onDecision: decisions.record,
		onRunStart: decisions.runStarted,
		onRunEnd: decisions.runEnded,
		runner: runProcess,
		reap: reapLingeringGroups,
		agentDir: getAgentDir,
		home: homedir,
		env: { ...process.env },
		processEnv: process.env,
	});
	pi.on("session_start", (event, ctx) => runtime.start(event, ctx));
	pi.on("session_shutdown", (event, ctx) => runtime.shutdown(event, ctx));
	pi.on("input", (event, ctx) => runtime.input(event, ctx));
	pi.on("before_agent_start", (_event, ctx) => runtime.beforeAgentStart(ctx));
	pi.on("agent_start", (_event, ctx) => runtime.agentStart(ctx));
	pi.on("tool_call", (event, ctx) => runtime.toolCall(event, ctx));
	pi.on("tool_result", (event, ctx) => runtime.toolResult(event, ctx));
	pi.on("turn_end", (event, ctx) => runtime.turnEnd(event, ctx));
	pi.on("agent_before_settle", (event, ctx) => runtime.beforeSettle(event, ctx));
	pi.on("agent_settled", (_event, ctx) => runtime.settled(ctx));
	pi.on("session_before_compact", (event, ctx) => runtime.beforeCompact(event, ctx));
	pi.on("session_compact", (event, ctx) => runtime.compact(event, ctx));
	pi.on("ui_prompt_start", (event, ctx) => runtime.uiPromptStart(event, ctx));
}
