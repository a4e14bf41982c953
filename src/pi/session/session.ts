/**
 * The one object a pi session runtime has: it owns the card log (cards, footer, history), the hook
 * manager (panel, per-hook switches, kill switch), the hook runtime (configuration, approvals, engine) and the
 * pi context of the latest event. Its parts talk to it, never to each other: the manager reads the
 * configuration and approves hooks through it, the runtime asks it whether a hook is switched on. `session_start`
 * runs its steps in one handler, in order. src/index.ts only registers the rows of {@link HookSession.events} (the
 * event table, event-table.ts) with pi.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { debugLines, debugOn } from "../../engine/dry-run/debug-line.ts";
import type { ProcessRunner } from "../../engine/ports.ts";
import { type CardLog, createCardLog, registerCardRenderer } from "../cards/card-log.ts";
import { createMessageDisplays, type MessageDisplays } from "../events/message-displays.ts";
import { listenOnPermissionChannels } from "../events/permission-channel.ts";
import { listenForSubagents, loadedSubagentExtensions } from "../events/subagent-hooks.ts";
import { STDERR_PREFIX, showNotice } from "../io/notices.ts";
import { createHookManager, type HookManager, KILL_SWITCH_KEY, type LiveSession } from "../manager/hook-manager.ts";
import type { McpTools } from "../runners/mcp-tools.ts";
import { createViewSettings, viewSettingsFile } from "../stores/view-settings.ts";
import type { Telemetry } from "../telemetry/telemetry.ts";
import { hookBaseEnv } from "./env-file.ts";
import { type EventRow, eventTable } from "./event-table.ts";
import { createRuntime } from "./runtime.ts";
import type { HookRuntime, RuntimeDeps } from "./runtime-types.ts";

/** What the session needs from outside: pi's facts and the ports the engine runs hooks through. */
export interface SessionPorts {
	readonly runner: ProcessRunner;
	/** Ends the background jobs of hooks that already exited. */
	readonly reap: () => void;
	/** pi's agent directory (`getAgentDir()`). */
	readonly agentDir: () => string;
	/** The user's home directory. */
	readonly home: () => string;
	/** pi's live environment (CLAUDE_ENV_FILE exports go here); hooks inherit a copy taken now. */
	readonly processEnv: Record<string, string | undefined>;
	/** The clock, epoch milliseconds (`Date.now`). */
	readonly clock: () => number;
	/** The one-run project-hook approval opt-in, read (and removed) before the environment was copied. */
	readonly approveOptIn: boolean;
	/** The MCP tools pi connected, for `mcp_tool` hooks and the real names of MCP tools (mcp-tools.ts). */
	readonly mcpTools?: McpTools;
	/** OpenTelemetry export of hook runs (`PI_HOOK_MANAGER_TELEMETRY=1`); undefined = off. */
	readonly telemetry?: Telemetry | undefined;
}

/** The session: its parts, the context of the latest event, and what index.ts registers. */
export interface HookSession {
	readonly cards: CardLog;
	readonly manager: HookManager;
	readonly runtime: HookRuntime;
	/** The pi context of the latest event or command; undefined before the first. */
	ctx(): ExtensionContext | undefined;
	/** The event table (event-table.ts): one row per pi event, each naming its handler and how it fails. */
	readonly events: readonly EventRow[];
	/** `/hooks`: opens the panel. */
	openPanel(ctx: ExtensionContext, options?: { readonly tab?: "hooks" | "log" }): Promise<void>;
	/** The kill switch shortcut ({@link KILL_SWITCH_KEY}). */
	toggleKillSwitch(ctx: ExtensionContext): void;
	/** What MessageDisplay hooks show instead of assistant text; index.ts registers its transformer with pi. */
	readonly displays: MessageDisplays;
}

