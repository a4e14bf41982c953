/**
 * The /hooks panel: a pi-tui component with two tabs (the hook list and the live firing log), a fuzzy
 * filter, detail views, the editor, delete confirmation and the kill switch banner. It reads and changes
 * hooks only through {@link PanelServices}, so tests drive it with real files and a fake clock.
 */
import { Input, type OverlayOptions } from "@earendil-works/pi-tui";
import {
	type EditFailure,
	type FileSnapshot,
	type HookChange,
	parseHookPath,
	type SaveResult,
} from "../../engine/config/edit.ts";
import { parseSettingsText } from "../../engine/config/parse.ts";
import { isPolicySource, sourceLabel } from "../../engine/config/sources.ts";
import type { FiringRecord } from "../../engine/engine.ts";
import type { SessionInfo } from "../../engine/payload.ts";
import type { HookConfig, HookEntry, HookSource } from "../../engine/types.ts";
import { wouldNotRun, wouldNotRunText } from "../../engine/would-run.ts";
import type { PanelTheme } from "../theme.ts";
import { prettyJson } from "./detail-lines.ts";
import { draftFromValues, entryValues, newHookValues } from "./editor-values.ts";
import { type FiringLog, type HookStats, statsOver } from "./firing-log.ts";
import { fit, formatClock, hardWrap, hookTarget, oneLine, wordWrap } from "./format.ts";
import { FRAME_COLUMNS, frame, helpLines } from "./frame.ts";
import { hookDetailLines } from "./hook-details.ts";
import { HookEditor } from "./hook-editor.ts";
import { filterHookRows, HookList } from "./hook-list.ts";
import { buildRows, fileLabel, type ListRow } from "./hook-rows.ts";
import type { PanelAction, PanelKeys } from "./keys.ts";
import { LogIndex } from "./log-index.ts";
import { LogList, type LogRow } from "./log-list.ts";
import { recordDetailLines } from "./record-details.ts";
import { ScrollWindow } from "./selection.ts";
import { type TestRunner, type TestSetup, TestView } from "./test-view.ts";

/** What the panel reads and changes; the extension wires these to the runtime, the state file and the disk. */
export interface PanelServices {
	/** The live configuration; undefined before the session started. */
	config(): HookConfig | undefined;
	/** The five settings files. */
	readonly sources: readonly HookSource[];
	readonly log: FiringLog;
	isEnabled(entry: HookEntry): boolean;
	/** Switches one hook on or off (persisted); returns an error text when it could not be saved. */
	setEnabled(entry: HookEntry, enabled: boolean): string | undefined;
	/** True while the kill switch has every hook off. */
	allOff(): boolean;
	/** Flips the kill switch. */
	toggleAllOff(): void;
	/** `ctx.isProjectTrusted()`. */
	trusted(): boolean;
	/** Reads a settings file for a later save. */
	snapshot(file: string): FileSnapshot | { readonly error: string };
	/** Saves one change (refused when the file changed on disk); moves a disabled mark to an edited hook's new id. */
	save(snapshot: FileSnapshot, change: HookChange, previous: HookEntry | undefined): SaveResult;
	/** The handler object of an existing hook as written in the snapshot. */
	readHandler(snapshot: FileSnapshot, entry: HookEntry): Readonly<Record<string, unknown>> | undefined;
	/** True for a project hook that waits for the user's approval (change-aware trust). */
	needsApproval?(entry: HookEntry): boolean;
	/** Approves a project hook's current definition; returns an error text when it could not be saved. */
	approve?(entry: HookEntry): string | undefined;
	/** The running session's id (shown on its log rows next to earlier sessions'). */
	sessionId?(): string | undefined;
	/** The journal's records of earlier sessions, oldest first (read when called); undefined without a journal. */
	history?(): readonly SessionRecord[] | undefined;
	/** Writes `records` as JSON lines (the journal's format) to a new file; returns the file or why it failed. */
	exportRecords?(records: readonly SessionRecord[]): { readonly file: string } | { readonly error: string };
	/** How routine context decisions show: `quiet` (no card, not counted in the footer) or `cards`. */
	contextCards?(): "quiet" | "cards";
	/** Saves the choice; returns why it could not be saved. */
	setContextCards?(value: "quiet" | "cards"): string | undefined;
	/** Approves every project hook that waits for approval; returns how many, or why it failed. */
	approveAll?(): { readonly count: number } | { readonly error: string };
	/** Epoch milliseconds now (relative times in the log filter); default `Date.now`. */
	now?(): number;
	/** The session facts hooks get now (the `if` check of a test run's note); undefined before it started. */
	session?(): SessionInfo | undefined;
	/** A sample stdin for a test run of `entry`, in Claude Code's shape for its event. */
	sampleInput?(entry: HookEntry): string;
	/** Runs `entry` now with `stdin` as a dry run (logged as a test); undefined when no session is running. */
	testRun?: TestRunner;
	/** The stdin a logged event sent: exact when it was kept, else the log's excerpt (masked, maybe cut). */
	recordedInput?(record: FiringRecord): { readonly stdin: string; readonly exact: boolean };
	/** What approving `entry` approves: every field of its definition and the scripts it runs (terminal-safe). */
	approvalLines?(entry: HookEntry): string[];
	/**
	 * Why the panel must not write `entry`'s file although it is a settings file (a throw-away copy); else
	 * undefined.
	 */
	readOnlyReason?(entry: HookEntry): string | undefined;
}

/** A firing record with the id of the session it belongs to. */
export interface SessionRecord {
	readonly record: FiringRecord;
	readonly session: string;
}

/** What the panel needs from the TUI around it. */
export interface PanelHost {
	requestRender(): void;
	/** Closes the overlay. */
	close(): void;
	/** Terminal rows, to size the panel. */
	rows(): number;
	/** Runs `callback` after `ms` (re-render once the live configuration picked up a save). */
	schedule(callback: () => void, ms: number): void;
}

