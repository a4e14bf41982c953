/**
 * One pi session's hook runtime: builds the live configuration and the engine at `session_start`, keeps the
 * session facts hooks receive (ids, project root, prompt id), routes each pi event to its adapter, and tells
 * the user about configuration problems once each.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { Card } from "../../engine/card.ts";
import { claudeUserDir, managedSettingsDir, settingsSources } from "../../engine/config/sources.ts";
import { type ConfigStore, createConfigStore } from "../../engine/config/store.ts";
import { configNotices } from "../../engine/config-notices.ts";
import { stopBlockCap } from "../../engine/decide-stop.ts";
import { createEngine, type HookEngine } from "../../engine/engine.ts";
import { evaluateEnvFile } from "../../engine/env-file.ts";
import { runHttpHook } from "../../engine/http.ts";
import { effortLevel, type SessionInfo } from "../../engine/payload.ts";
import type { HookConfig } from "../../engine/types.ts";
import { approvalLines, approvalListLines } from "../../ui/approval-list.ts";
import { cardText } from "../../ui/card-view.ts";
import { askAbout, askForApprovals } from "../approval/approval-prompt.ts";
import { type Approvals, approvalsFile, createApprovals, runningIds } from "../approval/approvals.ts";
import { deliverAsyncVerdict } from "../events/async-hooks.ts";
import { handleBeforeCompact, handleCompact } from "../events/compact-hooks.ts";
import type { HookContext } from "../events/hook-context.ts";
import { runInstructionsLoaded } from "../events/instructions-hooks.ts";
import { type DisplayStream, handleMessageEnd, handleMessageUpdate } from "../events/message-display-hooks.ts";
import { handleModelSelect } from "../events/model-hooks.ts";
import {
	createIdleTimer,
	IDLE_PROMPT_MS,
	type IdleTimer,
	PERMISSION_PROMPT_MS,
	runNotification,
	watchKeys,
} from "../events/notification-hooks.ts";
import { handleBeforeAgentStart, handleInput, type PromptHookState } from "../events/prompt-hooks.ts";
import { runSessionEnd, runSessionStart, sessionEndReason, sessionStartSource } from "../events/session-hooks.ts";
import { createSkillHooks, type SkillHooks } from "../events/skill-hooks.ts";
import { handleBeforeSettle, handleTurnEnd, type StopHookState } from "../events/stop-hooks.ts";
import {
	createToolHookState,
	handleToolCall,
	handleToolResult,
	type ToolHookDeps,
	type ToolHookState,
} from "../events/tool-hooks.ts";
import { handleUserBash, userBashHooksOn } from "../events/user-bash-hooks.ts";
import { createAgentRunner } from "../runners/agent-runner.ts";
import { createMcpNames, type McpNames } from "../runners/mcp-names.ts";
import { createPromptRunner } from "../runners/prompt-runner.ts";
import { createEnvFile, envFileHasContent } from "./env-file.ts";
import { showNotice } from "./notices.ts";
import type { HookRuntime, RuntimeDeps } from "./runtime-types.ts";
import { ensureTranscript } from "./transcript.ts";

export type { HookRuntime, RuntimeDeps } from "./runtime-types.ts";

/** The custom message type of the session's last word when a hook's `continue: false` stopped the agent. */
export const STOPPED_MESSAGE_TYPE = "pi-hook-manager/stopped";

interface SessionState {
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
	/** What the `permission_prompt` of the open dialog says. */
	permissionNote: { readonly message: string; readonly title: string | undefined } | undefined;
	/** Notification hooks in flight, awaited at shutdown so none outlives pi. */
	readonly inFlight: Set<Promise<void>>;
	readonly approvals: Approvals;
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
}

const firstLine = (text: string): string =>
	text
		.split("\n")
		.find((line) => line.trim() !== "")
		?.trim() ?? "";

const hasHistory = (ctx: ExtensionContext): boolean =>
	ctx.sessionManager.getBranch().some((entry) => entry.type === "message");

