/**
 * The mutable state of one pi session's hook runtime, made at `session_start`: the live configuration and the
 * engine, each event adapter's own state, the timers, approvals, skills in use and the session facts hooks get.
 */
import type { ConfigStore } from "../../engine/config/store.ts";
import type { HookEngine } from "../../engine/engine.ts";
import type { DisplayStream } from "../../engine/flow/message-display.ts";
import type { PiDialog } from "../../engine/flow/notification.ts";
import type { HookConfig } from "../../engine/types.ts";
import type { Approvals } from "../../host/trust/approvals.ts";
import type { ConfigGate } from "../events/config-change-hooks.ts";
import type { FileChangedHooks } from "../events/file-changed-hooks.ts";
import type { IdleTimer } from "../events/notification-hooks.ts";
import type { PromptHookState } from "../events/prompt-hooks.ts";
import type { SkillHooks } from "../events/skill-hooks.ts";
import type { StopHookState } from "../events/stop-hooks.ts";
import type { ToolHookState } from "../events/tool-hooks.ts";
import type { McpNames } from "../runners/mcp-names.ts";
import type { TripwireNotices } from "../trust/tripwire-notices.ts";

/** One session's state; the runtime holds one from `session_start` on. */
export interface SessionState {
	readonly projectDir: string;
	readonly store: ConfigStore;
	readonly engine: HookEngine;
	readonly tools: ToolHookState;
	readonly prompts: PromptHookState;
	readonly stop: StopHookState;
	readonly told: Set<string>;
	readonly background: AbortController;
	readonly idle: IdleTimer;
	/** Stops counting the user's keys as activity for `idle`; undefined until the agent first settled in the TUI. */
	stopWatchingKeys: (() => void) | undefined;
	/** Runs `permission_prompt` once the open dialog has waited long enough; cancelled when it is answered. */
	readonly permissionWait: IdleTimer;
	/** pi's open dialog (its kind and title), until answered or notified about. */
	permissionDialog: PiDialog | undefined;
	/** Notification hooks in flight, awaited at shutdown so none outlives pi. */
	readonly inFlight: Set<Promise<void>>;
	readonly approvals: Approvals;
	/** What a person last saw of every hook: new and changed ones are told once (tripwire-notices.ts). */
	readonly tripwire: TripwireNotices;
	/** Approval keys of unapproved project hooks the user was already asked about this session. */
	readonly asked: Set<string>;
	/** Real names of the MCP tools pi connected, for hooks. */
	readonly mcpNames: McpNames;
	/** True once a hook ran (and was given the session file as `transcript_path`). */
	hooksRan: boolean;
	/** Set when `continue: false` aborted the run: the stop text, shown when the run has settled. */
	stoppedBy: string | undefined;
	/** The MessageDisplay batches of the assistant message streaming in the TUI; undefined between messages. */
	displayStream: DisplayStream | undefined;
	/**
	 * Settles when the SessionStart hooks that can still reach the first prompt are done: the start-up run and,
	 * once the user answered the approval dialog, the run of the hooks approved there. `input` waits for it.
	 */
	sessionStartDone: Promise<unknown>;
	/** True while the start-up approval dialog waits for the user's answer. */
	answering: boolean;
	/** Skills in use this session, whose frontmatter hooks count. */
	readonly skills: SkillHooks;
	promptId: string | undefined;
	/** ConfigChange's gate and the watched files (settings for ConfigChange, FileChanged's list); closed at the end. */
	readonly watches: SessionWatches;
}

/** One session's watches. */
export interface SessionWatches {
	/** The configuration store's gate (ConfigChange). */
	readonly gate: ConfigGate;
	/** The FileChanged watch. */
	readonly files: FileChangedHooks;
	/** A new merged configuration of `store`: both watch lists follow it. Never throws. */
	configured(config: HookConfig, store: ConfigStore): void;
	/** Stops every watch (the session ended). */
	close(): void;
}