/** Milliseconds after a save before the panel re-reads the configuration (the store checks files every 100 ms). */
export const RELOAD_DELAY_MS = 150;

type Screen =
	| { readonly kind: "main" }
	| { readonly kind: "hookDetails"; readonly key: string }
	| { readonly kind: "recordDetails"; readonly row: LogRow }
	| EditorScreen
	| { readonly kind: "confirmDelete"; readonly row: ListRow & { kind: "hook" }; readonly snapshot: FileSnapshot }
	| { readonly kind: "test"; readonly view: TestView; readonly back: Screen }
	| ApproveScreen;

/** Approving a project hook from the panel: its whole definition first; Yes only once all of it was on screen. */
interface ApproveScreen {
	readonly kind: "confirmApprove";
	/** The hooks approved by Yes: one (Ctrl+T) or every waiting one (approve all). */
	readonly entries: readonly HookEntry[];
	readonly lines: readonly string[];
	/** True once the last line has been on screen. */
	seenAll: boolean;
	/** Set when Yes was refused because part of the definition was never shown. */
	refused: boolean;
}

type Message = { readonly text: string; readonly level: "error" | "info" };

/** The editor and what it saves into: the files as read (re-read after a refused save) and the hook edited. */
interface EditorScreen {
	readonly kind: "editor";
	readonly editor: HookEditor;
	readonly snapshots: Map<string, FileSnapshot>;
	readonly entry: HookEntry | undefined;
	/** The edited hook's handler as written when the editor opened (its other fields survive the save). */
	readonly oldHandler: Readonly<Record<string, unknown>> | undefined;
	/** Set when the edited hook vanished from its file: the next save adds the draft as a new hook. */
	addInstead?: boolean;
}

/** The /hooks panel component. */
export class HooksPanel {
	/** Page up/down and the other viewport keys reach the panel in pi's fullscreen mode too. */
	readonly capturesViewportInput = true;
	private readonly theme: PanelTheme;
	private readonly keys: PanelKeys;
	private readonly services: PanelServices;
	private readonly host: PanelHost;
	private readonly filter: Input;
	private readonly hookList: HookList;
	private readonly logList: LogList;
	private readonly detailScroll = new ScrollWindow();
	private tab: "hooks" | "log" = "hooks";
	private screen: Screen = { kind: "main" };
	private message: Message | undefined;
	private rows: ListRow[] = [];
	private readonly logIndex: LogIndex;
	private recordLines: { readonly row: LogRow; readonly width: number; readonly lines: string[] } | undefined;
	/**
	 * The journal, read on first need: its records once shown in the log, and statistics across sessions,
	 * this one included (`fed`: the ordinal of this session's log up to which its records are counted).
	 */
	private journal:
		| { readonly records: readonly SessionRecord[]; readonly stats: Pick<FiringLog, "add" | "stats">; fed: number }
		| undefined;
	private showingHistory = false;
	/** The inner width of the last render, so scrolling measures the lines that are drawn. */
	private lastInner = 80;
	private readonly unsubscribe: () => void;
	private focusedState = false;

	constructor(theme: PanelTheme, keys: PanelKeys, services: PanelServices, host: PanelHost) {
		this.theme = theme;
		this.keys = keys;
		this.services = services;
		this.host = host;
		this.filter = new Input({
			prompt: "",
			placeholder: "type to filter",
			placeholderStyle: (text) => theme.fg("dim", text),
		});
		this.hookList = new HookList(theme);
		this.logList = new LogList(theme);
		this.logIndex = new LogIndex(services.sessionId?.());
		this.unsubscribe = services.log.subscribe(() => host.requestRender());
	}

	/** Focusable: the filter (or the editor's field) shows the terminal cursor while the panel has focus. */
	get focused(): boolean {
		return this.focusedState;
	}

	set focused(value: boolean) {
		this.focusedState = value;
		this.filter.focused = value;
	}

	/** Stops listening to the firing log; called when the overlay closes. */
	dispose(): void {
		this.unsubscribe();
	}

	/** Nothing is cached between renders: every render reads the live configuration and log. */
	invalidate(): void {}

	/** Shows a tab (`/hooks log` opens on the log). */
	showTab(tab: "hooks" | "log"): void {
		this.tab = tab;
	}

	/** Which tab is shown. */
	currentTab(): "hooks" | "log" {
		return this.tab;
	}

	// ---- input -------------------------------------------------------------------------------------------

	/** Handles one key press. */
	handleInput(data: string): void {
		const is = (action: PanelAction): boolean => this.keys.matches(data, action);
		if (is("killSwitch")) {
			this.services.toggleAllOff();
		} else if (this.screen.kind === "test") {
			const { view, back } = this.screen;
			const running = view.isRunning();
			if (view.handleInput(data) === "close") {
				this.screen = back;
				if (running && back.kind === "main")
					this.message = {
						level: "info",
						text: "Test run stopped: the log lists it; nothing in the session changed.",
					};
				else if (running && back.kind === "editor") back.editor.setMessage("Test run stopped.", "info");
			}
		} else if (this.screen.kind === "editor") {
			this.editorInput(data, this.screen);
		} else if (this.screen.kind === "confirmDelete") {
			if (is("confirm")) this.deleteHook(this.screen);
			else if (is("cancel")) this.screen = { kind: "main" };
		} else if (this.screen.kind === "confirmApprove") {
			this.approveInput(data, this.screen);
		} else if (this.screen.kind !== "main") {
			this.detailInput(data);
		} else {
			this.mainInput(data);
		}
		this.host.requestRender();
	}

