/**
 * pi-hook-manager: runs Claude Code-style hooks inside pi. This factory only wires pi events to the hook
 * runtime; the logic lives in src/engine (pure) and src/pi (pi adapters).
 */
import { homedir } from "node:os";
import { type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import { reapHooksOnExit, reapLingeringGroups, runProcess } from "./engine/run.ts";
import { takeApproveOptIn } from "./pi/approve-opt-in.ts";
import { installDecisionLog } from "./pi/decision-log.ts";
import { failSafe } from "./pi/fail-safe.ts";
import { createHookManager, KILL_SWITCH_KEY } from "./pi/hook-manager.ts";
import { createRuntime } from "./pi/runtime.ts";

/** The extension factory pi calls once per session runtime. */
export default function piHookManager(pi: ExtensionAPI): void {
	reapHooksOnExit();
	// Read and removed before anything copies the environment: hooks and tools never inherit the opt-in.
	const approveOptIn = takeApproveOptIn(process.env);
	// Decision cards, the footer counter and the decision history (registered first: it restores on session_start).
	const decisions = installDecisionLog(pi);
	// The /hooks panel, the per-hook switches and the kill switch; the engine asks them before every hook.
	const manager = createHookManager({
		agentDir: getAgentDir,
		home: homedir,
		runtime: () => runtime,
		footer: decisions,
	});
	const runtime = createRuntime({
		pi,
		onDecision: decisions.record,
		onRecord: manager.onRecord,
		isEnabled: manager.isEnabled,
		allOff: manager.allOff,
		onRunStart: decisions.runStarted,
		onRunEnd: decisions.runEnded,
		runner: runProcess,
		reap: reapLingeringGroups,
		agentDir: getAgentDir,
		home: homedir,
		env: { ...process.env },
		processEnv: process.env,
		approveOptIn,
	});
	// tool_call and tool_result guard themselves (PreToolUse fails closed); everything else fails open.
	pi.on(
		"session_start",
		failSafe("session_start", undefined, (event, ctx) => runtime.start(event, ctx)),
	);
	pi.on(
		"session_shutdown",
		failSafe("session_shutdown", undefined, (event, ctx) => runtime.shutdown(event, ctx)),
	);
	pi.on(
		"input",
		failSafe("input", { action: "continue" as const }, (event, ctx) => runtime.input(event, ctx)),
	);
	pi.on(
		"before_agent_start",
		failSafe("before_agent_start", undefined, (_event, ctx) => runtime.beforeAgentStart(ctx)),
	);
	pi.on(
		"agent_start",
		failSafe("agent_start", undefined, (_event, ctx) => runtime.agentStart(ctx)),
	);
	pi.on("tool_call", (event, ctx) => runtime.toolCall(event, ctx));
	pi.on("tool_result", (event, ctx) => runtime.toolResult(event, ctx));
	pi.on(
		"turn_end",
		failSafe("turn_end", undefined, (event, ctx) => runtime.turnEnd(event, ctx)),
	);
	pi.on(
		"agent_before_settle",
		failSafe("agent_before_settle", undefined, (event, ctx) => runtime.beforeSettle(event, ctx)),
	);
	pi.on(
		"agent_settled",
		failSafe("agent_settled", undefined, (_event, ctx) => runtime.settled(ctx)),
	);
	pi.on(
		"session_before_compact",
		failSafe("session_before_compact", undefined, (event, ctx) => runtime.beforeCompact(event, ctx)),
	);
	pi.on(
		"session_compact",
		failSafe("session_compact", undefined, (event, ctx) => runtime.compact(event, ctx)),
	);
	pi.on(
		"ui_prompt_start",
		failSafe("ui_prompt_start", undefined, (event, ctx) => runtime.uiPromptStart(event, ctx)),
	);
	pi.on(
		"model_select",
		failSafe("model_select", undefined, (event, ctx) => runtime.modelSelect(event, ctx)),
	);
	pi.on(
		"message_end",
		failSafe("message_end", undefined, async (event, ctx) => {
			await runtime.messageEnd(event, ctx);
			return undefined;
		}),
	);
	pi.on("session_start", (_event, ctx) => manager.sessionStart(ctx));
	pi.registerCommand("hooks", {
		description: "See every hook, watch them fire, switch them off, edit them",
		handler: (_args, ctx) => manager.openPanel(ctx),
	});
	pi.registerShortcut(KILL_SWITCH_KEY, {
		description: "Switch every hook off (or on again) for this pi session",
		handler: (ctx) => manager.toggleKillSwitch(ctx),
	});
}
