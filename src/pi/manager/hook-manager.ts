/**
 * The /hooks panel and the kill switch wired to pi: the firing log fed by the engine, the persisted per-hook
 * switches and the in-memory kill switch the engine asks, the footer kept in step, and the overlay opened
 * with `ctx.ui.custom`. index.ts only registers what this returns.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { KeybindingsManager, KeyId, TUI } from "@earendil-works/pi-tui";
import { parseSettingsText } from "../../engine/config/parse.ts";
import { installedPluginRoots } from "../../engine/config/plugins.ts";
import { claudeUserDir, isPolicySource, settingsSources } from "../../engine/config/sources.ts";
import type { FiringRecord, TestRunRequest } from "../../engine/engine.ts";
import { firingExcerpt, UnmatchedRow } from "../../engine/firing-excerpt.ts";
import { journalLine } from "../../engine/journal-record.ts";
import type { SessionInfo } from "../../engine/payload.ts";
import type { HookConfig, HookEntry, HookSource } from "../../engine/types.ts";
import { fieldsNotShown } from "../../ui/panel/editor-values.ts";
import { createFiringLog, type DEFAULT_LOG_BYTES, type FiringLog, recordBytes } from "../../ui/panel/firing-log.ts";
import type { PanelServices } from "../../ui/panel/hooks-panel.ts";
import { KILL_SWITCH_KEY, killSwitchKey, panelKeys } from "../../ui/panel/keys.ts";
import { fromPiTheme } from "../../ui/theme.ts";
import { afterEvent } from "../session/after-event.ts";
import { showNotice } from "../session/notices.ts";
import type { TestRunOutcome } from "../session/runtime-types.ts";
import { createHookState, type HookState, hookStateFile } from "../stores/hook-state.ts";
import { createJournal, type Journal, journalCap, journalFile } from "../stores/journal.ts";
import { STATE_FILE_MODE } from "../stores/json-store.ts";
import type { ContextCards, ViewSettings } from "../stores/view-settings.ts";
import { createKillSwitch, type KillSwitch } from "./kill-switch.ts";
import { createLintNotices, withLints } from "./lint-notices.ts";
import { copyReadOnlyReason, PI_GLOBAL_COPY_ENV, writableSources } from "./settings-copy.ts";

/** The footer calls the manager makes (the card log owns the footer text). */
export interface FooterControls {
	setKillSwitch(on: boolean, ctx?: ExtensionContext): void;
	setDisabledCount(count: number, ctx?: ExtensionContext): void;
	/** Redraws the footer (after a view choice changed what it counts). */
	refresh?(ctx?: ExtensionContext): void;
}

/** What the manager reads and changes of the running session. */
export interface LiveSession {
	config(): HookConfig | undefined;
	approve(entries: readonly HookEntry[]): string | undefined;
	session?(): SessionInfo | undefined;
	testRun?(request: Omit<TestRunRequest, "session">): Promise<TestRunOutcome> | undefined;
	/** What the user sees before approving `entry` (every field, the scripts it runs). */
	approvalLines?(entry: HookEntry): string[];
	/** Asks about `entries` in the approval dialog (every field shown); resolves with the approved ones. */
	askApproval?(entries: readonly HookEntry[], ctx: ExtensionContext): Promise<readonly HookEntry[]>;
}

/** What the manager needs. */
export interface HookManagerDeps {
	readonly agentDir: () => string;
	readonly home: () => string;
	/** The session's live configuration and approvals (the session object; see session.ts). */
	readonly live: LiveSession;
	/** The session's pi context of the latest event (the session object owns it; see session.ts). */
	readonly currentCtx: () => ExtensionContext | undefined;
	readonly footer?: FooterControls;
	/** Bytes of firing records kept for the log; default {@link DEFAULT_LOG_BYTES}. */
	readonly logLimit?: number;
	/** The environment (the journal's cap); default `process.env`. */
	readonly env?: Readonly<Record<string, string | undefined>>;
	/** Epoch milliseconds now; default `Date.now`. */
	readonly now?: () => number;
	/** How routine context shows (the panel's choice); without it the panel offers no choice. */
	readonly view?: ViewSettings;
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
	/** The firing log (kept while the panel is closed). */
	readonly log: FiringLog;
}