	private mainInput(data: string): void {
		const is = (action: PanelAction): boolean => this.keys.matches(data, action);
		const list = this.tab === "hooks" ? this.hookList : this.logList;
		if (is("cancel")) {
			if (this.filter.getValue() !== "") this.filter.setValue("");
			else this.close();
		} else if (is("switchView")) {
			this.tab = this.tab === "hooks" ? "log" : "hooks";
			this.message = undefined;
		} else if (is("up") || is("down")) {
			this.refresh();
			list.move(is("up") ? -1 : 1);
		} else if (is("pageUp") || is("pageDown")) {
			this.refresh();
			list.move((is("pageUp") ? -1 : 1) * Math.max(2, this.bodyHeight() - 2));
		} else if (is("history") && this.tab === "log") {
			this.toggleHistory();
		} else if (is("export") && this.tab === "log") {
			this.exportShown();
		} else if (is("approveAll")) {
			this.approveAll();
		} else if (is("contextCards") && this.services.setContextCards !== undefined) {
			const next = this.services.contextCards?.() === "cards" ? "quiet" : "cards";
			const problem = this.services.setContextCards(next);
			this.message =
				problem !== undefined
					? { level: "error", text: problem }
					: {
							level: "info",
							text:
								next === "quiet"
									? "Context cards: quiet. A hook that only adds context gets no card and no " +
										"footer count; the log lists every run. Blocks, asks, rewrites and " +
										"failures stay loud."
									: "Context cards: shown. Every hook that adds context gets a card and a " +
										"footer count.",
						};
		} else if (is("confirm")) {
			this.openDetails();
		} else if (is("toggle")) {
			this.toggle(this.selectedEntry());
		} else if (is("add")) {
			this.openEditor(undefined);
		} else if (is("edit")) {
			this.openEditor(this.selectedEntry());
		} else if (is("delete")) {
			this.confirmDelete(this.selectedEntry());
		} else if (is("test")) {
			this.refresh();
			if (this.tab === "hooks") this.openTest(this.selectedEntry());
			else this.openReplay(this.logList.selected());
		} else {
			this.filter.handleInput(data);
		}
	}

	private detailInput(data: string): void {
		const is = (action: PanelAction): boolean => this.keys.matches(data, action);
		const entry = this.screen.kind === "hookDetails" ? this.selectedEntry() : undefined;
		if (is("cancel") || is("confirm")) this.screen = { kind: "main" };
		else if (is("up") || is("down"))
			this.detailScroll.scrollBy(is("up") ? -1 : 1, this.detailLines().length, this.bodyHeight());
		else if (is("pageUp") || is("pageDown"))
			this.detailScroll.scrollBy(
				(is("pageUp") ? -1 : 1) * this.bodyHeight(),
				this.detailLines().length,
				this.bodyHeight(),
			);
		else if (is("top") || is("bottom"))
			this.detailScroll.scrollBy(
				(is("top") ? -1 : 1) * Number.MAX_SAFE_INTEGER,
				this.detailLines().length,
				this.bodyHeight(),
			);
		else if (is("switchView")) {
			this.screen = { kind: "main" };
			this.tab = this.tab === "hooks" ? "log" : "hooks";
		} else if (is("test")) {
			if (this.screen.kind === "recordDetails") this.openReplay(this.screen.row);
			else this.openTest(entry);
		} else if (is("toggle")) this.toggle(entry ?? this.selectedEntry());
		else if (is("edit") && entry !== undefined) this.openEditor(entry);
		else if (is("delete") && entry !== undefined) this.confirmDelete(entry);
	}

	private approveInput(data: string, screen: ApproveScreen): void {
		const is = (action: PanelAction): boolean => this.keys.matches(data, action);
		const total = this.approveLines(screen, 80).length;
		if (is("cancel")) this.screen = { kind: "main" };
		else if (is("up") || is("down")) this.detailScroll.scrollBy(is("up") ? -1 : 1, total, this.bodyHeight());
		else if (is("pageUp") || is("pageDown"))
			this.detailScroll.scrollBy((is("pageUp") ? -1 : 1) * this.bodyHeight(), total, this.bodyHeight());
		else if (is("top") || is("bottom"))
			this.detailScroll.scrollBy((is("top") ? -1 : 1) * Number.MAX_SAFE_INTEGER, total, this.bodyHeight());
		else if (is("confirm") || is("toggle")) {
			if (!screen.seenAll) {
				screen.refused = true;
				return;
			}
			// Exactly the hooks that were shown, even if more started waiting meanwhile.
			const problem = screen.entries.map((entry) => this.services.approve?.(entry)).find((p) => p !== undefined);
			const [only] = screen.entries;
			this.screen = { kind: "main" };
			this.message =
				problem !== undefined
					? { level: "error", text: problem }
					: screen.entries.length === 1 && only !== undefined
						? { level: "info", text: `Approved: ${only.event} ${oneLine(hookTarget(only))}` }
						: {
								level: "info",
								text:
									`Approved ${screen.entries.length} project hook(s); they run from the ` +
									`next event on.`,
							};
		}
	}

	/** The lines of the approval screen: the question, then the hook's whole definition, wrapped. */
	private approveLines(screen: ApproveScreen, width: number): string[] {
		const t = this.theme;
		const [only] = screen.entries;
		const single = screen.entries.length === 1 && only !== undefined;
		const question = single
			? "Approve this project hook? It runs exactly this:"
			: `Approve these ${screen.entries.length} project hooks? They run exactly this:`;
		return [
			t.bold(t.fg("warning", fit(question, width))),
			...screen.lines.flatMap((line) => hardWrap(line, width).map((part) => fit(part, width))),
			...(single ? [t.fg("muted", fit(`from ${only.source.file} at ${only.jsonPath}`, width))] : []),
		];
	}

	private editorInput(data: string, screen: EditorScreen): void {
		const request = screen.editor.handleInput(data);
		if (request === "cancel") this.screen = { kind: "main" };
		else if (request === "save") this.saveEditor(screen);
		else if (request === "test") this.testDraft(screen);
	}

