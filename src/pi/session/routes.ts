/**
 * Routes each pi event after `session_start` to its adapter in src/pi/events/, with the session's state: the
 * per-turn bookkeeping (prompt id, Stop's block cap, a `continue: false` stop), the timers started and
 * cancelled, the settings files checked again between events, and skills coming into use.
 */
import { randomUUID } from "node:crypto";
import { handleBeforeCompact, handleCompact } from "../events/compact-hooks.ts";
import { runInterrupt } from "../events/interrupt-hooks.ts";
import { handleMessageEnd, handleMessageUpdate } from "../events/message-display-hooks.ts";
import { handleModelSelect } from "../events/model-hooks.ts";
import { watchKeys } from "../events/notification-hooks.ts";
import { handleBeforeAgentStart, handleInput } from "../events/prompt-hooks.ts";
import { runSessionEnd } from "../events/session-hooks.ts";
import { handleBeforeSettle, handleTurnEnd } from "../events/stop-hooks.ts";
import { handleToolCall, handleToolResult } from "../events/tool-hooks.ts";
import { handleUserBash, userBashHooksOn } from "../events/user-bash-hooks.ts";
import { askForApprovals, liveConfig } from "../trust/approval-prompt.ts";
import { guardedToolCall, selfGuardOf } from "../trust/self-guard.ts";
import { verifierOf } from "../trust/verify-after-call.ts";
import type { PanelQueries } from "./panel-queries.ts";
import type { RuntimeCore } from "./runtime-core.ts";
import type { HookRuntime } from "./runtime-types.ts";
import type { SessionState } from "./session-state.ts";
import { ensureTranscript } from "./transcript.ts";

/** The custom message type of the session's last word when a hook's `continue: false` stopped the agent. */
export const STOPPED_MESSAGE_TYPE = "pi-hook-manager/stopped";

/** The event handlers of the runtime but `start` and the panel's queries. */
export type EventRoutes = Omit<HookRuntime, "start" | "channelContext" | keyof PanelQueries>;

