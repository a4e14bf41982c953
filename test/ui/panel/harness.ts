/**
 * Mounts the /hooks panel the way pi shows it (pi-tui's TUI, an overlay over some transcript) on a virtual
 * terminal, with real settings files in a temp dir, the real live configuration, state file and firing log.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
	type KeybindingsConfig,
	KeybindingsManager,
	Text,
	TUI_KEYBINDINGS,
	TuiMainScreen,
} from "@earendil-works/pi-tui";
import { afterEach } from "vitest";
import { UNAPPROVED_MESSAGE } from "../../../src/engine/config/merge.ts";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { createConfigStore } from "../../../src/engine/config/store.ts";
import { createEngine, type HookEngine } from "../../../src/engine/engine.ts";
import type { SessionInfo } from "../../../src/engine/payload/base.ts";
import { firingExcerpt } from "../../../src/engine/record/excerpt.ts";
import type { HookConfig, HookEntry, HookSource } from "../../../src/engine/types.ts";
import { approvalsFile, createApprovals } from "../../../src/host/trust/approvals.ts";
import { createExternalEditor } from "../../../src/pi/manager/external-editor.ts";
import { withLints } from "../../../src/pi/manager/lint-notices.ts";
import { createKillSwitch, createPanelServices, type KillSwitch } from "../../../src/pi/manager/panel-services.ts";
import { createHookState, type HookState, hookStateFile } from "../../../src/pi/stores/hook-state.ts";
import { approvalListLines } from "../../../src/ui/approval-list.ts";
import { createFiringLog, type FiringLog } from "../../../src/ui/panel/firing-log.ts";
import { HooksPanel, PANEL_OVERLAY_OPTIONS } from "../../../src/ui/panel/hooks-panel.ts";
import { panelKeys } from "../../../src/ui/panel/keys.ts";
import type { PanelServices } from "../../../src/ui/panel/services.ts";
import { type PanelTheme, testTheme } from "../../../src/ui/theme.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";
import { type Screen, screenLines, screenToText } from "../../support/screen.ts";
import { VirtualTerminal } from "../../support/virtual-terminal.ts";
import { FIXTURE_SETTINGS } from "./fixtures.ts";

/** Raw key sequences as a terminal sends them. */
export const KEY = {
	up: "\x1b[A",
	down: "\x1b[B",
	right: "\x1b[C",
	left: "\x1b[D",
	enter: "\r",
	escape: "\x1b",
	tab: "\t",
	shiftTab: "\x1b[Z",
	backspace: "\x7f",
	pageDown: "\x1b[6~",
	pageUp: "\x1b[5~",
	home: "\x1b[H",
	end: "\x1b[F",
	ctrlT: "\x14",
	ctrlN: "\x0e",
	ctrlE: "\x05",
	ctrlD: "\x04",
	ctrlL: "\x0c",
	ctrlX: "\x18",
	ctrlY: "\x19",
	ctrlU: "\x15",
	ctrlR: "\x12",
	ctrlF: "\x06",
	ctrlZ: "\x1a",
	ctrlO: "\x0f",
	ctrlG: "\x07",
	ctrlP: "\x10",
	ctrlS: "\x13",
	ctrlShiftH: "\x1b[104;6u",
} as const;

/** Options of {@link mountPanel}. */
export interface MountOptions {
	readonly cols: number;
	readonly rows?: number;
	/** Settings per source index (0 Claude user, 1 Claude project, 2 Claude local, 3 pi global, 4 pi project). */
	readonly settings?: Readonly<Record<number, unknown>>;
	readonly trusted?: boolean;
	readonly theme?: PanelTheme;
	/** Background transcript lines under the overlay. */
	readonly background?: readonly string[];
	/** The user's key remappings (pi's keybindings.json), e.g. `{ "tui.select.down": "ctrl+j" }`. */
	readonly keybindings?: Readonly<Record<string, string>>;
	/** Change-aware trust on: project hooks need approval (kept in the temp agent dir). */
	readonly approvals?: boolean;
	/** Other ports (the journal's history and export), given the temp root and the ports the harness built. */
	readonly services?: (root: string, base: PanelServices) => Partial<PanelServices>;
	/** Managed policy (`managed-settings.json` in a temp managed folder). */
	readonly managed?: unknown;
	/** The environment of pi's external editor port (`$VISUAL`, `$EDITOR`) over this TUI; no port when omitted. */
	readonly editorEnv?: Readonly<Record<string, string | undefined>>;
}

