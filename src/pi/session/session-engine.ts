/**
 * The engine of one session wired to its ports: the live configuration (read without effects), the
 * process, HTTP, prompt, agent and MCP runners, the session signal, the user's switches, the per-run trust check,
 * and the observers that feed the log, the footer and the late verdicts of background hooks.
 */
import type { ConfigStore } from "../../engine/config/store.ts";
import { createEngine, DEFAULT_LIMITS, type HookEngine, UNAVAILABLE_RUNNERS } from "../../engine/engine.ts";
import { runHttpHook } from "../../engine/run/http.ts";
import type { HookConfig } from "../../engine/types.ts";
import { createAgentRunner } from "../../host/models/agent-runner.ts";
import { createPromptRunner } from "../../host/models/prompt-runner.ts";
import type { Approvals } from "../../host/trust/approvals.ts";
import { deliverAsyncVerdict } from "../events/async-hooks.ts";
import { guardProjectServers, type McpConfigPlace, pendingServerSettings } from "../runners/mcp-config.ts";
import type { RuntimeCore } from "./runtime-core.ts";

/** Where pi's MCP configuration of the current session lives; undefined before a session. */
export const mcpPlaceOf = (core: RuntimeCore): McpConfigPlace | undefined => {
	const ctx = core.currentCtx();
	if (ctx === undefined) return undefined;
	return { agentDir: core.deps.agentDir(), cwd: ctx.cwd, projectTrusted: ctx.isProjectTrusted() };
};

/** `config` with the project MCP server definitions its other sources' `mcp_tool` hooks wait for as settings. */
export const withServerSettings = (
	core: RuntimeCore,
	config: HookConfig,
	isApproved: (key: string) => boolean,
): HookConfig => {
	const servers = pendingServerSettings(mcpPlaceOf(core), config, isApproved);
	return servers.length === 0
		? config
		: { ...config, pendingSettings: [...(config.pendingSettings ?? []), ...servers] };
};

/**
 * Creates the session's engine over `store`; background hooks end when `background` aborts. `approvals` checks a
 * project hook's covered files before each run; a hook it stops is asked about again at once (`askAgain`).
 */
export const createSessionEngine = (
	core: RuntimeCore,
	store: ConfigStore,
	background: AbortController,
	approvals: Pick<Approvals, "stillApproved" | "isSettingApproved">,
	askAgain: () => void,
): HookEngine => {
	const { deps, clock, currentCtx } = core;
	return createEngine({
		clock,
		// The hot path reads the last check; the files are checked again between events (checkSoon in routes.ts).
		// Reading it tells nothing: what a new merge brings is told by the store's onChange (start-up.ts).
		config: () => store.latest(),
		runners: {
			process: deps.runner,
			http: runHttpHook,
			prompt: createPromptRunner(currentCtx, clock),
			agent: createAgentRunner(currentCtx, deps.agentDir),
			// A project's .pi/mcp.json server takes effect for another source's hook only once approved (issue #40).
			mcpTool: deps.mcpTools
				? guardProjectServers(deps.mcpTools.run, () => mcpPlaceOf(core), approvals.isSettingApproved)
				: UNAVAILABLE_RUNNERS.mcpTool,
		},
		sessionSignal: () => background.signal,
		baseEnv: deps.env,
		switches: deps.switches,
		trust: {
			stillApproved: approvals.stillApproved,
			onApprovalLost: () => {
				// The merge still holds the hook as approved: check the files again, then ask (not on this event's
				// path).
				store.invalidate();
				askAgain();
			},
			// The other tool calls of the reply end first (calls-in-flight.ts): the check comes after their writes.
			settle: (request) => core.state()?.tools.calls.settle(request.event, request.toolCallId, request.signal),
		},
		limits: DEFAULT_LIMITS,
		tracer: deps.tracer,
		observers: {
			onRecord: (record) => {
				const state = core.state();
				if (state !== undefined && record.verdicts.length > 0) state.hooksRan = true;
				const ctx = currentCtx();
				if (state !== undefined && ctx !== undefined) deps.observers.onRecord(record, ctx);
			},
			onRunStart: (entry) => {
				const ctx = currentCtx();
				if (core.state() !== undefined && ctx !== undefined) deps.observers.onRunStart(entry, ctx);
			},
			onRunEnd: (entry) => {
				const ctx = currentCtx();
				if (core.state() !== undefined && ctx !== undefined) deps.observers.onRunEnd(entry, ctx);
			},
			onAsyncVerdict: (verdict, request) => {
				// A background hook can finish after the session ended (its context is then stale): drop it.
				const ctx = currentCtx();
				const state = core.state();
				if (state === undefined || ctx === undefined || state.background.signal.aborted) return;
				const live = core.active(ctx);
				// It arrives from a child process, not a pi event: what it starts reads the files first.
				store.invalidate();
				if (live !== undefined) deliverAsyncVerdict(live.hc, deps.pi, verdict, request);
			},
		},
	});
};