/** The routes over the runtime's core. */
export const eventRoutes = (core: RuntimeCore): EventRoutes => {
	const { deps, active, toolDeps } = core;
	/** Asks about project hooks that came into play (a skill in use) and are not approved yet. */
	const askAgain = (ctx: Parameters<typeof askForApprovals>[0], current: SessionState) =>
		askForApprovals(
			ctx,
			current.store.current(),
			current.approvals,
			current.asked,
			deps.approveOptIn,
			liveConfig(current.store),
		);
	/** The session's check of hook files after each tool call (trust/verify-after-call.ts). */
	const verifier = (current: SessionState) =>
		verifierOf(current, () => ({ ...deps, store: current.store, projectDir: current.projectDir }));
	let warmed = false;
	/** True from a tool result's settings check (checkSoon) to the end of its turn. */
	let checkedAtResult = false;
	/**
	 * At the first prompt, not at start-up (a start pays nothing for it): the first command hook should not wait
	 * for the runner's code, so it loads in the background while pi waits for the model.
	 */
	const warmRunner = (current: SessionState): void => {
		if (warmed) return;
		warmed = true;
		if (current.store.latest().entries.some((entry) => entry.handler.type === "command")) deps.runner.warm?.();
	};
	return {
		async shutdown(event, ctx) {
			const live = active(ctx);
			if (live === undefined) return;
			// A state file a writer changed since the last check (one the agent left running) is put back before exit.
			verifier(live.current).checkState(ctx);
			verifier(live.current).close();
			live.current.idle.cancel();
			live.current.stopWatchingKeys?.();
			live.current.permissionWait.cancel();
			// No FileChanged or ConfigChange hook starts once the session ends.
			live.current.watches.close();
			// Hooks were given the session file as transcript_path: make sure it exists (SessionEnd hooks read it too).
			if (live.current.hooksRan) ensureTranscript(ctx);
			await runSessionEnd(live.hc, event.reason);
			// Background hooks end with the session (Claude Code kills them at teardown in -p).
			live.current.background.abort();
			await Promise.allSettled([...live.current.inFlight]);
			deps.reap();
		},
		async input(event, ctx) {
			const live = active(ctx);
			if (live === undefined) return { action: "continue" };
			live.current.idle.cancel();
			// What changed while pi waited for the user is not the agent's: the new baseline (told as before); a
			// changed state file is put back, whatever wrote it.
			verifier(live.current).acceptOutside(ctx);
			// SessionStart context belongs before the first prompt: wait for SessionStart hooks still running. An
			// answer that arrived together with this prompt (one RPC read) is settled first, by one turn of the loop.
			if (live.current.answering) await new Promise((resolve) => setImmediate(resolve));
			await live.current.sessionStartDone.catch(() => undefined);
			// A skill typed as /skill:name is in use from now on: its frontmatter hooks count (as in Claude Code).
			live.current.skills.useFromPrompt(event.text);
			// A new prompt always sees the latest settings, even an edit made a moment ago (once its ConfigChange
			// hooks said whether it takes effect).
			live.current.store.invalidate();
			live.current.store.current();
			if (await live.current.watches.gate.settled()) live.current.store.invalidate();
			await askAgain(ctx, live.current);
			live.current.promptId = randomUUID();
			live.current.stop.consecutiveBlocks = 0;
			const hc = { ...live.hc, session: core.sessionInfo(ctx) };
			const templates = () =>
				deps.pi
					.getCommands()
					.filter((command) => command.source === "prompt")
					.map((command) => command.name);
			return handleInput(event, hc, live.current.prompts, templates);
		},
		beforeAgentStart(ctx) {
			const live = active(ctx);
			if (live === undefined) return undefined;
			warmRunner(live.current);
			return handleBeforeAgentStart(live.current.prompts);
		},
		toolCall(event, ctx) {
			const live = toolDeps();
			if (live === undefined) return undefined;
			const { current } = live;
			const guard = selfGuardOf(current, () => ({
				...deps,
				store: current.store,
				projectDir: current.projectDir,
				// A change the person allowed in the guard's dialog is theirs: the check after the call keeps it.
				onAllowed: (path: string) => verifier(current).allow(path),
			}));
			// The self-guard first (a call that would change a hook file is asked about), then the hooks.
			return guardedToolCall(guard, event, ctx, () => {
				// The model loads a skill by reading its SKILL.md: from then on the skill is in use. (pi's `ctx.cwd` is
				// read only for a read.)
				if (
					event.toolName === "read" &&
					live.current.skills.useFromRead(event.toolName, event.input, ctx.cwd)
				) {
					live.current.store.invalidate();
					return askAgain(ctx, live.current).then(() => handleToolCall(event, ctx, live.deps));
				}
				// A call no hook matches is answered at once (no promise): pi awaits whichever it gets.
				return handleToolCall(event, ctx, live.deps);
			});
		},
		async userBash(event, ctx) {
			const live = toolDeps();
			if (live === undefined || !userBashHooksOn(deps.processEnv)) return undefined;
			return handleUserBash(event, ctx, live.deps);
		},
		toolResult(event, ctx) {
			const live = toolDeps();
			if (live === undefined) return undefined;
			// Whatever the call changed of a hook file or a state file is the agent's: undone before any hook runs.
			// With a UI it is asked about first (keep or undo), undone meanwhile.
			const asking = verifier(live.current).check(ctx, "tool_result");
			// The tool may have edited a settings file: check them once this event is done, off its path.
			live.current.store.checkSoon();
			checkedAtResult = true;
			if (asking !== undefined) return asking.then(() => handleToolResult(event, ctx, live.deps));
			return handleToolResult(event, ctx, live.deps);
		},
		toolExecutionStart(event) {
			toolDeps()?.current.tools.calls.nested(event.toolCallId, event.parentToolCallId);
		},
		toolExecutionEnd(event) {
			toolDeps()?.current.tools.calls.ended(event.toolCallId);
		},
		async turnEnd(event, ctx) {
			const live = active(ctx);
			if (live === undefined) return undefined;
			const result = await handleTurnEnd(event, live.hc, (text) => {
				live.current.stoppedBy = text;
			});
			// After a tool result's check, with no hook configured nothing ran since that could have changed a file:
			// the turn's end checks again only when hooks ran (PostToolUse, PostToolBatch) or no tool returned.
			if (!checkedAtResult || live.current.store.latest().entries.length > 0) live.current.store.checkSoon();
			checkedAtResult = false;
			const stop = live.current.tools.stopRequested;
			if (stop !== undefined) {
				live.current.tools.stopRequested = undefined;
				// The user was shown the stop text once already: its `continue_false` card (on stderr without a UI).
				live.current.stoppedBy = stop;
				// Claude Code: `continue: false` lets the current tool finish, then no further model request. pi has
				// no clean stop for extensions, so the run is aborted; `settled` then ends it cleanly.
				ctx.abort();
			}
			return result;
		},
		async beforeSettle(event, ctx) {
			const live = active(ctx);
			return live === undefined ? undefined : handleBeforeSettle(event, live.hc, live.current.stop);
		},
		async settled(ctx, aborted) {
			const live = active(ctx);
			if (live === undefined) return;
			// A change made since the last call's result (a background job the agent started) is the agent's too.
			await verifier(live.current).check(ctx, "settled");
			// No call runs once the run settled: nothing holds a hook any longer.
			live.current.tools.calls.clear();
			const stopped = live.current.stoppedBy;
			live.current.stoppedBy = undefined;
			// Claude Code: Interrupt when the user (Esc) or a client stopped the turn; a hook's own stop is none.
			const interrupted = aborted && stopped === undefined ? runInterrupt(live.hc) : undefined;
			// The run ends with the hook's stop, not with pi's "aborted" (Claude Code: `-p` exits 0 with the
			// stopReason shown): the last message of the session says why the agent stopped. It is not drawn: the
			// hook's card already shows that text.
			if (stopped !== undefined)
				deps.pi.sendMessage({ customType: STOPPED_MESSAGE_TYPE, content: stopped, display: false });
			if (ctx.hasUI) {
				live.current.idle.start();
				// Claude Code's idle period is time the user has not typed: any key in pi restarts it.
				live.current.stopWatchingKeys ??= watchKeys(ctx, live.current.idle);
			}
			await interrupted;
		},
		agentStart(ctx) {
			active(ctx)?.current.idle.cancel();
		},
		async beforeCompact(event, ctx) {
			const live = active(ctx);
			return live === undefined ? undefined : handleBeforeCompact(event, live.hc);
		},
		async compact(event, ctx) {
			const live = active(ctx);
			// Claude Code: PostCompact, then SessionStart again with source "compact", then InstructionsLoaded.
			if (live === undefined) return;
			const watchPaths = await handleCompact(event, live.hc, deps.pi, deps.agentDir());
			// SessionStart's watchPaths (source compact) replace FileChanged's dynamic list, as at start-up.
			if (watchPaths !== undefined) live.current.watches.files.replaceDynamic(watchPaths);
		},
		async modelSelect(event, ctx) {
			const live = active(ctx);
			if (live !== undefined) await handleModelSelect(event, live.hc, deps.pi);
		},
		async messageUpdate(event, ctx) {
			// Once per streamed token: the flow reads and builds nothing unless MessageDisplay hooks are configured.
			const live = active(ctx);
			if (live === undefined) return;
			live.current.displayStream = await handleMessageUpdate(
				event,
				live.hc,
				live.current.displayStream,
				deps.displays,
			);
		},
		async messageEnd(event, ctx) {
			const live = active(ctx);
			if (live === undefined) return;
			const stream = live.current.displayStream;
			if ((event.message as { role?: string }).role === "assistant") live.current.displayStream = undefined;
			await handleMessageEnd(event, live.hc, stream, deps.displays);
		},
		uiPromptStart(event, ctx) {
			const live = active(ctx);
			if (live === undefined) return;
			// Claude Code notifies about a permission dialog only once it has waited unanswered for a while (the
			// engine's Notification flow says which dialogs ask for permission).
			live.current.permissionDialog = { kind: event.kind, title: event.title };
			live.current.permissionWait.start();
		},
		uiPromptEnd(ctx) {
			const live = active(ctx);
			if (live === undefined) return;
			live.current.permissionDialog = undefined;
			live.current.permissionWait.cancel();
		},
	};
};
