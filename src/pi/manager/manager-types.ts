/**
 * The hook manager's contract: what it needs of the session (the live configuration, the footer) and what it
 * offers pi and the engine (switches, the kill switch, the firing log, the panel).
 */

import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { KeyId } from "@earendil-works/pi-tui";
import type { HookCounts } from "../../engine/dispatch/run-state.ts";
import type { TestRunOutcome } from "../../engine/dispatch/types.ts";
import type { FiringRecord, TestRunRequest } from "../../engine/engine.ts";
import type { ExtensionFirers } from "../../engine/events/extension-events.ts";
import type { SessionInfo } from "../../engine/payload/base.ts";
import type { HookConfig, HookEntry, ProjectSetting } from "../../engine/types.ts";
import type { TripItem } from "../../host/trust/tripwire.ts";
import type { DEFAULT_LOG_BYTES, FiringLog } from "../../ui/panel/firing-log.ts";
import type { ShownApprovals } from "../../ui/panel/services.ts";
import type { ViewSettings } from "../stores/view-settings.ts";

/** The footer calls the manager makes (the card log owns the footer text). */
export interface FooterControls {
	setKillSwitch(on: boolean, ctx?: ExtensionContext): void;
	/** The footer's counts of switched-off hooks and hooks waiting for approval. */
	setHookCounts(counts: HookCounts, ctx?: ExtensionContext): void;
	/** Redraws the footer (after a view choice changed what it counts). */
	refresh(ctx?: ExtensionContext): void;
}

/** What the manager reads and changes of the running session. */
export interface LiveSession {
	/** The current configuration, or undefined before `session_start`. */
	config(): HookConfig | undefined;
	/** The project MCP server definitions that `config`'s other sources' `mcp_tool` hooks wait for (issue #40). */
	serverSettings?(config: HookConfig): readonly ProjectSetting[];
	/** Makes the next `config()` read every file again (the panel just wrote one), not the last check's result. */
	reload(): void;
	/** Marks hooks as approved (change-aware trust), e.g. after the user saved them in the panel's editor. */
	approve(entries: readonly HookEntry[]): string | undefined;
	/** The session facts a hook's stdin starts with now; undefined before `session_start`. */
	session(): SessionInfo | undefined;
	/** A dry run of one hook from the panel; undefined before `session_start`. */
	testRun(request: Omit<TestRunRequest, "session">): Promise<TestRunOutcome> | undefined;
	/** Strict mode: asks about the held hooks (skip code `unseen`) on `ctx`; resolves with how many were approved. */
	approveUnseen(ctx: ExtensionContext): Promise<number>;
	/**
	 * `entries` as the panel's approval screen shows them (every field, the scripts they run), and Yes for exactly
	 * that content: a definition or covered file changed since approves nothing (issue #40).
	 */
	showApprovals(entries: readonly HookEntry[]): ShownApprovals;
	/**
	 * Asks about `entries` (and project `settings` that switch hooks off or change plugin options) in the approval
	 * dialog (every field shown); resolves with the approved hooks.
	 */
	askApproval(
		entries: readonly HookEntry[],
		ctx: ExtensionContext,
		settings?: readonly ProjectSetting[],
	): Promise<readonly HookEntry[]>;
	/**
	 * The tripwire's view of this run's hooks as the run found them (at its start and each reload; any state);
	 * without it the panel has no "new or changed" view.
	 */
	tripwireItems?(): readonly TripItem[];
}

/** What the manager needs. */
export interface HookManagerDeps {
	readonly agentDir: () => string;
	readonly home: () => string;
	/** The session's live configuration and approvals (the session object; see session.ts). */
	readonly live: LiveSession;
	/** The session's pi context of the latest event (the session object owns it; see session.ts). */
	readonly currentCtx: () => ExtensionContext | undefined;
	/** The footer: the kill switch and the count of switched-off hooks (the card log's). */
	readonly footer: FooterControls;
	/** Bytes of firing records kept for the log; default {@link DEFAULT_LOG_BYTES}. */
	readonly logLimit?: number;
	/** pi's environment: the journal's cap, the kill switch key, `$CLAUDE_CONFIG_DIR`, `npm run try`'s copy. */
	readonly env: Readonly<Record<string, string | undefined>>;
	/** The clock, epoch milliseconds (`Date.now` in pi). */
	readonly clock: () => number;
	/** How routine context shows (the panel's choice); without it the panel offers no choice. */
	readonly view?: ViewSettings;
	/** The telemetry line of `/hooks status` (src/pi/telemetry/); none without `PI_HOOK_MANAGER_TELEMETRY=1`. */
	readonly telemetryStatus?: (() => string) | undefined;
	/** Who fires the events only other extensions fire (the permission channel's askers, subagent extensions). */
	readonly firers?: (() => ExtensionFirers) | undefined;
}

/** The manager. */
export interface HookManager {
	/** For the engine: false for a hook the user switched off. */
	isEnabled(entry: HookEntry): boolean;
	/** For the engine: true while the kill switch is off. */
	allOff(): boolean;
	/** For the engine: one firing record per event (the panel's log). */
	onRecord(record: FiringRecord, ctx: ExtensionContext): void;
	/** After the runtime started: forget switches of deleted hooks, update the footer. */
	sessionStart(ctx: ExtensionContext): void;
	/**
	 * The configuration changed (a file, an approval) to `config`: the footer counts its hooks again
	 * (`countHooks`), without checking the files once more.
	 */
	configChanged(config: HookConfig): void;
	/** `/hooks`: opens the panel over pi (on the log tab with `tab: "log"`). */
	openPanel(ctx: ExtensionContext, options?: { readonly tab?: "hooks" | "log" }): Promise<void>;
	/** The kill switch shortcut. */
	toggleKillSwitch(ctx: ExtensionContext): void;
	/** `/hooks off` and `/hooks on`: the kill switch set (true = every hook off), and the user told. */
	setAllOff(ctx: ExtensionContext, off: boolean): void;
	/** For the engine: fires when the user switches `entry` off while it runs (its switch or the kill switch). */
	switchSignal(entry: HookEntry): AbortSignal;
	/** The configured kill switch key (`none`: no shortcut). */
	killSwitchKey(): KeyId | "none";
	/** `/hooks approve`: asks about every new or changed project hook in the approval dialog (nothing blind). */
	approveWaiting(ctx: ExtensionContext): Promise<void>;
	/** `/hooks status`: one line about the hooks, switches, approvals and the kill switch. */
	status(ctx: ExtensionContext): void;
	/** pi's `agent_start`: an agent run begins (its time goes to the journal when it settles, for the cost view). */
	runStarted(): void;
	/** pi's `agent_settled`: the run's span is journaled (only while hooks are configured). */
	runSettled(ctx: ExtensionContext): void;
	/** The firing log (kept while the panel is closed). */
	readonly log: FiringLog;
}
