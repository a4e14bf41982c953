/**
 * pi-hook-manager: runs Claude Code hooks inside pi. This factory builds the one session object
 * (src/pi/session/session.ts) and registers the rows of its event table with pi; the rules live in src/engine, the
 * pi actions in src/pi, the views in src/ui.
 */
import { homedir } from "node:os";
import { type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import { reapHooksOnExit, reapLingeringGroups, runProcess } from "./engine/run/process.ts";
import { hooksCompletions, runHooksCommand } from "./pi/manager/hooks-command.ts";
import { type McpConfigPlace, mcpServerConfigured } from "./pi/runners/mcp-config.ts";
import { createMcpTools } from "./pi/runners/mcp-tools.ts";
import { piOn } from "./pi/session/event-table.ts";
import { createHookSession } from "./pi/session/session.ts";
import { createTelemetry } from "./pi/telemetry/telemetry.ts";
import { takeApproveOptIn } from "./pi/trust/approve-opt-in.ts";

/** The extension factory pi calls once per session runtime. */
export default function piHookManager(pi: ExtensionAPI): void {
	reapHooksOnExit();
	// Read and removed before anything copies the environment: hooks and tools never inherit the opt-in.
	const approveOptIn = takeApproveOptIn(process.env);
	// A tool the model never sees, through which mcp_tool hooks reach the MCP servers pi connected; a hook
	// waits for a server pi's mcp.json lists while pi still connects it (the first prompt of `pi -p`).
	let mcpPlace: McpConfigPlace | undefined;
	pi.on("session_start", (_event, ctx) => {
		mcpPlace = { agentDir: getAgentDir(), cwd: ctx.cwd, projectTrusted: ctx.isProjectTrusted() };
	});
	const mcpTools = createMcpTools({
		configured: (server) => mcpPlace !== undefined && mcpServerConfigured(mcpPlace, server),
	});
	pi.registerTool(mcpTools.tool);
	const session = createHookSession(pi, {
		runner: runProcess,
		reap: reapLingeringGroups,
		agentDir: getAgentDir,
		home: homedir,
		processEnv: process.env,
		clock: Date.now,
		approveOptIn,
		mcpTools,
		// Opt-in: without PI_HOOK_MANAGER_TELEMETRY=1 this is undefined and no OpenTelemetry package loads.
		telemetry: createTelemetry(process.env),
	});
	// The event table: one row per pi event (src/pi/session/event-table.ts), registered in this one loop.
	const on = piOn(pi);
	for (const row of session.events) on(row.event, row.handler);
	// MessageDisplay `displayContent`: what the TUI draws instead of assistant text (the message stays as it is).
	pi.registerMarkdownTransformer(session.displays.transform, { messageTypes: ["assistant"] });
	pi.registerCommand("hooks", {
		description:
			"See every hook, watch them fire, switch them off, edit them (/hooks off, on, log, approve, status)",
		getArgumentCompletions: hooksCompletions,
		handler: (args, ctx) => runHooksCommand(args, ctx, session.manager, session.openPanel),
	});
	// ctrl+shift+h unless PI_HOOK_MANAGER_KILL_SWITCH_KEY names another key (or none).
	const killKey = session.manager.killSwitchKey();
	if (killKey !== "none")
		pi.registerShortcut(killKey, {
			description: "Switch every hook off (or on again) for this pi session",
			handler: (ctx) => session.toggleKillSwitch(ctx),
		});
}
