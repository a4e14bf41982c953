/**
 * `session_start`: the session's configuration store, approvals, skills, engine and timers are made, the user
 * is asked about unapproved project hooks (not awaited), SessionStart hooks run with a fresh CLAUDE_ENV_FILE, and
 * InstructionsLoaded follows them.
 */
import { join } from "node:path";
import type { ExtensionContext, SessionStartEvent } from "@earendil-works/pi-coding-agent";
import { parentHookSettings } from "../../engine/config/parent-settings.ts";
import { claudeUserDir, managedSettingsDir, settingsSources } from "../../engine/config/sources.ts";
import { createConfigStore } from "../../engine/config/store.ts";
import { stopBlockCap } from "../../engine/decide/stop.ts";
import { afterSessionStart, type LifecycleStep } from "../../engine/events/lifecycle.ts";
import { seenHooksFile } from "../../host/stores/seen-hooks.ts";
import { approvalsFile, createApprovals } from "../../host/trust/approvals.ts";
import { createHookPrinter } from "../../host/trust/hook-print.ts";
import { reachCacheFile } from "../../host/trust/reach-cache.ts";
import { strictHooksOn } from "../../host/trust/strict-hooks.ts";
import { runInstructionsLoaded } from "../events/instructions-hooks.ts";
import { runSessionStart } from "../events/session-hooks.ts";
import { createSkillHooks } from "../events/skill-hooks.ts";
import { createToolHookState } from "../events/tool-hooks.ts";
import { showNotice } from "../io/notices.ts";
import { createMcpNames } from "../runners/mcp-names.ts";
import { askForApprovals, liveConfig } from "../trust/approval-prompt.ts";
import { createTripwireNotices } from "../trust/tripwire-notices.ts";
import { type CallVerifier, verifierOf } from "../trust/verify-after-call.ts";
import { createEnvFile } from "./env-file.ts";
import type { RuntimeCore } from "./runtime-core.ts";
import { createSessionEngine, withServerSettings } from "./session-engine.ts";
import type { SessionState } from "./session-state.ts";
import { createNotificationTimers } from "./timers.ts";
import { applyEnvFile, createSessionWatches } from "./watches.ts";

const hasHistory = (ctx: ExtensionContext): boolean =>
	ctx.sessionManager.getBranch().some((entry) => entry.type === "message");

/** The SessionStart step of a start (its `source`, and whether it is pi's launch). */
type SessionStartStep = Extract<LifecycleStep, { readonly event: "SessionStart" }>;

/**
 * Runs the SessionStart hooks of `step` (all, or those in `only`) with a fresh CLAUDE_ENV_FILE; resolves with the
 * ids that ran.
 */
const runStartHooks = async (
	core: RuntimeCore,
	ctx: ExtensionContext,
	step: SessionStartStep,
	only: ReadonlySet<string> | undefined,
): Promise<ReadonlySet<string>> => {
	const live = core.active(ctx);
	if (live === undefined) return new Set();
	let envFile: string | undefined;
	const makeEnvFile = (): string | undefined => {
		envFile = createEnvFile(join(core.deps.agentDir(), "pi-hook-manager"), live.hc.session.sessionId);
		return envFile;
	};
	const { ran, watchPaths } = await runSessionStart(
		live.hc,
		core.deps.pi,
		step.source,
		makeEnvFile,
		only,
		step.atLaunch,
	);
	await applyEnvFile(core, ctx, envFile, "SessionStart", ran);
	if (watchPaths !== undefined) live.current.watches.files.replaceDynamic(watchPaths);
	return ran;
};