/** A mounted panel. */
export interface PanelHarness {
	readonly terminal: VirtualTerminal;
	readonly panel: HooksPanel;
	readonly root: string;
	readonly sources: readonly HookSource[];
	readonly log: FiringLog;
	readonly state: HookState;
	readonly killSwitch: KillSwitch;
	/** The engine behind test runs (dispatch real events with it; its records reach the log). */
	readonly engine: HookEngine;
	/** The session facts of that engine's stdin. */
	readonly session: SessionInfo;
	/** The live configuration now. */
	config(): HookConfig;
	/** True after the panel asked to close. */
	closed(): boolean;
	/** Types keys (one sequence per argument), renders, and returns the screen. */
	send(...keys: string[]): Promise<Screen>;
	/** Types each character of `text` as its own key press. */
	type(text: string): Promise<Screen>;
	/** Renders and returns the screen. */
	screen(): Promise<Screen>;
	/** The screen's text. */
	text(): Promise<string>;
	/** The screen's rows. */
	lines(): Promise<string[]>;
	/** Writes settings JSON (pretty, tab-indented) for source `index`; returns the path. */
	writeSettings(index: number, value: unknown): string;
	/** Writes the exact text of the settings file of source `index`; returns the path. */
	writeText(index: number, text: string): string;
	/**
	 * Waits (without forcing a render) until the screen shows `text`: proves that something other than a key
	 * press, such as a new log record, re-rendered the panel.
	 */
	waitFor(text: string, timeoutMs?: number): Promise<Screen>;
	/** The text of every page of a scrolling view: presses page down until the screen stops changing. */
	allPages(): Promise<string>;
	/** Runs the callbacks the panel scheduled (reloads after a save). */
	runScheduled(): void;
	dispose(): void;
}

/** Mounts the panel over a short transcript. */
export const mountPanel = async (options: MountOptions): Promise<PanelHarness> => {
	const root = mkdtempSync(join(tmpdir(), "panel-test-"));
	const sources = settingsSources({
		home: join(root, "home"),
		agentDir: join(root, "agent"),
		projectDir: join(root, "project"),
	});
	const writeText = (index: number, text: string): string => {
		const file = sources[index]?.file;
		if (file === undefined) throw new Error(`no source ${index}`);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, text);
		return file;
	};
	const writeSettings = (index: number, value: unknown): string =>
		writeText(index, `${JSON.stringify(value, null, "\t")}\n`);
	for (const [index, value] of Object.entries(options.settings ?? {}))
		if (value !== undefined) writeSettings(Number(index), value);
	const trusted = options.trusted ?? true;
	const approvals = options.approvals
		? createApprovals(approvalsFile(join(root, "agent")), join(root, "project"))
		: undefined;
	const managedDir = join(root, "managed");
	if (options.managed !== undefined) {
		mkdirSync(managedDir, { recursive: true });
		writeFileSync(join(managedDir, "managed-settings.json"), JSON.stringify(options.managed));
	}
	const store = createConfigStore({
		sources,
		...(options.managed === undefined ? {} : { managedDir }),
		isTrusted: () => trusted,
		checkIntervalMs: 0,
		...(approvals ? { isApproved: approvals.isApproved, approvalsVersion: approvals.version } : {}),
	});
	const log = createFiringLog();
	const state = createHookState(hookStateFile(join(root, "agent")), () => new Date("2026-01-02T03:04:05Z"));
	const killSwitch = createKillSwitch();
	// Test runs use a real engine and the real process runner; their records reach the log as in pi.
	const session = engineSession(join(root, "project"), { sessionId: "panel-test-session" });
	mkdirSync(session.cwd, { recursive: true });
	const engine = createEngine(
		engineDeps({
			config: () => store.current(),
			baseEnv: { PATH: process.env.PATH, HOME: join(root, "home") },
			observers: { onRecord: (record) => log.add(firingExcerpt(withLints(record))) },
		}),
	);
	const base = createPanelServices({
		config: () => store.current(),
		sources,
		log,
		state,
		killSwitch,
		trusted: () => trusted,
		session: () => session,
		testRun: (request) => engine.testRun({ ...request, session }),
		cwd: session.cwd,
	});
	const services: PanelServices = approvals
		? {
				...base,
				approvals: {
					needsApproval: (entry: HookEntry) =>
						store
							.current()
							.skipped.some(
								(skipped) => skipped.entry.id === entry.id && skipped.message === UNAPPROVED_MESSAGE,
							),
					show: (entries: readonly HookEntry[]) => {
						const pending = approvals.pending(entries);
						return {
							lines: approvalListLines(pending),
							approve: () => {
								const outcome = approvals.approveShown(pending);
								return outcome.kind === "changed"
									? { kind: "moved", moved: outcome.entries.length, again: outcome.entries }
									: outcome;
							},
						};
					},
				},
			}
		: base;
	let mounted: TuiMainScreen | undefined;
	const allServices = {
		...services,
		...(options.editorEnv === undefined
			? {}
			: {
					externalEditor: createExternalEditor(
						() => mounted,
						options.editorEnv,
						() => ({
							projectDir: join(root, "project"),
							home: join(root, "home"),
						}),
					),
				}),
		...options.services?.(root, services),
	};
	const terminal = new VirtualTerminal(options.cols, options.rows ?? 30);
	const tui = new TuiMainScreen(terminal);
	mounted = tui;
	const background =
		options.background ?? Array.from({ length: 8 }, (_, i) => `transcript line ${i + 1}: pi ran a tool`);
	tui.addChild(new Text(background.join("\n"), 0, 0));
	let closed = false;
	const scheduled: (() => void)[] = [];
	const panel = new HooksPanel(
		options.theme ?? testTheme,
		panelKeys(
			new KeybindingsManager(TUI_KEYBINDINGS, { ...(options.keybindings as KeybindingsConfig | undefined) }),
		),
		allServices,
		{
			requestRender: () => tui.requestRender(),
			close: () => {
				closed = true;
				tui.hideOverlay();
			},
			rows: () => terminal.rows,
			schedule: (callback) => void scheduled.push(callback),
		},
	);
	tui.showOverlay(panel, PANEL_OVERLAY_OPTIONS);
	tui.start();
	const screen = async (): Promise<Screen> => {
		tui.renderNow();
		return terminal.screen();
	};
	await screen();
	return {
		terminal,
		panel,
		root,
		sources,
		log,
		state,
		killSwitch,
		engine,
		session,
		config: () => store.current(),
		closed: () => closed,
		async send(...keys) {
			for (const key of keys) terminal.send(key);
			return screen();
		},
		async type(text) {
			for (const char of text) terminal.send(char);
			return screen();
		},
		screen,
		text: async () => screenToText(await screen()),
		lines: async () => screenLines(await screen()),
		writeSettings,
		writeText,
		async allPages() {
			const pages = [screenToText(await screen())];
			for (let i = 0; i < 20; i++) {
				terminal.send(KEY.pageDown);
				const page = screenToText(await screen());
				if (page === pages.at(-1)) break;
				pages.push(page);
			}
			return pages.join("\n");
		},
		async waitFor(text, timeoutMs = 2000) {
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const current = await terminal.screen();
				if (screenToText(current).includes(text)) return current;
				if (Date.now() > deadline) throw new Error(`"${text}" did not appear:\n${screenToText(current)}`);
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
		},
		runScheduled: () => {
			for (const callback of scheduled.splice(0)) callback();
		},
		dispose() {
			tui.stop();
			terminal.dispose();
			rmSync(root, { recursive: true, force: true });
		},
	};
};

