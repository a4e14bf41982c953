/**
 * What the runtime's parts share: the session state (from `session_start` on), the session facts a hook's stdin
 * starts with, where cards go, the one-event view of the session the event adapters get (`active`), and the
 * notification hooks in flight.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { effortLevel } from "../../engine/events/pi-vocabulary.ts";
import type { SessionInfo } from "../../engine/payload/base.ts";
import type { Card } from "../../engine/plan/card.ts";
import { configNotices } from "../../engine/plan/config-notices.ts";
import type { HookConfig } from "../../engine/types.ts";
import type { HookContext } from "../events/hook-context.ts";
import type { ToolHookDeps } from "../events/tool-hooks.ts";
import { showNotice } from "../io/notices.ts";
import { headlessNotice } from "./headless.ts";
import type { RuntimeDeps } from "./runtime-types.ts";
import type { SessionState } from "./session-state.ts";

/** The session state with the hook context for one event. */
export interface Active {
	readonly current: SessionState;
	readonly hc: HookContext;
}

/** The runtime's shared parts. */
export interface RuntimeCore {
	readonly deps: RuntimeDeps;
	/** Epoch milliseconds: the injected clock. */
	readonly clock: () => number;
	/** The pi context of the latest event; the session object owns it (undefined before its first event). */
	readonly currentCtx: () => ExtensionContext | undefined;
	/** The session state; undefined before `session_start`. */
	state(): SessionState | undefined;
	/** Makes `state` the session's (at `session_start`). */
	begin(state: SessionState): void;
	/** Tells the notices of `config` not told yet this session (a new merge: the store's onChange and start-up). */
	tellConfig(current: SessionState, config: HookConfig): void;
	/** The session facts a hook's stdin starts with, read from pi now. */
	sessionInfo(ctx: ExtensionContext): SessionInfo;
	/** Where every card goes: the card log, and stderr without a UI (headless.ts). */
	onCard(record: Card): void;
	/** The session state with `ctx` as the current context, and the hook context for one event. */
	active(ctx: ExtensionContext): Active | undefined;
	/** The tool hooks' dependencies of the session, made once: a tool event builds nothing before it matches. */
	toolDeps(): { readonly current: SessionState; readonly deps: ToolHookDeps } | undefined;
	/** Keeps `work` (a notification hook) until it settles, so shutdown can wait for it. */
	track(current: SessionState, work: Promise<void>): void;
}

/** Creates the shared parts; the state is set by `begin`. */
export const createRuntimeCore = (deps: RuntimeDeps): RuntimeCore => {
	let state: SessionState | undefined;
	const clock = deps.clock;
	const currentCtx = deps.currentCtx;

	/** The configuration whose notices were last told; the store returns the same object while nothing changed. */
	let toldConfig: HookConfig | undefined;
	const tellConfig = (current: SessionState, config: HookConfig): void => {
		if (config === toldConfig) return; // the start-up call may meet the merge onChange told already
		toldConfig = config;
		// Per merge, never per call: new and changed hooks are told (and recorded) before they first run.
		current.tripwire.review(config, currentCtx());
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
			pid: process.pid,
			// Claude Code: 0 in `claude -p`; pi's RPC mode has no person at a terminal either.
			attended: ctx.hasUI && ctx.mode === "tui",
			...(effort === undefined ? {} : { effort }),
		};
	};

	const onCard = (record: Card): void => {
		const ctx = currentCtx();
		if (state === undefined || ctx === undefined) return;
		// Without a UI nobody sees the transcript: say what a hook did on stderr (print, JSON mode).
		const notice = ctx.hasUI ? undefined : headlessNotice(record);
		if (notice !== undefined) showNotice(ctx, notice);
		deps.observers.onCard(record, ctx);
	};

	const active = (ctx: ExtensionContext): Active | undefined => {
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
				clock,
				mcpNames: state.mcpNames,
			},
		};
	};

	let toolDepsMade: { current: SessionState; deps: ToolHookDeps } | undefined;
	const toolDeps = (): { current: SessionState; deps: ToolHookDeps } | undefined => {
		if (state === undefined) return undefined;
		if (toolDepsMade?.current !== state) {
			const made = {
				engine: state.engine,
				state: state.tools,
				sessionOf: sessionInfo,
				onCard,
				clock,
				mcpNames: state.mcpNames,
			};
			toolDepsMade = { current: state, deps: made };
		}
		return toolDepsMade;
	};

	return {
		deps,
		clock,
		currentCtx,
		state: () => state,
		begin(next) {
			state = next;
		},
		tellConfig,
		sessionInfo,
		onCard,
		active,
		toolDeps,
		track(current, work) {
			current.inFlight.add(work);
			void work.finally(() => current.inFlight.delete(work));
		},
	};
};
