/**
 * One pi session's hook runtime: builds the live configuration and the engine at `session_start`, keeps
 * the session facts hooks receive (ids, project root, prompt id), and tells the user about configuration
 * problems once each.
 */
import { randomUUID } from "node:crypto";
import type {
	ExtensionContext,
	InputEvent,
	ToolCallEvent,
	ToolCallEventResult,
	ToolResultEvent,
	ToolResultEventResult,
} from "@earendil-works/pi-coding-agent";
import { settingsSources } from "../engine/config/sources.ts";
import { type ConfigStore, createConfigStore } from "../engine/config/store.ts";
import { createEngine, type FiringRecord, type HookEngine } from "../engine/engine.ts";
import type { SessionInfo } from "../engine/payload.ts";
import type { DecisionRecord } from "../engine/decision-record.ts";
import type { HookConfig, HookEntry, ProcessRunner } from "../engine/types.ts";
import { configNotices, showNotice } from "./notices.ts";
import { createToolHookState, handleToolCall, handleToolResult, type ToolHookState } from "./tool-hooks.ts";

/** What the runtime needs from the outside world. */
export interface RuntimeDeps {
	readonly runner: ProcessRunner;
	/** pi's agent directory (`getAgentDir()`). */
	readonly agentDir: () => string;
	/** The user's home directory. */
	readonly home: () => string;
	/** pi's environment, inherited by hooks. */
	readonly env: Readonly<Record<string, string | undefined>>;
	/** Receives every firing record (for the panel's log). */
	readonly onRecord?: (record: FiringRecord, ctx: ExtensionContext) => void;
	/** Receives one record per decision a hook made (decision cards, footer counter). */
	readonly onDecision?: (record: DecisionRecord, ctx: ExtensionContext) => void;
	/** False for a hook the user switched off in the panel; default: every hook enabled. */
	readonly isEnabled?: (entry: HookEntry) => boolean;
	/** True while the kill switch has every hook off. */
	readonly allOff?: () => boolean;
}

/** The per-session runtime the extension factory wires to pi events. */
export interface HookRuntime {
	start(ctx: ExtensionContext): void;
	input(event: InputEvent, ctx: ExtensionContext): void;
	toolCall(event: ToolCallEvent, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined>;
	toolResult(event: ToolResultEvent, ctx: ExtensionContext): Promise<ToolResultEventResult | undefined>;
	turnEnd(ctx: ExtensionContext): void;
	/** The current configuration, or undefined before `session_start`. */
	config(): HookConfig | undefined;
}

interface SessionState {
	readonly projectDir: string;
	readonly store: ConfigStore;
	readonly engine: HookEngine;
	readonly tools: ToolHookState;
	readonly told: Set<string>;
	promptId: string | undefined;
	ctx: ExtensionContext;
}

/** Creates the runtime; nothing runs until `start`. */
export const createRuntime = (deps: RuntimeDeps): HookRuntime => {
	let state: SessionState | undefined;

	const tellConfig = (current: SessionState, config: HookConfig): void => {
		for (const { key, notice } of configNotices(config)) {
			if (current.told.has(key)) continue;
			current.told.add(key);
			showNotice(current.ctx, notice);
		}
	};

	const sessionInfo = (ctx: ExtensionContext): SessionInfo => ({
		sessionId: ctx.sessionManager.getSessionId(),
		transcriptPath: ctx.sessionManager.getSessionFile() ?? "",
		cwd: ctx.cwd,
		projectDir: state?.projectDir ?? ctx.cwd,
		promptId: state?.promptId,
	});

	const onDecision = (record: DecisionRecord): void => {
		if (state !== undefined) deps.onDecision?.(record, state.ctx);
	};

	const active = (ctx: ExtensionContext): SessionState | undefined => {
		if (state !== undefined) state.ctx = ctx;
		return state;
	};

	return {
		start(ctx) {
			const projectDir = ctx.cwd;
			const store = createConfigStore({
				sources: settingsSources({ home: deps.home(), agentDir: deps.agentDir(), projectDir }),
				isTrusted: () => ctx.isProjectTrusted(),
			});
			const told = new Set<string>();
			const engine = createEngine({
				config: () => {
					const config = store.current();
					if (state !== undefined) tellConfig(state, config);
					return config;
				},
				runner: deps.runner,
				baseEnv: deps.env,
				onRecord: (record) => {
					if (state !== undefined) deps.onRecord?.(record, state.ctx);
				},
				...(deps.isEnabled ? { isEnabled: deps.isEnabled } : {}),
				...(deps.allOff ? { allOff: deps.allOff } : {}),
			});
			state = { projectDir, store, engine, tools: createToolHookState(), told, promptId: undefined, ctx };
			tellConfig(state, store.current());
		},
		input(_event, ctx) {
			const current = active(ctx);
			if (current !== undefined) current.promptId = randomUUID();
		},
		async toolCall(event, ctx) {
			const current = active(ctx);
			if (current === undefined) return undefined;
			return handleToolCall(event, ctx, { engine: current.engine, state: current.tools, session: sessionInfo, onDecision });
		},
		async toolResult(event, ctx) {
			const current = active(ctx);
			if (current === undefined) return undefined;
			return handleToolResult(event, ctx, { engine: current.engine, state: current.tools, session: sessionInfo, onDecision });
		},
		turnEnd(ctx) {
			const current = active(ctx);
			const stop = current?.tools.stopRequested;
			if (current === undefined || stop === undefined) return;
			current.tools.stopRequested = undefined;
			showNotice(ctx, { level: "warning", text: stop });
			// Claude Code: `continue: false` lets the current tool finish, then no further model request.
			ctx.abort();
		},
		config() {
			return state?.store.current();
		},
	};
};