/** Starts the session in `ctx`; resolves once its SessionStart and InstructionsLoaded hooks are done. */
export const startSession = async (core: RuntimeCore, event: SessionStartEvent, ctx: ExtensionContext) => {
	const { deps, clock } = core;
	const projectDir = ctx.cwd;
	const claudeDir = claudeUserDir(deps.home(), deps.env);
	// pi's agent dir may sit inside the project (PI_CODING_AGENT_DIR=.pi/agent): what this extension writes there
	// (approvals, journal, state) is never part of an approval.
	// An approval merges the configuration again at once (store.current), so the footer's counts follow it.
	const approvals = createApprovals(
		approvalsFile(deps.agentDir()),
		projectDir,
		() => new Date(clock()),
		[deps.agentDir()],
		() => store.current(),
	);
	if (approvals.loadProblem !== undefined) showNotice(ctx, { level: "warning", text: approvals.loadProblem });
	const skills = createSkillHooks(deps.pi, projectDir);
	// A session started again without an end (never in pi) must not keep the watches of the one before.
	core.state()?.watches.close();
	const watches = createSessionWatches(core, projectDir);
	const printer = createHookPrinter(projectDir, deps.home(), [deps.agentDir()], reachCacheFile(deps.agentDir()));
	const tripwire = createTripwireNotices({
		file: seenHooksFile(deps.agentDir()),
		printer,
		home: deps.home(),
		strict: strictHooksOn(deps.agentDir()),
		// Read only once the dialog is answered, when the store exists.
		// Read from the files now, not the store's last check of a moment ago: what the dialog's Yes is checked on.
		live: () => {
			store.invalidate();
			return store.current();
		},
	});
	let verifier: CallVerifier | undefined;
	const store = createConfigStore({
		sources: settingsSources({ home: deps.home(), claudeDir, agentDir: deps.agentDir(), projectDir }),
		managedDir: deps.managedDir?.() ?? deps.env.PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR ?? managedSettingsDir(),
		plugins: { home: deps.home(), claudeDir, projectDir },
		skills: skills.active,
		isTrusted: () => ctx.isProjectTrusted(),
		isApproved: approvals.admitted,
		isSettingApproved: approvals.isSettingApproved,
		...(tripwire.strict ? { isSeen: tripwire.isSeen, seenPass: tripwire.pass } : {}),
		// Strict mode: recording hooks as seen lets them run. Both only count up, so the sum changes with either.
		approvalsVersion: tripwire.strict ? () => approvals.version() + tripwire.version() : approvals.version,
		// Strict mode also watches the files user, plugin and skill hooks cover: a changed one is held at once.
		extraStamp: tripwire.strict
			? () => `${approvals.scriptsStamp()}\u0002${printer.stamp()}`
			: approvals.scriptsStamp,
		// The check after a tool call putting a file back is no edit to ask ConfigChange hooks about: it takes effect.
		gate: (candidate, config) =>
			verifier?.restored(candidate.source.file, candidate.stamp)
				? "accept"
				: watches.gate.gate(candidate, config),
		onChange: (config) => {
			watches.configured(config, store);
			deps.observers.onConfigChange?.(config);
			// The one step that tells a new merge (before any of its hooks runs): the tripwire's review and the
			// configuration's notices. A merge before this session's state begins is told just after it begins.
			const state = core.state();
			if (state?.store === store) core.tellConfig(state, config);
		},
	});
	const background = new AbortController();
	const engine = createSessionEngine(core, store, background, approvals, () => {
		const ctx = core.currentCtx();
		const state = core.state();
		if (ctx === undefined || state === undefined) return;
		// The dialog in the TUI (or the notice without a UI) at once; the guarded event has gone on as onFailure says.
		core.track(
			state,
			askForApprovals(ctx, store.current(), approvals, state.asked, deps.approveOptIn, liveConfig(store)).then(
				() => {},
			),
		);
	});
	const { idle, permissionWait } = createNotificationTimers(core, store);
	let startedWith: (ran: ReadonlySet<string>) => void = () => {};
	const started = new Promise<ReadonlySet<string>>((resolve) => {
		startedWith = resolve;
	});
	const current: SessionState = {
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
		permissionDialog: undefined,
		inFlight: new Set(),
		approvals,
		tripwire,
		asked: new Set(),
		mcpNames: createMcpNames(deps.pi, deps.mcpTools?.facts),
		hooksRan: false,
		stoppedBy: undefined,
		displayStream: undefined,
		sessionStartDone: started,
		answering: true,
		skills,
		promptId: undefined,
		watches,
	};
	core.begin(current);
	core.tellConfig(current, store.current());
	// Every file that decides what runs is stamped now: a tool call's change to one is found after it returns.
	verifier = verifierOf(current, () => ({
		...deps,
		store,
		projectDir,
		// The scripts the tripwire covers for user and plugin hooks (an approval covers the project's).
		tripwireFiles: (config) =>
			config.entries.filter((entry) => !entry.source.project).flatMap((entry) => printer.paths(entry)),
	}));
	const above = parentHookSettings(projectDir, deps.home());
	if (above.length > 0)
		showNotice(ctx, {
			level: "warning",
			text:
				`hooks in ${above.join(", ")} are not read: pi started in ${projectDir}, and as in Claude Code only ` +
				"the .claude settings of the folder pi starts in count; start pi in that folder to use them",
		});
	// The Claude Code events of this start, in order (lifecycle.ts): SessionStart, then InstructionsLoaded.
	const steps = afterSessionStart(event.reason, hasHistory(ctx));
	const start = steps.find((step): step is SessionStartStep => step.event === "SessionStart");
	// Not awaited: pi (RPC mode at least) answers dialogs only after session_start returns. Until the
	// user answers, unapproved project hooks stay off; SessionStart hooks approved late run then.
	const approving = askForApprovals(
		ctx,
		withServerSettings(core, store.current(), approvals.isSettingApproved),
		approvals,
		current.asked,
		deps.approveOptIn,
		liveConfig(store),
	);
	core.track(
		current,
		approving.then((approved) => {
			current.answering = false;
			// Set synchronously when the user answers: a prompt typed right after Yes waits for these hooks,
			// so their context reaches that first request (and their card comes before its reply).
			const late = (async () => {
				const ran = await started;
				const waiting = approved.filter((entry) => entry.event === "SessionStart" && !ran.has(entry.id));
				if (waiting.length > 0 && start !== undefined)
					await runStartHooks(core, ctx, start, new Set(waiting.map((entry) => entry.id)));
			})();
			current.sessionStartDone = late;
			return late;
		}),
	);
	let ran: ReadonlySet<string> = new Set();
	try {
		for (const step of steps) {
			if (step.event === "SessionStart") {
				try {
					ran = await runStartHooks(core, ctx, step, undefined);
				} finally {
					startedWith(ran);
				}
			} else if (step.event === "InstructionsLoaded") {
				const loaded = core.active(ctx);
				if (loaded !== undefined) await runInstructionsLoaded(loaded.hc, deps.agentDir(), step.loadReason);
			}
		}
	} finally {
		// Always settles (also without a SessionStart, or when it failed), so neither a prompt nor the approved
		// hooks wait forever on a failed start.
		startedWith(ran);
	}
};