/** Longest stdin kept in full for a replay, in characters (the log's own copy is an excerpt). */
export const RAW_INPUT_CHARS = 64 * 1024;

/** The stdin of a call no hook matched, for a replay: the text a hook would have got, unless too large to keep. */
const replayInput = (row: UnmatchedRow): string | undefined => {
	const text = row.unmasked();
	return text.length <= RAW_INPUT_CHARS ? text : undefined;
};

/**
 * Reads a record's full stdin for a replay, up to {@link RAW_INPUT_CHARS}. Through the engine's own getter when
 * the record has one (it builds a no-match call's stdin on first read, and holds no hook outputs); else the text.
 */
const rawInputReader = (record: FiringRecord): (() => string | undefined) | undefined => {
	const getter = Object.getOwnPropertyDescriptor(record, "stdin")?.get as (() => string) | undefined;
	const hint = record.sizeHint?.stdinChars;
	if (getter !== undefined && hint !== undefined && hint <= RAW_INPUT_CHARS) {
		return () => {
			const text = getter();
			return text.length <= RAW_INPUT_CHARS ? text : undefined;
		};
	}
	const text = record.stdin;
	return text.length <= RAW_INPUT_CHARS ? () => text : undefined;
};

/** The kill switch key, for `pi.registerShortcut`. */
export { KILL_SWITCH_KEY };