	// ---- actions -----------------------------------------------------------------------------------------

	private close(): void {
		this.dispose();
		this.host.close();
	}

	/** The hook of the selected row (list) or of the selected run (log); undefined for issues and empty rows. */
	private selectedEntry(): HookEntry | undefined {
		this.refresh();
		if (this.screen.kind === "hookDetails") {
			const key = this.screen.key;
			const row = this.rows.find((candidate) => candidate.key === key);
			return row?.kind === "hook" ? row.entry : undefined;
		}
		if (this.tab === "hooks") {
			const row = this.hookList.selected();
			return row?.kind === "hook" ? row.entry : undefined;
		}
		return this.logList.selected()?.verdict?.entry;
	}

	private openDetails(): void {
		this.refresh();
		this.detailScroll.reset();
		if (this.tab === "hooks") {
			const row = this.hookList.selected();
			if (row !== undefined) this.screen = { kind: "hookDetails", key: row.key };
		} else {
			const row = this.logList.selected();
			if (row !== undefined) this.screen = { kind: "recordDetails", row };
		}
	}

	private toggle(entry: HookEntry | undefined): void {
		if (entry === undefined) {
			this.message = { level: "error", text: "Select a hook to switch it on or off." };
			return;
		}
		if (isPolicySource(entry.source)) {
			this.message = {
				level: "error",
				text:
					`${sourceLabel(entry.source)} hook: managed policy keeps it on; only managed policy can ` +
					`switch it off.`,
			};
			return;
		}
		// Switching on a new or changed project hook means approving its current definition: show all of it first.
		if (this.services.needsApproval?.(entry) && this.services.approve !== undefined) {
			const lines = this.services.approvalLines?.(entry) ?? [`${entry.event} ${hookTarget(entry)}`];
			this.detailScroll.reset();
			this.screen = { kind: "confirmApprove", entries: [entry], lines, seenAll: false, refused: false };
			return;
		}
		const enabled = !this.services.isEnabled(entry);
		const problem = this.services.setEnabled(entry, enabled);
		const what = `${entry.event} ${oneLine(hookTarget(entry))}`;
		this.message =
			problem !== undefined
				? { level: "error", text: problem }
				: { level: "info", text: `${enabled ? "Enabled" : "Disabled"}: ${what}` };
	}

	/** The message for a hook whose file the panel does not write (plugins, managed policy, skills, agents). */
	private readOnly(entry: HookEntry | undefined): string | undefined {
		const reason = entry === undefined ? undefined : this.services.readOnlyReason?.(entry);
		if (reason !== undefined) return reason;
		if (entry === undefined || this.services.sources.some((source) => source.file === entry.source.file))
			return undefined;
		return `${sourceLabel(entry.source)} hooks are read-only here; change them in ${entry.source.file}.`;
	}

	/** The journal, read once per panel; undefined when there is none. */
	private readJournal(): { readonly records: readonly SessionRecord[] } | undefined {
		if (this.journal === undefined) {
			const records = this.services.history?.();
			if (records === undefined) return undefined;
			this.journal = { records, stats: statsOver(records.map((item) => item.record)), fed: 0 };
		}
		return this.journal;
	}

	/**
	 * A hook's statistics over the whole journal: earlier sessions and this one's runs so far (the journal file
	 * holds them too). Undefined without a journal. This session's new records are counted once, as they come.
	 */
	private historyStats(id: string): HookStats | undefined {
		if (this.readJournal() === undefined || this.journal === undefined) return undefined;
		const log = this.services.log;
		for (const record of log.since(this.journal.fed)) this.journal.stats.add(record, 0);
		this.journal.fed = log.added();
		return this.journal.stats.stats(id);
	}

	/** Shows or hides the records of earlier sessions in the log. */
	private toggleHistory(): void {
		const journal = this.readJournal();
		if (journal === undefined) {
			this.message = { level: "error", text: "There is no journal (it is off, or nothing was recorded yet)." };
			return;
		}
		this.showingHistory = !this.showingHistory;
		this.logIndex.setHistory(this.showingHistory ? journal.records : [], this.services.log);
		const sessions = new Set(journal.records.map((item) => item.session)).size;
		this.message = this.showingHistory
			? {
					level: "info",
					text:
						`Showing ${journal.records.length} earlier records of ${sessions} session(s) from the ` +
						`journal; filter with session:<id>, since:, until:.`,
				}
			: { level: "info", text: "Showing this session only." };
	}

	/** Writes the rows the log shows (after the filter) as JSON lines. */
	private exportShown(): void {
		if (this.services.exportRecords === undefined) return;
		this.refresh();
		const live = this.services.sessionId?.() ?? "";
		const seen = new Set<FiringRecord>();
		const records: SessionRecord[] = [];
		for (const indexed of this.logIndex.matches()) {
			const { record, session } = indexed.row;
			if (seen.has(record)) continue;
			seen.add(record);
			records.push({ record, session: session ?? live });
		}
		const result = this.services.exportRecords(records);
		this.message =
			"error" in result
				? { level: "error", text: result.error }
				: { level: "info", text: `Exported ${records.length} record(s) as JSON lines to ${result.file}` };
	}

	/** Approving every new or changed project hook at once: all their definitions are shown first. */
	private approveAll(): void {
		if (this.services.approveAll === undefined) return;
		const needs = this.services.needsApproval;
		const config = this.services.config();
		const waiting =
			needs === undefined || config === undefined
				? []
				: config.skipped.map((skipped) => skipped.entry).filter((entry) => needs(entry));
		if (waiting.length === 0) {
			this.message = { level: "info", text: "No project hook waits for approval." };
			return;
		}
		const lines = waiting.flatMap(
			(entry) => this.services.approvalLines?.(entry) ?? [`${entry.event} ${hookTarget(entry)}`],
		);
		this.detailScroll.reset();
		this.screen = { kind: "confirmApprove", entries: waiting, lines, seenAll: false, refused: false };
	}