/** Creates the runtime; nothing runs until `start`. */
export const createRuntime = (deps: RuntimeDeps): HookRuntime => {
	let state: SessionState | undefined;
	/** Epoch milliseconds: the injected clock, else `Date.now`. */
	const clock = deps.now ?? Date.now;
	/** The pi context of the latest event; the session object owns it (undefined before its first event). */
	const currentCtx = deps.currentCtx;

	/** The configuration whose notices were last told; the store returns the same object while nothing changed. */
	let toldConfig: HookConfig | undefined;
	const tellConfig = (current: SessionState, config: HookConfig): void => {
		if (config === toldConfig) return; // hot path: called for every event
		toldConfig = config;
		for (const { key, notice } of configNotices(config)) {
			if (current.told.has(key)) continue;
			current.told.add(key);
			const ctx = currentCtx();
			if (ctx !== undefined) showNotice(ctx, notice);
		}
	};

	const sessionInfo = (ctx: ExtensionContext): SessionInfo => {
		const effort = effortLevel(ctx.thinkingLevel);
		return {
			sessionId: ctx.sessionManager.getSessionId(),
			transcriptPath: ctx.sessionManager.getSessionFile() ?? "",
			cwd: ctx.cwd,
			projectDir: state?.projectDir ?? ctx.cwd,
			promptId: state?.promptId,
			home: deps.home(),
			...(effort === undefined ? {} : { effort }),
		};
	};

	const onCard = (record: Card): void => {
		const ctx = currentCtx();
		if (state === undefined || ctx === undefined) return;
		// Without a UI nobody sees the transcript: say what a hook blocked on stderr (print, JSON mode).
		if (!ctx.hasUI && (record.kind === "block" || record.kind === "stop_continue")) {
			const name = record.tool === undefined ? record.event : `${record.event}:${record.tool}`;
			const verb =
				record.kind === "stop_continue"
					? "kept the agent going"
					: record.event === "PostToolBatch"
						? "stopped the agent"
						: "blocked the call";
			showNotice(ctx, { level: "warning", text: `${name} hook ${verb}: ${firstLine(record.reason)}` });
		}
		// A hook's `continue: false` is one card with a UI; without one, its stop text once on stderr.
		if (!ctx.hasUI && record.kind === "continue_false") showNotice(ctx, { level: "warning", text: record.reason });
		// A failure is one card with a UI; without one, the same words once on stderr.
		if (!ctx.hasUI && (record.kind === "error" || record.kind === "timeout"))
			showNotice(ctx, { level: "warning", text: cardText(record) });
		deps.onCard?.(record, ctx);
	};

	/** The session state with `ctx` as the current context, and the hook context for one event. */
	const active = (ctx: ExtensionContext): { current: SessionState; hc: HookContext } | undefined => {
		if (state === undefined) return undefined;
		// The session facts are read from pi when a handler first needs them: a tool event no hook matches does not.
		let session: SessionInfo | undefined;
		const engine = state.engine;
		return {
			current: state,
			hc: {
				engine,
				get session() {
					session ??= sessionInfo(ctx);
					return session;
				},
				ctx,
				onCard,
				now: clock,
				mcpNames: state.mcpNames,
			},
		};
	};

	/** The tool hooks' dependencies of a session, made once: a tool event builds nothing before it matches. */
	let toolDepsMade: { current: SessionState; deps: ToolHookDeps } | undefined;
	const toolDeps = (): { current: SessionState; deps: ToolHookDeps } | undefined => {
		if (state === undefined) return undefined;
		if (toolDepsMade?.current !== state) {
			const deps = {
				engine: state.engine,
				state: state.tools,
				session: sessionInfo,
				onCard,
				now: clock,
				mcpNames: state.mcpNames,
			};
			toolDepsMade = { current: state, deps };
		}
		return toolDepsMade;
	};

	const track = (current: SessionState, work: Promise<void>): void => {
		current.inFlight.add(work);
		void work.finally(() => current.inFlight.delete(work));
	};

	const applyEnvFile = async (ctx: ExtensionContext, file: string | undefined): Promise<void> => {
		if (file === undefined || !envFileHasContent(file)) return;
		const result = await evaluateEnvFile(file, deps.processEnv, deps.runner, ctx.cwd);
		if ("error" in result) showNotice(ctx, { level: "warning", text: `CLAUDE_ENV_FILE: ${result.error}` });
		else Object.assign(deps.processEnv, result.vars);
	};

	/**
	 * Runs SessionStart hooks (all, or those in `only`) with a fresh CLAUDE_ENV_FILE; resolves with the ids that ran.
	 */
	const runStartHooks = async (
		ctx: ExtensionContext,
		source: string,
		only: ReadonlySet<string> | undefined,
		atLaunch: boolean,
	): Promise<ReadonlySet<string>> => {
		const now = active(ctx);
		if (now === undefined || !now.current.engine.hasHooks("SessionStart")) return new Set();
		const envFile = createEnvFile(join(deps.agentDir(), "pi-hook-manager"), now.hc.session.sessionId);
		const ran = await runSessionStart(now.hc, deps.pi, source, envFile, only, atLaunch);
		await applyEnvFile(ctx, envFile);
		return ran;
	};

	return {
		async start(event, ctx) {
			const projectDir = ctx.cwd;
			const claudeDir = claudeUserDir(deps.home(), deps.env);
			const approvals = createApprovals(approvalsFile(deps.agentDir()), projectDir, () => new Date(clock()));
			if (approvals.loadProblem !== undefined) showNotice(ctx, { level: "warning", text: approvals.loadProblem });
			const skills = createSkillHooks(deps.pi, projectDir);
			const store = createConfigStore({
				sources: settingsSources({ home: deps.home(), claudeDir, agentDir: deps.agentDir(), projectDir }),
				managedDir:
					deps.managedDir?.() ?? deps.env.PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR ?? managedSettingsDir(),
				plugins: { home: deps.home(), claudeDir, projectDir },
				skills: skills.active,
				isTrusted: () => ctx.isProjectTrusted(),
				isApproved: approvals.isApproved,
				approvalsVersion: approvals.version,
				extraStamp: approvals.scriptsStamp,
			});
			const background = new AbortController();
			const engine = createEngine({
				now: clock,
				// The hot path reads the last check; the files are checked again between events (checkSoon below).
				config: () => {
					const config = store.latest();
					if (state !== undefined) tellConfig(state, config);
					return config;
				},
				runner: deps.runner,
				httpRunner: runHttpHook,
				promptRunner: createPromptRunner(currentCtx, clock),
				agentRunner: createAgentRunner(currentCtx, deps.agentDir),
				...(deps.mcpTools ? { mcpToolRunner: deps.mcpTools.run } : {}),
				backgroundSignal: () => background.signal,
				baseEnv: deps.env,
				onRecord: (record) => {
					if (state !== undefined && record.verdicts.length > 0) state.hooksRan = true;
					const ctx = currentCtx();
					if (state !== undefined && ctx !== undefined) deps.onRecord?.(record, ctx);
				},
				onRunStart: (entry) => {
					const ctx = currentCtx();
					if (state !== undefined && ctx !== undefined) deps.onRunStart?.(entry, ctx);
				},
				onRunEnd: (entry) => {
					const ctx = currentCtx();
					if (state !== undefined && ctx !== undefined) deps.onRunEnd?.(entry, ctx);
				},
				onAsyncVerdict: (verdict, request) => {
					// A background hook can finish after the session ended (its context is then stale): drop it.
					const ctx = currentCtx();
					if (state === undefined || ctx === undefined || state.background.signal.aborted) return;
					const now = active(ctx);
					// It arrives from a child process, not a pi event: what it starts reads the files first.
					store.invalidate();
					if (now !== undefined) deliverAsyncVerdict(now.hc, deps.pi, verdict, request);
				},
				...(deps.isEnabled ? { isEnabled: deps.isEnabled } : {}),
				...(deps.allOff ? { allOff: deps.allOff } : {}),
				...(deps.switchSignal ? { switchSignal: deps.switchSignal } : {}),
			});
			const idleMs = deps.idlePromptMs ?? (Number(deps.env.PI_HOOK_MANAGER_IDLE_PROMPT_MS) || IDLE_PROMPT_MS);
			const idle = createIdleTimer(idleMs, () => {
				const ctx = currentCtx();
				const now = ctx === undefined ? undefined : active(ctx);
				if (now === undefined) return;
				// A timer is no pi event: nothing checked the settings files since the last one (README: "checked
				// between events"), so a hook removed or changed meanwhile must not fire as it was.
				store.invalidate();
				track(now.current, runNotification(now.hc, "idle_prompt", "pi is waiting for your input"));
			});
			const permissionMs =
				deps.permissionPromptMs ??
				(Number(deps.env.PI_HOOK_MANAGER_PERMISSION_PROMPT_MS) || PERMISSION_PROMPT_MS);
			const permissionWait = createIdleTimer(permissionMs, () => {
				const ctx = currentCtx();
				const now = ctx === undefined ? undefined : active(ctx);
				const note = now?.current.permissionNote;
				if (now === undefined || note === undefined) return;
				now.current.permissionNote = undefined;
				store.invalidate(); // A timer, not a pi event: check the settings files first (as above).
				track(now.current, runNotification(now.hc, "permission_prompt", note.message, note.title));
			});
			let startedWith: (ran: ReadonlySet<string>) => void = () => {};
			const started = new Promise<ReadonlySet<string>>((resolve) => {
				startedWith = resolve;
			});
			state = {
				projectDir,
				store,
				engine,
				tools: createToolHookState(),
				prompts: { pending: [] },
				stop: { consecutiveBlocks: 0, cap: stopBlockCap(deps.env) },
				told: new Set(),
				background,
				idle,
				stopWatchingKeys: undefined,
				permissionWait,
				permissionNote: undefined,
				inFlight: new Set(),
				approvals,
				asked: new Set(),
				mcpNames: createMcpNames(deps.pi, deps.mcpTools?.facts),
				hooksRan: false,
				stoppedBy: undefined,
				displayStream: undefined,
				sessionStartDone: started,
				answering: true,
				skills,
				promptId: undefined,
			};
			tellConfig(state, store.current());
			// The first command hook should not wait for the runner's code: load it while pi waits for the model.
			if (store.current().entries.some((entry) => entry.handler.type === "command")) deps.runner.warm?.();
			const source = sessionStartSource(event.reason, hasHistory(ctx));
			// pi's start comes before its MCP servers connect (Claude Code skips mcp_tool hooks at launch).
			const atLaunch = event.reason === "startup";
			// Not awaited: pi (RPC mode at least) answers dialogs only after session_start returns. Until the
			// user answers, unapproved project hooks stay off; SessionStart hooks approved late run then.
			const current = state;
			const approving = askForApprovals(
				ctx,
				store.current(),
				approvals,
				current.asked,
				deps.approveOptIn ?? false,
			);
			track(
				current,
				approving.then((approved) => {
					current.answering = false;
					// Set synchronously when the user answers: a prompt typed right after Yes waits for these hooks,
					// so their context reaches that first request (and their card comes before its reply).
					const late = (async () => {
						const ran = await started;
						const waiting = approved.filter(
							(entry) => entry.event === "SessionStart" && !ran.has(entry.id),
						);
						if (waiting.length > 0 && source !== undefined)
							await runStartHooks(ctx, source, new Set(waiting.map((entry) => entry.id)), atLaunch);
					})();
					current.sessionStartDone = late;
					return late;
				}),
			);
			let ran: ReadonlySet<string> = new Set();
			try {
				if (source !== undefined) ran = await runStartHooks(ctx, source, undefined, atLaunch);
			} finally {
				// Always settles, so neither a prompt nor the approved hooks wait forever on a failed start.
				startedWith(ran);
			}
			// Claude Code: InstructionsLoaded comes after SessionStart and before the first UserPromptSubmit.
			const loaded = active(ctx);
			if (loaded !== undefined && source !== undefined)
				await runInstructionsLoaded(loaded.hc, deps.agentDir(), "session_start");
		},
		async shutdown(event, ctx) {
			const now = active(ctx);
			if (now === undefined) return;
			now.current.idle.cancel();
			now.current.stopWatchingKeys?.();
			now.current.permissionWait.cancel();
			// Hooks were given the session file as transcript_path: make sure it exists (SessionEnd hooks read it too).
			if (now.current.hooksRan) ensureTranscript(ctx);
			await runSessionEnd(now.hc, sessionEndReason(event.reason, ctx.hasUI));
			// Background hooks end with the session (Claude Code kills them at teardown in -p).
			now.current.background.abort();
			await Promise.allSettled([...now.current.inFlight]);
			deps.reap?.();
		},
		async input(event, ctx) {
			const now = active(ctx);
			if (now === undefined) return { action: "continue" };
			now.current.idle.cancel();
			// SessionStart context belongs before the first prompt: wait for SessionStart hooks still running. An
			// answer that arrived together with this prompt (one RPC read) is settled first, by one turn of the loop.
			if (now.current.answering) await new Promise((resolve) => setImmediate(resolve));
			await now.current.sessionStartDone.catch(() => undefined);
			// A skill typed as /skill:name is in use from now on: its frontmatter hooks count (as in Claude Code).
			now.current.skills.useFromPrompt(event.text);
			// A new prompt always sees the latest settings, even an edit made a moment ago.
			now.current.store.invalidate();
			await askForApprovals(
				ctx,
				now.current.store.current(),
				now.current.approvals,
				now.current.asked,
				deps.approveOptIn ?? false,
			);
			now.current.promptId = randomUUID();
			now.current.stop.consecutiveBlocks = 0;
			const hc = { ...now.hc, session: sessionInfo(ctx) };
			const templates = () =>
				deps.pi
					.getCommands()
					.filter((command) => command.source === "prompt")
					.map((command) => command.name);
			return handleInput(event, hc, now.current.prompts, templates);
		},
		beforeAgentStart(ctx) {
			const now = active(ctx);
			return now === undefined ? undefined : handleBeforeAgentStart(now.current.prompts);
		},
		toolCall(event, ctx) {
			const now = toolDeps();
			if (now === undefined) return undefined;
			// The model loads a skill by reading its SKILL.md: from then on the skill is in use. (pi's `ctx.cwd` is
			// read only for a read.)
			if (event.toolName === "read" && now.current.skills.useFromRead(event.toolName, event.input, ctx.cwd)) {
				now.current.store.invalidate();
				return askForApprovals(
					ctx,
					now.current.store.current(),
					now.current.approvals,
					now.current.asked,
					deps.approveOptIn ?? false,
				).then(() => handleToolCall(event, ctx, now.deps));
			}
			// A call no hook matches is answered at once (no promise): pi awaits whichever it gets.
			return handleToolCall(event, ctx, now.deps);
		},
		async userBash(event, ctx) {
			const now = active(ctx);
			if (now === undefined || !userBashHooksOn(deps.processEnv)) return undefined;
			return handleUserBash(event, ctx, {
				engine: now.current.engine,
				state: now.current.tools,
				session: sessionInfo,
				onCard,
				now: clock,
				mcpNames: now.current.mcpNames,
			});
		},
		toolResult(event, ctx) {
			const now = toolDeps();
			if (now === undefined) return undefined;
			// The tool may have edited a settings file: check them once this event is done, off its path.
			now.current.store.checkSoon();
			return handleToolResult(event, ctx, now.deps);
		},
		async turnEnd(event, ctx) {
			const now = active(ctx);
			if (now === undefined) return undefined;
			const result = await handleTurnEnd(event, now.hc, (text) => {
				now.current.stoppedBy = text;
			});
			now.current.store.checkSoon();
			const stop = now.current.tools.stopRequested;
			if (stop !== undefined) {
				now.current.tools.stopRequested = undefined;
				// The user was shown the stop text once already: its `continue_false` card (on stderr without a UI).
				now.current.stoppedBy = stop;
				// Claude Code: `continue: false` lets the current tool finish, then no further model request. pi has
				// no clean stop for extensions, so the run is aborted; `settled` then ends it cleanly.
				ctx.abort();
			}
			return result;
		},
		async beforeSettle(event, ctx) {
			const now = active(ctx);
			return now === undefined ? undefined : handleBeforeSettle(event, now.hc, now.current.stop);
		},
		settled(ctx) {
			const now = active(ctx);
			if (now === undefined) return;
			const stopped = now.current.stoppedBy;
			now.current.stoppedBy = undefined;
			// The run ends with the hook's stop, not with pi's "aborted" (Claude Code: `-p` exits 0 with the
			// stopReason shown): the last message of the session says why the agent stopped. It is not drawn: the
			// hook's card already shows that text.
			if (stopped !== undefined)
				deps.pi.sendMessage({ customType: STOPPED_MESSAGE_TYPE, content: stopped, display: false });
			if (ctx.hasUI) {
				now.current.idle.start();
				// Claude Code's idle period is time the user has not typed: any key in pi restarts it.
				now.current.stopWatchingKeys ??= watchKeys(ctx, now.current.idle);
			}
		},
		agentStart(ctx) {
			active(ctx)?.current.idle.cancel();
		},
		async beforeCompact(event, ctx) {
			const now = active(ctx);
			return now === undefined ? undefined : handleBeforeCompact(event, now.hc);
		},
		async compact(event, ctx) {
			const now = active(ctx);
			if (now === undefined) return;
			await handleCompact(event, now.hc);
			// Claude Code: SessionStart fires again with source "compact" after a compaction.
			await runSessionStart(now.hc, deps.pi, "compact", undefined);
			await runInstructionsLoaded(now.hc, deps.agentDir(), "compact");
		},
		async modelSelect(event, ctx) {
			const now = active(ctx);
			if (now !== undefined) await handleModelSelect(event, now.hc, deps.pi);
		},
		async messageUpdate(event, ctx) {
			// Once per streamed token: nothing is built unless MessageDisplay hooks are configured.
			if (state === undefined || !state.engine.hasHooks("MessageDisplay")) return;
			const now = active(ctx);
			if (now === undefined) return;
			const turnId = now.current.promptId ?? now.hc.session.sessionId;
			now.current.displayStream = await handleMessageUpdate(
				event,
				now.hc,
				turnId,
				now.current.displayStream,
				deps.displays,
			);
		},
		async messageEnd(event, ctx) {
			const now = active(ctx);
			if (now === undefined) return;
			const stream = now.current.displayStream;
			if ((event.message as { role?: string }).role === "assistant") now.current.displayStream = undefined;
			await handleMessageEnd(
				event,
				now.hc,
				now.current.promptId ?? now.hc.session.sessionId,
				stream,
				deps.displays,
			);
		},
		uiPromptStart(event, ctx) {
			const now = active(ctx);
			if (now === undefined || (event.kind !== "confirm" && event.kind !== "select")) return;
			const message = event.title ? `pi needs your permission: ${event.title}` : "pi needs your permission";
			// Claude Code notifies about a permission dialog only once it has waited unanswered for a while.
			now.current.permissionNote = { message, title: event.title };
			now.current.permissionWait.start();
		},
		uiPromptEnd(ctx) {
			const now = active(ctx);
			if (now === undefined) return;
			now.current.permissionNote = undefined;
			now.current.permissionWait.cancel();
		},
		hasHooks(event) {
			return state?.engine.hasHooks(event) ?? false;
		},
		config() {
			return state?.store.current();
		},
		approve(entries) {
			return state?.approvals.approve(entries);
		},
		session() {
			const ctx = currentCtx();
			return state === undefined || ctx === undefined ? undefined : sessionInfo(ctx);
		},
		testRun(request) {
			const ctx = currentCtx();
			if (state === undefined || ctx === undefined) return undefined;
			// A test run goes around the event adapters: no card, no context, no counter, no footer status.
			return state.engine.testRun({ ...request, session: sessionInfo(ctx) });
		},
		async askApproval(entries, ctx) {
			if (state === undefined) return [];
			return askAbout(
				ctx,
				entries,
				state.approvals,
				deps.approveOptIn ?? false,
				runningIds(state.store.current()),
			);
		},
		approvalLines(entry) {
			return state === undefined
				? approvalLines({ entry, change: "new", scripts: [] })
				: approvalListLines(state.approvals.pending([entry], runningIds(state.store.current())));
		},
	};
};