/** Builds the session over pi and the ports; nothing runs until pi fires `session_start`. */
export const createHookSession = (
	pi: RuntimeDeps["pi"] & Pick<ExtensionAPI, "appendEntry" | "registerEntryRenderer" | "events">,
	ports: SessionPorts,
): HookSession => {
	let current: ExtensionContext | undefined;
	/** The extensions that asked through the permission channel this session (for /hooks). */
	const askers = new Set<string>();
	/** Every handler starts here: the context of the latest event is kept in this one place. */
	const enter = (ctx: ExtensionContext): ExtensionContext => {
		current = ctx;
		return ctx;
	};
	// Routine context is quiet unless the user chose cards in the panel (kept in view.json).
	const view = createViewSettings(() => viewSettingsFile(ports.agentDir()));
	const quietContext = (): boolean => view.contextCards() === "quiet";
	registerCardRenderer(pi, quietContext);
	const cards = createCardLog({
		appendEntry: (customType, record) => pi.appendEntry(customType, record),
		currentCtx: () => current,
		quietContext,
	});
	// The manager and the runtime reach each other only through these two views of the session.
	const live: LiveSession = {
		config: () => runtime.config(),
		reload: () => runtime.reload(),
		approve: (entries) => runtime.approve(entries),
		session: () => runtime.session(),
		testRun: (request) => runtime.testRun(request),
		showApprovals: (entries) => runtime.showApprovals(entries),
		serverSettings: (config) => runtime.serverSettings?.(config) ?? [],
		askApproval: (entries, ctx, settings) => runtime.askApproval(entries, ctx, settings),
		tripwireItems: () => runtime.tripwireItems?.() ?? [],
		approveUnseen: (ctx) => runtime.approveUnseen(ctx),
	};
	const manager = createHookManager({
		agentDir: ports.agentDir,
		home: ports.home,
		live,
		footer: cards,
		currentCtx: () => current,
		view,
		env: ports.processEnv,
		clock: ports.clock,
		telemetryStatus: ports.telemetry?.statusText,
		firers: () => ({
			askers: [...askers],
			subagents: loadedSubagentExtensions(pi.getAllTools().map((tool) => tool.name)),
		}),
	});
	const displays = createMessageDisplays(() => runtime.hasHooks("MessageDisplay"));
	const debug = debugOn(ports.processEnv);
	const runtime = createRuntime({
		pi,
		displays,
		observers: {
			onRecord: (record, ctx) => {
				manager.onRecord(record, ctx);
				// PI_HOOK_MANAGER_DEBUG=1 in print and JSON mode: one stderr line per hook run (stdout is pi's).
				if (debug && !ctx.hasUI)
					for (const line of debugLines(record)) process.stderr.write(`${STDERR_PREFIX} ${line}\n`);
			},
			onCard: cards.record,
			onRunStart: cards.runStarted,
			onRunEnd: cards.runEnded,
			onConfigChange: (config) => manager.configChanged(config),
		},
		switches: {
			isEnabled: (entry) => manager.isEnabled(entry),
			allOff: () => manager.allOff(),
			switchSignal: (entry) => manager.switchSignal(entry),
		},
		runner: ports.runner,
		reap: ports.reap,
		agentDir: ports.agentDir,
		home: ports.home,
		env: hookBaseEnv(ports.processEnv),
		processEnv: ports.processEnv,
		approveOptIn: ports.approveOptIn,
		currentCtx: () => current,
		clock: ports.clock,
		...(ports.mcpTools ? { mcpTools: ports.mcpTools } : {}),
		tracer: ports.telemetry?.tracer,
	});

	const events = eventTable({ cards, manager, runtime, telemetry: ports.telemetry, pi, enter });
	const tell = (text: string): void => {
		if (current !== undefined) showNotice(current, { level: "warning", text });
	};
	// Other extensions fire PermissionRequest and PermissionDenied through pi's event bus (docs/channel.md), and the
	// subagent extensions' lifecycle events fire SubagentStart and SubagentStop.
	const hookContext = () => (manager.allOff() ? undefined : runtime.channelContext());
	listenOnPermissionChannels({
		events: pi.events,
		hookContext: () => runtime.channelContext(),
		allOff: () => manager.allOff(),
		tell,
		asked: (from) => askers.add(from),
	});
	listenForSubagents({ events: pi.events, hookContext, tell });

	return {
		cards,
		manager,
		runtime,
		ctx: () => current,
		events,
		openPanel: (ctx, options) => manager.openPanel(enter(ctx), options),
		toggleKillSwitch: (ctx) => manager.toggleKillSwitch(enter(ctx)),
		displays,
	};
};

export { KILL_SWITCH_KEY };