/** A hand-written Claude project settings file: tabs, a comment-free custom layout and keys besides "hooks". */
export const PROJECT_TEXT = `{
	"permissions": {"allow": ["Bash(npm test)"], "deny": []},
	"hooks": {
		"PreToolUse": [
			{
				"matcher": "Bash",
				"hooks": [
					{"type": "command", "command": "./guard.sh", "timeout": 10, "async": false}
				]
			}
		]
	},
	"env": {"FOO": "1"}
}
`;

/** A user hook (source 0) beside the project file, so the editor offers two files. */
const USER_SETTINGS = {
	hooks: { PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "echo user-hook" }] }] },
};

/**
 * The panel of the editor and delete tests: {@link USER_SETTINGS} in the user's file (source 0) and
 * {@link PROJECT_TEXT} as the project's (source 1), drawn once. The caller disposes it.
 */
export const mountProjectPanel = async (cols: number, rows = 40): Promise<PanelHarness> => {
	const harness = await mountPanel({ cols, rows, settings: { 0: USER_SETTINGS } });
	harness.writeText(1, PROJECT_TEXT);
	await harness.screen();
	return harness;
};

/** The panels of one test file (see {@link usePanelMounts}); each is disposed after the test that mounted it. */
export interface PanelMounts {
	/** Mounts the panel with `options` ({@link mountPanel}). */
	mount(options: MountOptions): Promise<PanelHarness>;
	/** Mounts the panel over {@link FIXTURE_SETTINGS}, 34 rows unless told. */
	fixture(cols: number, options?: Omit<MountOptions, "cols" | "settings">): Promise<PanelHarness>;
	/** Mounts the editor and delete tests' panel ({@link mountProjectPanel}). */
	project(cols: number, rows?: number): Promise<PanelHarness>;
}

/**
 * Registers an `afterEach` that disposes every panel the test mounted, and returns the mounts; call once at the
 * top of a panel test file.
 */
export const usePanelMounts = (): PanelMounts => {
	const mounted: PanelHarness[] = [];
	afterEach(() => {
		for (const harness of mounted.splice(0)) harness.dispose();
	});
	const kept = async (mounting: Promise<PanelHarness>): Promise<PanelHarness> => {
		const harness = await mounting;
		mounted.push(harness);
		return harness;
	};
	return {
		mount: (options) => kept(mountPanel(options)),
		fixture: (cols, options = {}) => kept(mountPanel({ rows: 34, ...options, cols, settings: FIXTURE_SETTINGS })),
		project: (cols, rows) => kept(mountProjectPanel(cols, rows)),
	};
};
