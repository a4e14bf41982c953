/**
 * The contract between the extension factory and the per-session hook runtime: what the runtime needs from
 * pi and the UI, and the handlers it offers for pi's events.
 */

import type {
	AgentBeforeSettleEvent,
	BeforeAgentStartEventResult,
	BoundaryResult,
	ExtensionAPI,
	ExtensionContext,
	InputEvent,
	InputEventResult,
	MessageEndEvent,
	MessageUpdateEvent,
	ModelSelectEvent,
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionCompactEvent,
	SessionShutdownEvent,
	SessionStartEvent,
	ToolCallEvent,
	ToolCallEventResult,
	ToolExecutionEndEvent,
	ToolExecutionStartEvent,
	ToolResultEvent,
	ToolResultEventResult,
	TurnEndEvent,
	UIPromptStartEvent,
	UserBashEvent,
	UserBashEventResult,
} from "@earendil-works/pi-coding-agent";
import type { EngineSwitches, EngineTracer, FiringRecord } from "../../engine/engine.ts";
import type { Card } from "../../engine/plan/card.ts";
import type { ProcessRunner } from "../../engine/ports.ts";
import type { HookConfig, HookEntry, HookEventName } from "../../engine/types.ts";
import type { HookContext } from "../events/hook-context.ts";
import type { MessageDisplays } from "../events/message-displays.ts";
import type { LiveSession } from "../manager/manager-types.ts";
import type { McpTools } from "../runners/mcp-tools.ts";

/** Where the runtime reports what happens; each is called with the pi context of the latest event. */
export interface RuntimeObservers {
	/** Receives every firing record (for the panel's log). */
	onRecord(record: FiringRecord, ctx: ExtensionContext): void;
	/** Receives one record per decision a hook made (cards, footer counter). */
	onCard(record: Card, ctx: ExtensionContext): void;
	/** Called when an awaited hook starts running (the footer shows it, with its `statusMessage`). */
	onRunStart(entry: HookEntry, ctx: ExtensionContext): void;
	/** Called once for every `onRunStart` when that hook has finished. */
	onRunEnd(entry: HookEntry, ctx: ExtensionContext): void;
	/** Called with each new merged configuration (a file, trust, an approval): the footer counts again. */
	onConfigChange?(config: HookConfig): void;
}

/** The user's switches in the panel and the kill switch: the engine's switches port, as is. */
export type RuntimeSwitches = EngineSwitches;

/** What the runtime needs from the outside world. */
export interface RuntimeDeps {
	readonly pi: Pick<ExtensionAPI, "sendMessage" | "getCommands" | "getAllTools">;
	readonly runner: ProcessRunner;
	/** pi's agent directory (`getAgentDir()`). */
	readonly agentDir: () => string;
	/** The user's home directory. */
	readonly home: () => string;
	/** The environment hooks inherit: pi's environment at start-up (CLAUDE_ENV_FILE exports do not leak in). */
	readonly env: Readonly<Record<string, string | undefined>>;
	/** Ends the background jobs of hooks that already exited (the runner's `reapLingeringGroups`). */
	readonly reap: () => void;
	/** pi's live environment, where CLAUDE_ENV_FILE exports go so later bash tool commands see them. */
	readonly processEnv: Record<string, string | undefined>;
	/** The clock, epoch milliseconds (`Date.now` in pi). Cards and the engine's firing times use it. */
	readonly clock: () => number;
	/** Where MessageDisplay `displayContent` goes to be drawn instead of the text; none = hooks only observe. */
	readonly displays?: MessageDisplays;
	/** The pi context of the latest event; the session object owns it (see session.ts). */
	readonly currentCtx: () => ExtensionContext | undefined;
	/** `PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1` was set (and removed from the environment) at load. */
	readonly approveOptIn: boolean;
	/** Where the session's firing records, cards and running hooks go (the log, the card log, the footer). */
	readonly observers: RuntimeObservers;
	/** The user's switches the engine asks before and while a hook runs (the hook manager's). */
	readonly switches: RuntimeSwitches;
	/**
	 * The managed policy folder; default: the environment variable `PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR`, else
	 * Claude Code's folder for this platform (`/etc/claude-code` on Linux).
	 */
	readonly managedDir?: () => string;
	/**
	 * Milliseconds of silence before an `idle_prompt` Notification; default 60 000, or the environment
	 * variable `PI_HOOK_MANAGER_IDLE_PROMPT_MS`.
	 */
	readonly idlePromptMs?: number;
	/**
	 * Milliseconds a dialog stays open before a `permission_prompt` Notification; default 6 000, or the environment
	 * variable `PI_HOOK_MANAGER_PERMISSION_PROMPT_MS`.
	 */
	readonly permissionPromptMs?: number;
	/** The MCP tools pi connected (mcp-tools.ts); without it `mcp_tool` hooks fail with a clear message. */
	readonly mcpTools?: McpTools;
	/** Traces each event and hook run (OpenTelemetry, src/pi/telemetry/); undefined = off. */
	readonly tracer?: EngineTracer | undefined;
}