	private openEditor(entry: HookEntry | undefined): void {
		const readOnly = this.readOnly(entry);
		if (readOnly !== undefined) {
			this.message = { level: "error", text: readOnly };
			return;
		}
		if (entry !== undefined && entry.handler.type !== "command") {
			this.message = {
				level: "error",
				text:
					`Only command hooks can be edited here; edit the ${entry.handler.type} hook in ` +
					`${entry.source.file}.`,
			};
			return;
		}
		const snapshots = new Map<string, FileSnapshot>();
		for (const source of this.services.sources) {
			const snapshot = this.services.snapshot(source.file);
			if ("error" in snapshot) {
				if (entry === undefined || source.file === entry.source.file) {
					this.message = { level: "error", text: snapshot.error };
					if (entry !== undefined) return;
				}
				continue;
			}
			snapshots.set(source.file, snapshot);
		}
		const defaultScope = this.services.trusted() ? "claude-project" : "claude-user";
		const values = entry === undefined ? newHookValues(defaultScope) : entryValues(entry);
		const editor = new HookEditor(this.theme, this.keys, {
			mode: entry === undefined ? "add" : "edit",
			values,
			sources: this.services.sources,
			trusted: this.services.trusted(),
		});
		editor.focused = this.focusedState;
		const own = entry === undefined ? undefined : snapshots.get(entry.source.file);
		const oldHandler = entry === undefined || own === undefined ? undefined : this.services.readHandler(own, entry);
		this.screen = { kind: "editor", editor, snapshots, entry, oldHandler };
		this.message = undefined;
	}

	private saveEditor(screen: EditorScreen): void {
		const { editor, entry } = screen;
		if (editor.problems().some((problem) => problem.level === "error")) {
			editor.revealProblems();
			editor.setMessage("Fix the fields marked in red, then save again.");
			return;
		}
		const values = editor.values();
		const file = entry?.source.file ?? this.services.sources.find((source) => source.scope === values.scope)?.file;
		const snapshot = file === undefined ? undefined : screen.snapshots.get(file);
		if (snapshot === undefined) {
			editor.setMessage(
				`${file ?? "the settings file"} could not be read; nothing was written. Your draft is kept: ` +
					`choose another file, or press ${this.keys.label("save")} to try again.`,
			);
			if (file !== undefined) this.resnapshot(screen, file);
			return;
		}
		const draft = draftFromValues(values, screen.oldHandler);
		const at = entry === undefined ? undefined : parseHookPath(entry.jsonPath);
		const change: HookChange =
			entry === undefined || at === undefined || screen.addInstead
				? { kind: "add", draft }
				: { kind: "update", id: entry.id, at, draft };
		const result = this.services.save(snapshot, change, entry);
		if (result.ok) {
			this.finishSave(result, `Saved ${values.event} hook to ${sourceLabel(values.scope)} (${snapshot.file}).`);
			return;
		}
		// A refused save never loses the draft: the editor stays open with the reason, ready to retry.
		this.resnapshot(screen, snapshot.file);
		if (result.reason === "not_found") screen.addInstead = true;
		editor.setMessage(`${result.message}. ${this.keepDraftHint(result.reason, screen)}`);
		this.host.schedule(() => this.host.requestRender(), RELOAD_DELAY_MS);
	}

	/** Reads `file` again so a retry saves onto the file as it is now. */
	private resnapshot(screen: EditorScreen, file: string): void {
		const fresh = this.services.snapshot(file);
		if (!("error" in fresh)) screen.snapshots.set(file, fresh);
	}

	/** What the user can do after a refused save; the draft is always kept. */
	private keepDraftHint(reason: EditFailure, screen: EditorScreen): string {
		const save = this.keys.label("save");
		const cancel = this.keys.label("cancel");
		const other = screen.entry === undefined ? ", or choose another file" : "";
		switch (reason) {
			case "changed_on_disk":
				return `Your draft is kept: ${save} saves it into the file as it is now${other}; ${cancel} leaves.`;
			case "not_found":
				return `Your draft is kept: ${save} adds it to the file as a new hook; ${cancel} leaves.`;
			case "invalid":
				return `Your draft is kept: fix the file, then press ${save} again${other}.`;
			default:
				return `Your draft is kept: press ${save} to try again${other}.`;
		}
	}

	// ---- test runs ---------------------------------------------------------------------------------------

	private showTest(setup: TestSetup): void {
		const run = this.services.testRun;
		if (run === undefined) {
			this.message = { level: "error", text: "Test runs need pi's session; they are not available here." };
			return;
		}
		const whyNot = (entry: HookEntry, stdin: string): string | undefined => {
			const config = this.services.config();
			const session = this.services.session?.();
			const reason = wouldNotRun(entry, stdin, {
				allOff: this.services.allOff() || (config?.disableAllHooks ?? false),
				enabled: this.services.isEnabled(entry),
				cwd: session?.cwd ?? "",
				projectDir: session?.projectDir ?? "",
				home: session?.home ?? "",
			});
			return reason === undefined ? undefined : wouldNotRunText(entry, reason);
		};
		const view = new TestView(this.theme, this.keys, { ...setup, whyNot }, run, {
			rows: () => this.host.rows(),
			requestRender: () => this.host.requestRender(),
		});
		view.focused = this.focusedState;
		this.screen = { kind: "test", view, back: this.screen };
	}

	/** A hook can be test-run when it would run in this session (a skipped hook needs trust or approval first). */
	private runnable(entry: HookEntry): string | undefined {
		const config = this.services.config();
		const skipped = config?.skipped.find((candidate) => candidate.entry.id === entry.id);
		if (skipped !== undefined) return `${skipped.message} It cannot be test-run either.`;
		if (config !== undefined && !config.entries.some((candidate) => candidate.id === entry.id))
			return "This hook is no longer in the settings (the file changed).";
		return undefined;
	}

