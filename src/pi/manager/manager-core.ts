/**
 * What the parts of the hook manager share: the firing log, the per-hook switch file (read on first use), the
 * journal of this project, the settings sources of the session, and the footer's disabled count kept in step.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { installedPluginRoots } from "../../engine/config/plugins.ts";
import { claudeUserDir, settingsSources } from "../../engine/config/sources.ts";
import { countHooks, type HookCounts } from "../../engine/dispatch/run-state.ts";
import type { HookConfig, HookSource } from "../../engine/types.ts";
import { createFiringLog, type FiringLog } from "../../ui/panel/firing-log.ts";
import { showNotice } from "../io/notices.ts";
import { createHookState, type HookState, hookStateFile } from "../stores/hook-state.ts";
import { createJournal, type Journal, journalCap, journalFile } from "../stores/journal.ts";
import type { HookManagerDeps } from "./manager-types.ts";
import { PI_GLOBAL_COPY_ENV } from "./settings-copy.ts";

/** The manager's shared state and the helpers over it. */
export interface ManagerCore {
	readonly deps: HookManagerDeps;
	readonly log: FiringLog;
	/** Epoch milliseconds now (the injected clock). */
	readonly clock: () => number;
	/** Records from this time on (epoch ms) are in the live log; the journal's older ones are "earlier". */
	readonly startedAt: number;
	/** The environment: the journal's cap, the kill switch key, Claude Code's user folder. */
	readonly env: Readonly<Record<string, string | undefined>>;
	/** The per-hook switches, read from their file on first use (a load problem told once, with a UI). */
	hookState(): HookState;
	/** The journal of the project `ctx` is in, opened on first use. */
	openJournal(ctx: ExtensionContext): Journal;
	/** The id of `ctx`'s session; "" without one (or when pi no longer answers). */
	sessionOf(ctx: ExtensionContext | undefined): string;
	/** The settings files of the session (empty until the session started or the panel opened). */
	sources(): readonly HookSource[];
	/** Reads the settings sources of `ctx`'s project (its cwd). */
	readSources(ctx: ExtensionContext): void;
	/** Forgets the switches of hooks no longer configured (deleted from their files, or of uninstalled plugins). */
	reconcile(): void;
	/** The user's real pi settings file when pi's is a throw-away copy of it (`npm run try`). */
	piGlobalCopyOf(): string | undefined;
	/** How many hooks are in each state now (`countHooks`: the switches and the kill switch). */
	hookCounts(): HookCounts;
	/**
	 * Sets the footer's counts of switched-off hooks and hooks waiting for approval; `config`: a new merged
	 * configuration (the store's change callback), kept for the calls after it, which then check no file.
	 */
	updateFooter(ctx?: ExtensionContext, config?: HookConfig): void;
}

/** Creates the shared core; nothing is read until asked. `allOff` says whether the kill switch is on. */
export const createManagerCore = (deps: HookManagerDeps, allOff: () => boolean = () => false): ManagerCore => {
	const log = createFiringLog(deps.logLimit);
	const { clock, env } = deps;
	let journal: Journal | undefined;
	let state: HookState | undefined;
	let sources: readonly HookSource[] = [];
	/** The configuration of the store's last merge (updateFooter), undefined before the first. */
	let footerConfig: HookConfig | undefined;
	/** Claude Code's user folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
	const claudeDir = (): string => claudeUserDir(deps.home(), env);
	const hookState = (): HookState => {
		if (state === undefined) {
			state = createHookState(hookStateFile(deps.agentDir()), () => new Date(clock()));
			const ctx = deps.currentCtx();
			if (state.loadProblem !== undefined && ctx?.hasUI)
				showNotice(ctx, { level: "warning", text: state.loadProblem });
		}
		return state;
	};
	const readSources = (ctx: ExtensionContext): void => {
		sources = settingsSources({
			home: deps.home(),
			claudeDir: claudeDir(),
			agentDir: deps.agentDir(),
			projectDir: ctx.cwd,
		});
	};
	return {
		deps,
		log,
		clock,
		startedAt: clock(),
		env,
		hookState,
		openJournal(ctx) {
			journal ??= createJournal(journalFile(deps.agentDir(), ctx.cwd), journalCap(env));
			return journal;
		},
		sessionOf(ctx) {
			try {
				return ctx?.sessionManager.getSessionId() ?? "";
			} catch {
				return "";
			}
		},
		sources: () => sources,
		readSources,
		reconcile() {
			const config = deps.live.config();
			if (config !== undefined)
				hookState().reconcile(
					config,
					sources.map((source) => source.file),
					installedPluginRoots(claudeDir()),
				);
		},
		piGlobalCopyOf: () => env[PI_GLOBAL_COPY_ENV],
		hookCounts: () =>
			countHooks(deps.live.config(), { allOff: allOff(), isEnabled: (entry) => hookState().isEnabled(entry) }),
		updateFooter(ctx = deps.currentCtx(), merged) {
			if (merged !== undefined) footerConfig = merged;
			// The last merge's configuration is the store's current one: asking the store would check every file
			// again (once per merge is enough; a merge calls this with its configuration).
			const config = footerConfig ?? deps.live.config();
			if (config !== undefined)
				deps.footer.setHookCounts(
					countHooks(config, { allOff: allOff(), isEnabled: (entry) => hookState().isEnabled(entry) }),
					ctx,
				);
		},
	};
};