/** Creates the manager; the state file is read on first use. */
export const createHookManager = (deps: HookManagerDeps): HookManager => {
	const log = createFiringLog(deps.logLimit);
	const lintNotices = createLintNotices();
	/**
	 * Full stdin of logged records, for exact replays, read when a replay asks (a call no hook matched builds its
	 * stdin only then); dropped with the record when the log lets it go.
	 */
	const rawInputs = new WeakMap<FiringRecord, () => string | undefined>();
	const now = deps.now ?? Date.now;
	/** Records from this time on are in the live log; the journal's older ones are "earlier". */
	const startedAt = now();
	let journal: Journal | undefined;
	const openJournal = (ctx: ExtensionContext): Journal => {
		journal ??= createJournal(journalFile(deps.agentDir(), ctx.cwd), journalCap(deps.env ?? process.env));
		return journal;
	};
	const sessionOf = (ctx: ExtensionContext | undefined): string => {
		try {
			return ctx?.sessionManager.getSessionId() ?? "";
		} catch {
			return "";
		}
	};
	let state: HookState | undefined;
	let sources: readonly HookSource[] = [];
	const latest = deps.currentCtx;
	let openHost: { requestRender(): void } | undefined;
	/** Claude Code's user folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
	const claudeDir = (): string => claudeUserDir(deps.home(), deps.env ?? process.env);
	/** The user's real pi settings file when pi's is a throw-away copy of it (`npm run try`). */
	const piGlobalCopyOf = (): string | undefined => (deps.env ?? process.env)[PI_GLOBAL_COPY_ENV];
	const hookState = (): HookState => {
		if (state === undefined) {
			state = createHookState(hookStateFile(deps.agentDir()), () => new Date(now()));
			const ctx = latest();
			if (state.loadProblem !== undefined && ctx?.hasUI)
				showNotice(ctx, { level: "warning", text: state.loadProblem });
		}
		return state;
	};
	const updateFooter = (ctx: ExtensionContext | undefined = latest()): void => {
		const config = deps.live.config();
		if (config !== undefined) deps.footer?.setDisabledCount(hookState().disabledCount(config), ctx);
	};
	/** Fire to stop running hooks when the user switches them off: all (kill switch) or one (its switch). */
	let offAll = new AbortController();
	const offOne = new Map<string, AbortController>();
	const killKey = killSwitchKey(deps.env ?? process.env);
	const killKeyName = killKey === "none" ? "/hooks on" : `${killKey} (or /hooks on)`;
	const killSwitch: KillSwitch = createKillSwitch((off) => {
		deps.footer?.setKillSwitch(off, latest());
		openHost?.requestRender();
		if (off) {
			// Hooks running now stop as Esc stops them (managed hooks keep running: the kill switch spares them).
			offAll.abort();
			offAll = new AbortController();
		}
	});
	const stopRuns = (entry: HookEntry): void => {
		offOne.get(entry.id)?.abort();
		offOne.delete(entry.id);
	};
	/** The signal {@link switchSignal} last made per hook (both of its parts still unfired), kept for the next run. */
	const switchSignals = new Map<string, { all: AbortSignal; own: AbortSignal; either: AbortSignal }>();
	const switchSignal = (entry: HookEntry): AbortSignal => {
		let own = offOne.get(entry.id);
		if (own === undefined) {
			own = new AbortController();
			offOne.set(entry.id, own);
		}
		if (isPolicySource(entry.source)) return own.signal;
		const made = switchSignals.get(entry.id);
		if (made !== undefined && made.all === offAll.signal && made.own === own.signal) return made.either;
		const either = AbortSignal.any([offAll.signal, own.signal]);
		switchSignals.set(entry.id, { all: offAll.signal, own: own.signal, either });
		return either;
	};
	const setAllOff = (ctx: ExtensionContext, off: boolean): void => {
		if (killSwitch.isOff() !== off) killSwitch.toggle();
		const managed = deps.live.config()?.entries.filter((entry) => isPolicySource(entry.source)).length ?? 0;
		const spared =
			managed > 0 ? ` ${managed} managed hook(s) still run: only managed policy can switch them off.` : "";
		const text = killSwitch.isOff()
			? `ALL HOOKS ARE OFF for this pi session (not saved; a restart turns them on). ${killKeyName} turns ` +
				`them back on.${spared}`
			: "hooks are on again.";
		showNotice(ctx, { level: killSwitch.isOff() ? "warning" : "info", text });
	};

	/**
	 * An edited project hook is approved for change-aware trust: the user just wrote what the editor showed. A
	 * hook with fields the editor does not show (`args`, `async`, ...) is not: it waits for approval like any
	 * changed hook, so the user sees the whole definition first.
	 */
	const approveSaved = (file: string, text: string, id: string | undefined): string | undefined => {
		const source = sources.find((candidate) => candidate.file === file);
		if (id === undefined || source === undefined || !source.project) return undefined;
		const entry = parseSettingsText(text, source).entries.find((candidate) => candidate.id === id);
		if (entry === undefined) return undefined;
		const hidden = fieldsNotShown(entry.definition);
		if (hidden.length > 0)
			return (
				`Not approved: it also has ${hidden.join(", ")}, which the editor does not show; Ctrl+T on ` +
				`it shows its whole definition and approves it.`
			);
		const problem = deps.live.approve([entry]);
		const ctx = latest();
		if (problem !== undefined && ctx !== undefined) showNotice(ctx, { level: "warning", text: problem });
		return undefined;
	};

	const services = async (ctx: ExtensionContext): Promise<PanelServices> => {
		// The panel's services (and the settings editor behind them) load when the panel first opens.
		const { createPanelServices } = await import("./panel-services.ts");
		const base = createPanelServices({
			config: () => deps.live.config(),
			sources: writableSources(sources, piGlobalCopyOf()),
			log,
			state: hookState(),
			killSwitch,
			trusted: () => ctx.isProjectTrusted(),
			onChange: () => updateFooter(ctx),
			session: () => deps.live.session?.(),
			testRun: (request) => deps.live.testRun?.(request),
			rawInput: (record) => (record instanceof UnmatchedRow ? replayInput(record) : rawInputs.get(record)?.()),
			cwd: ctx.cwd,
			home: deps.home(),
		});
		return {
			...base,
			setEnabled(entry, enabled) {
				const problem = base.setEnabled(entry, enabled);
				// Switched off while it runs: it stops now, as Esc stops it.
				if (problem === undefined && !enabled) stopRuns(entry);
				return problem;
			},
			needsApproval: (entry) =>
				deps.live
					.config()
					?.skipped.some((skipped) => skipped.entry.id === entry.id && skipped.reason === "unapproved") ??
				false,
			approvalLines: (entry) => deps.live.approvalLines?.(entry) ?? [],
			readOnlyReason: (entry) => copyReadOnlyReason(entry, piGlobalCopyOf()),
			approve(entry) {
				const problem = deps.live.approve([entry]);
				updateFooter(ctx);
				return problem;
			},
			approveAll() {
				const waiting =
					deps.live
						.config()
						?.skipped.filter((skipped) => skipped.reason === "unapproved")
						.map((skipped) => skipped.entry) ?? [];
				if (waiting.length === 0) return { count: 0 };
				const problem = deps.live.approve(waiting);
				updateFooter(ctx);
				return problem === undefined ? { count: waiting.length } : { error: problem };
			},
			sessionId: () => sessionOf(ctx),
			...(deps.view === undefined
				? {}
				: {
						contextCards: () => deps.view?.contextCards() ?? "quiet",
						setContextCards(value: ContextCards) {
							const problem = deps.view?.setContextCards(value);
							// The footer count of context follows the choice at once.
							deps.footer?.refresh?.(ctx);
							return problem;
						},
					}),
			now,
			history() {
				const live = sessionOf(ctx);
				return openJournal(ctx)
					.read()
					.filter((item) => item.session !== live || item.record.time < startedAt);
			},
			exportRecords(records) {
				const file = join(
					deps.agentDir(),
					"pi-hook-manager",
					"exports",
					`hooks-log-${new Date(now()).toISOString().replace(/[:.]/g, "-")}.jsonl`,
				);
				try {
					mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
					const text = records.map((item) => `${journalLine(item.record, item.session)}\n`).join("");
					writeFileSync(file, text, { mode: STATE_FILE_MODE });
					return { file };
				} catch (error) {
					return { error: `could not write ${file}: ${(error as Error).message}` };
				}
			},
			save(snapshot, change, previous) {
				const result = base.save(snapshot, change, previous);
				if (!result.ok) return result;
				const note = approveSaved(snapshot.file, result.text, result.id);
				return note === undefined ? result : { ...result, note };
			},
		};
	};

	return {
		log,
		isEnabled: (entry) => hookState().isEnabled(entry),
		allOff: () => killSwitch.isOff(),
		onRecord(record, ctx) {
			// A call no hook matched: the engine's record is already the log row (stdin masked when read, its replay
			// input from the record itself).
			if (record instanceof UnmatchedRow) {
				log.add(record, recordBytes(record));
				return;
			}
			// A record where no hook ran (a call no hook matched) has nothing to lint, tell or journal (the journal
			// keeps runs only): it only gets its row in the log, its stdin and trace still built on first read.
			const ran = record.verdicts.length > 0;
			const linted = ran ? withLints(record) : record;
			const excerpt = firingExcerpt(linted);
			// The log keeps a masked excerpt; a replay sends the input as it was, when it is not too large to keep.
			const raw = rawInputReader(record);
			if (raw !== undefined) rawInputs.set(excerpt, raw);
			// Measured on the engine's record: the excerpt masks its stdin only when someone reads it.
			log.add(excerpt, recordBytes(record));
			if (!ran) return;
			for (const notice of lintNotices.take(linted)) showNotice(ctx, notice);
			// Written once the event is done (the file write and its masking are not the tool call's business); its
			// journal and session are the ones of this moment.
			const journaled = openJournal(ctx);
			const session = sessionOf(ctx);
			afterEvent(() => {
				journaled.append(record, session);
				const problem = journaled.problem();
				if (problem !== undefined) showNotice(ctx, { level: "warning", text: problem });
			});
		},
		sessionStart(ctx) {
			sources = settingsSources({
				home: deps.home(),
				claudeDir: claudeDir(),
				agentDir: deps.agentDir(),
				projectDir: ctx.cwd,
			});
			const config = deps.live.config();
			if (config !== undefined)
				hookState().reconcile(
					config,
					sources.map((source) => source.file),
					installedPluginRoots(claudeDir()),
				);
			deps.footer?.setKillSwitch(killSwitch.isOff(), ctx);
			updateFooter(ctx);
		},
		async openPanel(ctx, options) {
			if (!ctx.hasUI) {
				process.stderr.write("[pi-hook-manager] /hooks opens a panel in pi's interactive mode only\n");
				return;
			}
			if (sources.length === 0)
				sources = settingsSources({
					home: deps.home(),
					claudeDir: claudeDir(),
					agentDir: deps.agentDir(),
					projectDir: ctx.cwd,
				});
			// Hooks deleted from their files since the session started lose their switch now.
			const current = deps.live.config();
			if (current !== undefined)
				hookState().reconcile(
					current,
					sources.map((source) => source.file),
					installedPluginRoots(claudeDir()),
				);
			const panelServices = await services(ctx);
			// The panel (and fuse.js, the editor) load on first use, not at start-up.
			const { HooksPanel, PANEL_OVERLAY_OPTIONS } = await import("../../ui/panel/hooks-panel.ts");
			await ctx.ui.custom<undefined>(
				(tui: TUI, theme, keybindings: KeybindingsManager, done) => {
					const host = {
						requestRender: () => tui.requestRender(),
						close: () => done(undefined),
						rows: () => tui.terminal.rows,
						schedule: (callback: () => void, ms: number) => void setTimeout(callback, ms).unref(),
					};
					openHost = host;
					const panel = new HooksPanel(
						fromPiTheme(theme),
						panelKeys(keybindings, killKey),
						panelServices,
						host,
					);
					if (options?.tab === "log") panel.showTab("log");
					return panel;
				},
				{ overlay: true, overlayOptions: PANEL_OVERLAY_OPTIONS },
			);
			openHost = undefined;
		},
		toggleKillSwitch(ctx) {
			setAllOff(ctx, !killSwitch.isOff());
		},
		setAllOff,
		switchSignal,
		killSwitchKey: () => killKey,
		async approveWaiting(ctx) {
			const waiting = deps.live.config()?.skipped.filter((skipped) => skipped.reason === "unapproved") ?? [];
			if (waiting.length === 0) {
				showNotice(ctx, { level: "info", text: "no project hook waits for approval" });
				return;
			}
			// Never blind: the dialog lists every field of every hook, and says what it approved or why not.
			await deps.live.askApproval?.(
				waiting.map((skipped) => skipped.entry),
				ctx,
			);
			updateFooter(ctx);
		},
		status(ctx) {
			const config = deps.live.config();
			const entries = config?.entries ?? [];
			const off = entries.filter((entry) => !hookState().isEnabled(entry)).length;
			const waiting = config?.skipped.filter((skipped) => skipped.reason === "unapproved").length ?? 0;
			const parts = [
				`${entries.length} hook(s) configured`,
				...(off > 0 ? [`${off} switched off`] : []),
				...(waiting > 0 ? [`${waiting} waiting for approval (/hooks approve)`] : []),
				killSwitch.isOff() ? "ALL OFF (kill switch; /hooks on)" : "kill switch not set",
				`${log.added()} event(s) logged this session`,
			];
			showNotice(ctx, { level: "info", text: parts.join("; ") });
		},
	};
};