	/** From a hook row: run it now against a sample input for its event. */
	private openTest(entry: HookEntry | undefined): void {
		if (entry === undefined) {
			this.message = { level: "error", text: "Select a hook to test it." };
			return;
		}
		const problem = this.runnable(entry);
		if (problem !== undefined) {
			this.message = { level: "error", text: problem };
			return;
		}
		const sample = (hook: HookEntry): string => this.services.sampleInput?.(hook) ?? "{}";
		this.showTest({ mode: "test", hooks: [entry], stdin: sample(entry), sampleFor: sample });
	}

	/**
	 * From a log row: the recorded input again, against the current definition of this or another hook of the event.
	 */
	private openReplay(row: LogRow | undefined): void {
		if (row === undefined) {
			this.message = { level: "error", text: "Select a logged event to replay it." };
			return;
		}
		const event = row.record.event;
		const hooks = (this.services.config()?.entries ?? []).filter((entry) => entry.event === event);
		if (hooks.length === 0) {
			this.message = {
				level: "error",
				text: `No ${event} hook is configured now: there is nothing to replay it on.`,
			};
			return;
		}
		const own = row.verdict?.entry.id;
		const selected = Math.max(
			0,
			hooks.findIndex((entry) => entry.id === own),
		);
		const input = this.services.recordedInput?.(row.record) ?? { stdin: row.record.stdin, exact: false };
		this.showTest({
			mode: "replay",
			hooks,
			selected,
			stdin: prettyJson(input.stdin),
			note: input.exact
				? `The input ${event} sent at ${formatClock(row.record.time)}.`
				: `The log's copy of the input ${event} sent at ${formatClock(row.record.time)}: secrets masked ` +
					`and long inputs cut, as the log keeps it.`,
		});
	}

	/** From the editor: run the unsaved draft now; Esc comes back to the editor with the draft as it was. */
	private testDraft(screen: EditorScreen): void {
		const { editor } = screen;
		if (editor.problems().some((problem) => problem.level === "error")) {
			editor.revealProblems();
			editor.setMessage("Fix the fields marked in red, then test again.");
			return;
		}
		const values = editor.values();
		const source =
			screen.entry?.source ?? this.services.sources.find((candidate) => candidate.scope === values.scope);
		if (source === undefined) return;
		const draft = draftFromValues(values, screen.oldHandler);
		const group = { ...(draft.matcher === "" ? {} : { matcher: draft.matcher }), hooks: [draft.handler] };
		const parsed = parseSettingsText(JSON.stringify({ hooks: { [draft.event]: [group] } }), source);
		const entry = parsed.entries[0];
		if (entry === undefined) {
			editor.setMessage(parsed.issues[0]?.message ?? "This draft cannot run.");
			return;
		}
		editor.setMessage(undefined);
		this.showTest({ mode: "draft", hooks: [entry], stdin: this.services.sampleInput?.(entry) ?? "{}" });
	}

	private confirmDelete(entry: HookEntry | undefined): void {
		this.refresh();
		const row = this.rows.find((candidate) => candidate.kind === "hook" && candidate.entry.id === entry?.id);
		if (entry === undefined || row === undefined || row.kind !== "hook") {
			this.message = { level: "error", text: "Select a hook to delete it." };
			return;
		}
		const readOnly = this.readOnly(entry);
		if (readOnly !== undefined) {
			this.message = { level: "error", text: readOnly };
			return;
		}
		const snapshot = this.services.snapshot(entry.source.file);
		if ("error" in snapshot) {
			this.message = { level: "error", text: snapshot.error };
			return;
		}
		this.screen = { kind: "confirmDelete", row, snapshot };
	}

	private deleteHook(screen: Screen & { kind: "confirmDelete" }): void {
		const entry = screen.row.entry;
		const at = parseHookPath(entry.jsonPath);
		if (at === undefined) {
			this.message = { level: "error", text: `cannot locate ${entry.jsonPath} in ${entry.source.file}` };
			this.screen = { kind: "main" };
			return;
		}
		this.finishSave(
			this.services.save(screen.snapshot, { kind: "delete", id: entry.id, at }, entry),
			`Deleted ${entry.event} hook from ${screen.row.source} (${entry.source.file}).`,
		);
	}

	/** After a save: back to the list with what happened; reload so the list shows the file as it is now. */
	private finishSave(result: SaveResult, done: string): void {
		this.screen = { kind: "main" };
		if (result.ok)
			this.message =
				result.note === undefined
					? { level: "info", text: done }
					: { level: "error", text: `${result.note} ${done}` };
		else if (result.reason === "changed_on_disk" || result.reason === "not_found") {
			this.message = {
				level: "error",
				text: `${result.message}. The panel reloaded the file: check the list and try again.`,
			};
		} else this.message = { level: "error", text: result.message };
		this.host.schedule(() => this.host.requestRender(), RELOAD_DELAY_MS);
	}

	// ---- rendering ---------------------------------------------------------------------------------------

	/** Rebuilds the rows from the live configuration, the switches and the log, and applies the filter. */
	private refresh(): void {
		const config = this.services.config();
		this.rows =
			config === undefined
				? []
				: buildRows(config, {
						isEnabled: (entry) => this.services.isEnabled(entry),
						stats: (id) => this.services.log.stats(id),
						sources: this.services.sources,
					});
		const query = this.filter.getValue();
		this.hookList.setMatches(filterHookRows(this.rows, query));
		// The log can hold 100,000 runs: only new records are filtered, and a longer query narrows the last result.
		this.logIndex.sync(this.services.log);
		this.logIndex.setQuery(query, this.now());
		this.logList.setRows(this.logIndex.matches(), this.logIndex.currentQuery(), this.logIndex.hasHistory());
	}