/**
 * The per-session runtime the extension factory wires to pi events; what the hook manager reads of the session
 * (configuration, approvals, test runs) is its {@link LiveSession} part.
 */
export interface HookRuntime extends LiveSession {
	start(event: SessionStartEvent, ctx: ExtensionContext): Promise<void>;
	shutdown(event: SessionShutdownEvent, ctx: ExtensionContext): Promise<void>;
	input(event: InputEvent, ctx: ExtensionContext): Promise<InputEventResult>;
	beforeAgentStart(ctx: ExtensionContext): BeforeAgentStartEventResult | undefined;
	/** PreToolUse; a call no hook matches is answered at once, without a promise. */
	toolCall(
		event: ToolCallEvent,
		ctx: ExtensionContext,
	): ToolCallEventResult | undefined | Promise<ToolCallEventResult | undefined>;
	/** PostToolUse / PostToolUseFailure; a result no hook matches is answered at once, without a promise. */
	toolResult(
		event: ToolResultEvent,
		ctx: ExtensionContext,
	): ToolResultEventResult | undefined | Promise<ToolResultEventResult | undefined>;
	/** pi's `tool_execution_start`: which call made this one (a codemode script's call), for the held hooks. */
	toolExecutionStart(event: ToolExecutionStartEvent): void;
	/** pi's `tool_execution_end`: the call no longer runs beside a held hook. */
	toolExecutionEnd(event: ToolExecutionEndEvent): void;
	turnEnd(event: TurnEndEvent, ctx: ExtensionContext): Promise<BoundaryResult | undefined>;
	beforeSettle(event: AgentBeforeSettleEvent, ctx: ExtensionContext): Promise<BoundaryResult | undefined>;
	/** The run settled; `aborted`: it ended in an abort (Esc, a client's abort), which fires Interrupt. */
	settled(ctx: ExtensionContext, aborted: boolean): Promise<void>;
	agentStart(ctx: ExtensionContext): void;
	beforeCompact(
		event: SessionBeforeCompactEvent,
		ctx: ExtensionContext,
	): Promise<SessionBeforeCompactResult | undefined>;
	compact(event: SessionCompactEvent, ctx: ExtensionContext): Promise<void>;
	uiPromptStart(event: UIPromptStartEvent, ctx: ExtensionContext): void;
	/** pi's `ui_prompt_end`: the dialog was answered, so no `permission_prompt` for it. */
	uiPromptEnd(ctx: ExtensionContext): void;
	/** pi's `user_bash` (`!cmd`) -> the Bash tool hooks, when switched on (off by default). */
	userBash(event: UserBashEvent, ctx: ExtensionContext): Promise<UserBashEventResult | undefined>;
	/** pi's `model_select` -> PostModelSwitch. */
	modelSelect(event: ModelSelectEvent, ctx: ExtensionContext): Promise<void>;
	/** pi's `message_update` -> MessageDisplay for the lines an assistant message completed (TUI only). */
	messageUpdate(event: MessageUpdateEvent, ctx: ExtensionContext): Promise<void>;
	/** pi's `message_end` -> MessageDisplay for assistant text. */
	messageEnd(event: MessageEndEvent, ctx: ExtensionContext): Promise<void>;
	/** True when the session has hooks that may run on `event`; false before `session_start`. */
	hasHooks(event: HookEventName): boolean;
	/** The hook context a permission channel request runs in (the latest pi context); undefined before start. */
	channelContext(): HookContext | undefined;
}

/** What a test run produced (the engine's type). */
export type { TestRunOutcome } from "../../engine/dispatch/types.ts";