	private now(): number {
		return this.services.now?.() ?? Date.now();
	}

	private panelHeight(): number {
		return Math.max(10, Math.min(this.host.rows() - 2, 40));
	}

	/** Rows left for the list, log or details once the fixed lines are drawn (an estimate for paging). */
	private bodyHeight(): number {
		return Math.max(3, this.panelHeight() - 8);
	}

	private detailLines(width = this.lastInner): string[] {
		const config = this.services.config();
		if (this.screen.kind === "hookDetails") {
			const key = this.screen.key;
			const row = this.rows.find((candidate) => candidate.key === key);
			if (row === undefined)
				return [
					this.theme.fg("warning", fit("This hook is no longer in the settings (the file changed).", width)),
				];
			const history = row.kind === "hook" ? this.historyStats(row.entry.id) : undefined;
			return hookDetailLines(this.theme, row, width, {
				allOff: this.services.allOff(),
				disableAllHooks: config?.disableAllHooks ?? false,
				history,
				editable: (file) => this.services.sources.some((source) => source.file === file),
			});
		}
		if (this.screen.kind === "recordDetails") {
			// A record never changes: its lines are laid out once per width, so scrolling costs only the window.
			const { row } = this.screen;
			if (this.recordLines?.row !== row || this.recordLines.width !== width)
				this.recordLines = { row, width, lines: recordDetailLines(this.theme, row, width) };
			return this.recordLines.lines;
		}
		return [];
	}

	/** Renders the panel: exactly the panel height, every line exactly `width` columns. */
	render(width: number): string[] {
		const t = this.theme;
		const inner = Math.max(1, width - FRAME_COLUMNS);
		this.lastInner = inner;
		const height = this.panelHeight();
		this.refresh();
		const config = this.services.config();
		const top: string[] = [this.tabLine(inner)];
		const policyHooks = config?.entries.filter((entry) => isPolicySource(entry.source)).length ?? 0;
		const spared =
			policyHooks > 0
				? ` ${policyHooks} managed hook(s) still run: only managed policy can switch them off.`
				: "";
		if (this.services.allOff()) {
			for (const line of wordWrap(
				`ALL HOOKS ARE OFF in this pi session. ${this.keys.label("killSwitch")} turns them back on.${spared}`,
				inner,
			)) {
				top.push(t.bold(t.fg("error", fit(line, inner))));
			}
		} else if (config?.disableAllHooks) {
			const where = config.disableAllHooksSource ?? "the settings";
			const rest = config.disableAllHooksManaged ? "" : spared;
			for (const line of wordWrap(`disableAllHooks is set in ${where}: no hook runs.${rest}`, inner))
				top.push(t.fg("warning", fit(line, inner)));
		}
		if (this.screen.kind === "main") top.push(t.fg("muted", "Filter: ") + this.filterField(inner - 8));
		const bottom: string[] = [];
		if (this.message !== undefined && this.screen.kind === "main") {
			for (const line of wordWrap(this.message.text, inner).slice(0, 3))
				bottom.push(t.fg(this.message.level === "error" ? "error" : "success", fit(line, inner)));
		}
		bottom.push(...helpLines(t, this.hints(), inner));
		const bodyHeight = Math.max(1, height - 2 - top.length - bottom.length);
		const body = this.body(inner, bodyHeight);
		const title =
			this.screen.kind === "editor"
				? "Hooks > editor"
				: this.screen.kind === "test"
					? "Hooks > test"
					: this.screen.kind === "main"
						? "Hooks"
						: this.screen.kind === "confirmDelete"
							? "Hooks > delete"
							: "Hooks > details";
		const off = config === undefined ? 0 : config.entries.filter((entry) => !this.services.isEnabled(entry)).length;
		const right = this.services.allOff() ? "ALL OFF" : off > 0 ? `${off} off` : "";
		return frame(
			t,
			title,
			right,
			[...top, ...body, ...bottom],
			width,
			this.services.allOff() ? "error" : "warning",
		);
	}

	private filterField(width: number): string {
		return this.filter.render(width)[0] ?? "";
	}

	private tabLine(width: number): string {
		const t = this.theme;
		const hooks = ` Hooks ${this.hookList.count()} `;
		const log = ` Log ${this.logList.count()} `;
		const style = (text: string, active: boolean): string =>
			active ? t.inverse(t.bold(text)) : t.fg("muted", text);
		const used = hooks.length + log.length + 1;
		return (
			style(hooks, this.tab === "hooks") +
			" " +
			style(log, this.tab === "log") +
			" ".repeat(Math.max(0, width - used))
		);
	}

	private body(width: number, height: number): string[] {
		const t = this.theme;
		switch (this.screen.kind) {
			case "main":
				if (this.tab === "hooks") {
					const empty =
						this.filter.getValue() === ""
							? `No hooks configured. ${this.keys.label("add")} adds one to any of the five ` +
								`settings files.`
							: "No hooks match the filter.";
					return this.hookList.render(width, height, empty);
				}
				return this.logList.render(
					width,
					height,
					"Nothing has fired yet: hooks fire on pi's tool calls, prompts and session events.",
				);
			case "editor":
				this.screen.editor.focused = this.focusedState;
				return this.screen.editor.render(width, height);
			case "test":
				this.screen.view.focused = this.focusedState;
				return this.screen.view.render(width, height);
			case "confirmDelete": {
				const { row } = this.screen;
				const lines = [
					t.bold(t.fg("warning", fit("Delete this hook?", width))),
					...hardWrap(`${row.event}  matcher ${row.matcher}`, width).map((line) => fit(line, width)),
					...hardWrap(row.target, width).map((line) => fit(line, width)),
					...hardWrap(
						`from ${fileLabel(row.entry.source.file, this.services.sources)} (${row.entry.source.file})`,
						width,
					).map((line) => t.fg("muted", fit(line, width))),
					" ".repeat(width),
					t.fg(
						"warning",
						fit(`${this.keys.label("confirm")} deletes it, ${this.keys.label("cancel")} keeps it.`, width),
					),
				];
				while (lines.length < height) lines.push(" ".repeat(width));
				return lines.slice(0, height);
			}
			case "confirmApprove": {
				const screen = this.screen;
				const all = this.approveLines(screen, width);
				const room = Math.max(1, height - 2);
				this.detailScroll.scrollBy(0, all.length, room);
				const window = all.slice(this.detailScroll.offset, this.detailScroll.offset + room);
				const below = all.length - this.detailScroll.offset - window.length;
				if (below <= 0) screen.seenAll = true;
				while (window.length < room) window.push(" ".repeat(width));
				const answer = screen.seenAll
					? t.fg(
							"warning",
							fit(
								`${this.keys.label("confirm")} approves it, ${this.keys.label("cancel")} does not.`,
								width,
							),
						)
					: t.fg(
							screen.refused ? "error" : "warning",
							fit(
								`${below} more line(s) below: scroll to the end before approving ` +
									`(${this.keys.label("cancel")} does not approve).`,
								width,
							),
						);
				return [...window, " ".repeat(width), answer].slice(0, height);
			}
			default: {
				const lines = this.detailLines(width);
				this.detailScroll.scrollBy(0, lines.length, height);
				const window = lines.slice(this.detailScroll.offset, this.detailScroll.offset + height);
				while (window.length < height) window.push(" ".repeat(width));
				return window;
			}
		}
	}

	/** The log's history and export keys; approve-all while project hooks wait for approval. */
	private extraHints(): [string, string][] {
		const k = (action: PanelAction): string => this.keys.label(action);
		if (this.tab === "log") {
			const hints: [string, string][] = [];
			if (this.services.history !== undefined)
				hints.push([k("history"), this.showingHistory ? "this session" : "earlier sessions"]);
			if (this.services.exportRecords !== undefined) hints.push([k("export"), "export"]);
			return hints;
		}
		const hints: [string, string][] = [];
		if (this.waitingApproval() > 0) hints.push([k("approveAll"), "approve all"]);
		if (this.services.setContextCards !== undefined)
			hints.push([
				k("contextCards"),
				this.services.contextCards?.() === "cards" ? "quiet context" : "context cards",
			]);
		return hints;
	}

	/** How many listed hooks wait for the user's approval. */
	private waitingApproval(): number {
		const needs = this.services.needsApproval;
		if (needs === undefined || this.services.approveAll === undefined) return 0;
		return this.rows.filter((row) => row.kind === "hook" && needs(row.entry)).length;
	}

	private hints(): [string, string][] {
		const k = (action: PanelAction): string => this.keys.label(action);
		// "↑↓" for the arrows; "↑/ctrl+j" once a key is remapped to something longer.
		const pair = (a: PanelAction, b: PanelAction): string =>
			k(a).length === 1 && k(b).length === 1 ? `${k(a)}${k(b)}` : `${k(a)}/${k(b)}`;
		const killSwitch: [string, string] = [k("killSwitch"), this.services.allOff() ? "all on" : "all off"];
		switch (this.screen.kind) {
			case "test":
				return [...this.screen.view.hints(), killSwitch];
			case "editor":
				if (this.screen.editor.askingDiscard)
					return [
						[k("confirm"), "discard"],
						[k("cancel"), "keep editing"],
					];
				return [
					[`${k("nextField")}/${pair("up", "down")}`, "field"],
					[k("test"), "test"],
					[k("save"), "save"],
					[k("cancel"), "cancel"],
				];
			case "confirmDelete":
				return [
					[k("confirm"), "delete"],
					[k("cancel"), "keep"],
				];
			case "confirmApprove":
				return [
					[pair("up", "down"), "scroll"],
					[k("confirm"), "approve"],
					[k("cancel"), "back"],
				];
			case "hookDetails": {
				// Only what works on this row: a problem has no switch, and read-only files are not edited here.
				const row = this.hookList.selected();
				const file =
					row === undefined ? undefined : row.kind === "hook" ? row.entry.source.file : row.issue.file;
				const writable = file !== undefined && this.services.sources.some((source) => source.file === file);
				return [
					[pair("up", "down"), "scroll"],
					...(row?.kind === "hook" ? ([[k("toggle"), "on/off"]] as [string, string][]) : []),
					...(writable
						? ([
								[k("edit"), "edit"],
								[k("delete"), "delete"],
							] as [string, string][])
						: []),
					killSwitch,
					[k("cancel"), "back"],
				];
			}
			case "recordDetails":
				return [
					[pair("up", "down"), "scroll"],
					[`${k("top")}/${k("bottom")}`, "top/bottom"],
					[k("test"), "replay"],
					[k("toggle"), "on/off"],
					killSwitch,
					[k("cancel"), "back"],
				];
			case "main":
				return [
					[pair("up", "down"), "move"],
					["type", "filter"],
					[k("confirm"), "details"],
					[k("test"), this.tab === "hooks" ? "test" : "replay"],
					[k("toggle"), "on/off"],
					[k("add"), "add"],
					[k("edit"), "edit"],
					[k("delete"), "delete"],
					[k("switchView"), this.tab === "hooks" ? "log" : "hooks"],
					...this.extraHints(),
					killSwitch,
					[k("cancel"), this.filter.getValue() === "" ? "close" : "clear"],
				];
		}
	}
}

/** How the panel opens as an overlay: centred, nearly the full width (at least 40 columns), at most the full height. */
export const PANEL_OVERLAY_OPTIONS = {
	anchor: "center",
	width: "94%",
	minWidth: 40,
	maxHeight: "100%",
} as const satisfies OverlayOptions;
