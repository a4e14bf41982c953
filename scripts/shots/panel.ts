/**
 * Screenshots of the /hooks panel in pi's dark theme: the hook list, the live firing log, the details of a
 * log row ("why didn't my hook fire?"), the editor with a validation error, and the kill switch in the footer.
 * The panel is pi-tui's overlay over a short transcript, with fixed paths, times and durations.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Container, KeybindingsManager, Spacer, Text, TUI_KEYBINDINGS, TuiMainScreen } from "@earendil-works/pi-tui";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { settingsSources } from "../../src/engine/config/sources.ts";
import { interpretOutcome } from "../../src/engine/decide/interpret.ts";
import { NO_HOOKS } from "../../src/engine/dispatch/run-state.ts";
import type { ProcessOutcome } from "../../src/engine/ports.ts";
import { type FiringRecord, firingRecord, type NotRunHook } from "../../src/engine/record/firing-record.ts";
import type { HookConfig, HookEntry } from "../../src/engine/types.ts";
import { createKillSwitch, createPanelServices, type KillSwitch } from "../../src/pi/manager/panel-services.ts";
import { createHookState } from "../../src/pi/stores/hook-state.ts";
import { footerText, NO_CARDS } from "../../src/ui/footer-status.ts";
import { createFiringLog, type FiringLog } from "../../src/ui/panel/firing-log.ts";
import { HooksPanel, PANEL_OVERLAY_OPTIONS } from "../../src/ui/panel/hooks-panel.ts";
import { panelKeys } from "../../src/ui/panel/keys.ts";
import type { SessionRecord } from "../../src/ui/panel/services.ts";
import { fromPiTheme, type PanelTheme } from "../../src/ui/theme.ts";
import type { Screen } from "../../test/support/screen.ts";
import { VirtualTerminal } from "../../test/support/virtual-terminal.ts";
import { piDarkTheme } from "../screenshot/pi-theme.ts";
import { renderComponent } from "../screenshot/render.ts";
import type { Shot } from "../screenshots.ts";

const COLS = 110;
const ROWS = 32;
const SOURCES = settingsSources({ home: "/home/dev", agentDir: "/home/dev/.pi/agent", projectDir: "/home/dev/shop" });

const SETTINGS: Readonly<Record<number, unknown>> = {
	0: {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [{ type: "command", command: "~/.claude/hooks/block_dangerous_bash.py", timeout: 10 }],
				},
			],
			Notification: [{ hooks: [{ type: "command", command: 'notify-send pi "$(jq -r .message)"' }] }],
		},
	},
	1: {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{
							type: "command",
							command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/bash_policy.py"',
							if: "Bash(git push *)",
						},
					],
				},
				{
					matcher: "Edit|Write",
					hooks: [{ type: "command", command: "./.claude/hooks/protect-lockfiles.sh" }],
				},
			],
			PostToolUse: [
				{
					matcher: "Write|Edit",
					hooks: [{ type: "command", command: "npx prettier --write", statusMessage: "formatting" }],
				},
			],
			// pi has no task list, so this hook is listed as skipped.
			TaskCompleted: [{ hooks: [{ type: "mcp_tool", server: "tests", tool: "check_tests_pass" }] }],
		},
	},
	2: { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "" }] }] } },
	3: { hooks: { PostToolUse: [{ matcher: "*", hooks: [{ type: "http", url: "http://127.0.0.1:8787/hook-log" }] }] } },
};

const config = (): HookConfig =>
	mergeSources(
		SOURCES.map((source, index) =>
			SETTINGS[index] === undefined
				? { source, entries: [], issues: [], disableAllHooks: undefined, usable: true }
				: parseSettingsText(JSON.stringify(SETTINGS[index], null, 2), source),
		),
		true,
	);

const entry = (text: string): HookEntry => {
	const found = config().entries.find((candidate) => JSON.stringify(candidate.handler).includes(text));
	if (found === undefined) throw new Error(`no hook with ${text}`);
	return found;
};

const captured = (text: string) => ({ text, bytes: Buffer.byteLength(text), truncated: false });
const exited = (code: number, durationMs: number, stdout = "", stderr = ""): ProcessOutcome => ({
	kind: "exited",
	code,
	stdout: captured(stdout),
	stderr: captured(stderr),
	durationMs,
});

/** Local clock times, so the pictures show the same time in every time zone. */
const at = (minute: number, second: number): number => new Date(2026, 10, 30, 9, minute, second).getTime();

const record = (
	seq: number,
	time: number,
	event: HookEntry["event"],
	tool: string,
	summary: string,
	input: Record<string, unknown>,
	runs: readonly [HookEntry, ProcessOutcome][],
	notRun: readonly NotRunHook[],
): FiringRecord =>
	firingRecord({
		seq,
		time,
		event,
		matchQuery: tool,
		summary,
		stdin: `${JSON.stringify({
			session_id: "5f0c9a3e",
			cwd: "/home/dev/shop",
			hook_event_name: event,
			tool_name: tool,
			tool_input: input,
		})}\n`,
		verdicts: runs.map(([hook, outcome]) => interpretOutcome(hook, event, outcome)),
		notRun,
	});

/** A short session: a test run, a blocked rm -rf, a push that asked, a formatted write. */
const fillLog = (log: FiringLog): void => {
	const guard = entry("block_dangerous_bash");
	const policy = entry("bash_policy");
	const lockfiles = entry("protect-lockfiles");
	const prettier = entry("prettier");
	const http = config().entries.find((candidate) => candidate.handler.type === "http") as HookEntry;
	const ask = JSON.stringify({
		hookSpecificOutput: {
			hookEventName: "PreToolUse",
			permissionDecision: "ask",
			permissionDecisionReason: "git push publishes commits - confirm?",
		},
	});
	log.add(
		record(
			1,
			at(44, 58),
			"PreToolUse",
			"Bash",
			"npm test",
			{ command: "npm test" },
			[[guard, exited(0, 38)]],
			[
				{ entry: policy, reason: "if" },
				{ entry: lockfiles, reason: "matcher" },
			],
		),
	);
	log.add(
		record(
			2,
			at(45, 7),
			"PreToolUse",
			"Bash",
			"rm -rf build",
			{ command: "rm -rf build" },
			[
				[
					guard,
					exited(
						2,
						41,
						"",
						"Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf build\n",
					),
				],
			],
			[
				{ entry: policy, reason: "if" },
				{ entry: lockfiles, reason: "matcher" },
			],
		),
	);
	log.add(
		record(
			3,
			at(45, 31),
			"PreToolUse",
			"Bash",
			"git push origin main",
			{ command: "git push origin main" },
			[
				[guard, exited(0, 35)],
				[policy, exited(0, 112, ask)],
			],
			[{ entry: lockfiles, reason: "matcher" }],
		),
	);
	log.add(
		record(
			4,
			at(46, 2),
			"PostToolUse",
			"Write",
			"src/cart.ts",
			{ file_path: "/home/dev/shop/src/cart.ts" },
			[
				[prettier, exited(0, 884)],
				[http, exited(0, 12)],
			],
			[],
		),
	);
	log.add(
		record(
			5,
			at(46, 40),
			"PreToolUse",
			"Write",
			"package-lock.json",
			{ file_path: "/home/dev/shop/package-lock.json" },
			[],
			[
				{ entry: lockfiles, reason: "disabled" },
				{ entry: guard, reason: "matcher" },
			],
		),
	);
};

/** Two earlier sessions of the same project, as the journal gives them back (a day and two days before). */
const earlierSessions = (): SessionRecord[] => {
	const guard = entry("block_dangerous_bash");
	const policy = entry("bash_policy");
	const day = 86_400_000;
	const deny = JSON.stringify({
		hookSpecificOutput: {
			hookEventName: "PreToolUse",
			permissionDecision: "deny",
			permissionDecisionReason: "force-push to main is not allowed",
		},
	});
	return [
		{
			session: "1b7e40d2",
			record: record(
				1,
				at(12, 3) - 2 * day,
				"PreToolUse",
				"Bash",
				"git push --force origin main",
				{ command: "git push --force origin main" },
				[
					[guard, exited(0, 41)],
					[policy, exited(0, 97, deny)],
				],
				[],
			),
		},
		{
			session: "a93c5f18",
			record: record(
				1,
				at(31, 40) - day,
				"PreToolUse",
				"Bash",
				"rm -rf dist",
				{ command: "rm -rf dist" },
				[
					[
						guard,
						exited(
							2,
							44,
							"",
							"Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf dist\n",
						),
					],
				],
				[],
			),
		},
		{
			session: "a93c5f18",
			record: record(
				2,
				at(32, 5) - day,
				"PreToolUse",
				"Bash",
				"npm run build",
				{ command: "npm run build" },
				[[guard, exited(0, 36)]],
				[],
			),
		},
	];
};

interface Mounted {
	readonly terminal: VirtualTerminal;
	readonly tui: TuiMainScreen;
	readonly killSwitch: KillSwitch;
	send(...keys: string[]): void;
	screen(): Promise<Screen>;
	close(): void;
}

const theme = (): PanelTheme => fromPiTheme(piDarkTheme());

const TRANSCRIPT = [
	" npm test",
	" $ npm test",
	"  42 passing (1.3s)",
	"",
	" rm -rf build",
	" $ rm -rf build",
	" Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf build",
];

/** The panel over a transcript, with the log filled and the lockfile hook switched off. */
const mount = (rows = ROWS, withHistory = false): Mounted => {
	const ui = theme();
	const dir = mkdtempSync(join(tmpdir(), "panel-shots-"));
	const state = createHookState(join(dir, "state.json"), () => new Date(2026, 10, 30, 9, 40, 0));
	state.setEnabled(entry("protect-lockfiles"), false);
	const log = createFiringLog();
	fillLog(log);
	const killSwitch = createKillSwitch();
	const fixed = config();
	const base = createPanelServices({
		config: () => fixed,
		sources: SOURCES,
		log,
		state,
		killSwitch,
		trusted: () => true,
	});
	const services = withHistory
		? {
				...base,
				log: { ...base.log, sessionId: () => "5f0c9a3e" },
				journal: { history: earlierSessions, exportRecords: () => ({ file: "" }), runs: () => [] },
			}
		: base;
	const terminal = new VirtualTerminal(COLS, rows);
	const tui = new TuiMainScreen(terminal);
	tui.addChild(new Text(ui.fg("muted", TRANSCRIPT.join("\n")), 0, 0));
	const panel = new HooksPanel(ui, panelKeys(new KeybindingsManager(TUI_KEYBINDINGS)), services, {
		requestRender: () => tui.requestRender(),
		close: () => tui.hideOverlay(),
		rows: () => terminal.rows,
		schedule: () => {},
	});
	tui.showOverlay(panel, PANEL_OVERLAY_OPTIONS);
	tui.start();
	return {
		terminal,
		tui,
		killSwitch,
		send: (...keys) => {
			for (const key of keys) terminal.send(key);
		},
		async screen() {
			tui.renderNow();
			return terminal.screen();
		},
		close() {
			tui.stop();
			terminal.dispose();
			rmSync(dir, { recursive: true, force: true });
		},
	};
};

const shot = async (keys: readonly string[], rows = ROWS, withHistory = false): Promise<Screen> => {
	const mounted = mount(rows, withHistory);
	try {
		mounted.send(...keys);
		return await mounted.screen();
	} finally {
		mounted.close();
	}
};

const DOWN = "\x1b[B";

export const shots: Shot[] = [
	{ name: "panel-list", screen: () => shot([DOWN, DOWN, DOWN]) },
	{ name: "panel-filter", screen: () => shot([..."bash"]) },
	{ name: "panel-log", screen: () => shot(["\t", DOWN]) },
	{ name: "panel-log-details", screen: () => shot(["\t", "\r"], 44) },
	// History across sessions: Ctrl+L adds the journal's earlier sessions to the log.
	{ name: "panel-log-history", screen: () => shot(["\t", "\x0c"], ROWS, true) },
	{ name: "panel-hook-details", screen: () => shot([DOWN, DOWN, "\r"], 40) },
	{
		name: "panel-editor",
		// ctrl+n, then a matcher regex that does not compile and a timeout that is not a number, then Enter.
		screen: () =>
			shot([
				"\x0e",
				..."./.claude/hooks/no-secrets.sh",
				"\x1b[Z",
				"\x1b[Z",
				"\x15",
				..."Edit|Write(",
				"\t",
				"\t",
				"\t",
				..."ten",
				"\r",
			]),
	},
	{
		name: "panel-kill-switch",
		async screen() {
			// pi after ctrl+shift+h: the notice in the transcript and "hooks off" in the footer.
			const ui = theme();
			const root = new Container();
			root.addChild(new Text(ui.fg("muted", TRANSCRIPT.slice(0, 3).join("\n")), 0, 0));
			root.addChild(new Spacer(1));
			root.addChild(
				new Text(
					ui.fg(
						"warning",
						"hooks: ALL HOOKS ARE OFF for this pi session (not saved; a restart turns them on). " +
							"ctrl+shift+h turns them back on.",
					),
					1,
					0,
				),
			);
			root.addChild(new Spacer(1));
			root.addChild(new Text(ui.fg("borderMuted", "\u2500".repeat(COLS)), 0, 0));
			root.addChild(new Text(" ", 0, 0));
			root.addChild(new Text(ui.fg("borderMuted", "\u2500".repeat(COLS)), 0, 0));
			root.addChild(new Text(ui.fg("dim", "~/shop"), 0, 0));
			root.addChild(
				new Text(ui.fg("dim", `\u21911.3k \u219317 0.5%/128k (auto)${" ".repeat(COLS - 36)}fake-model`), 0, 0),
			);
			root.addChild(
				new Text(
					footerText(
						{
							counts: { ...NO_CARDS, blocked: 1 },
							killSwitch: true,
							hooks: { ...NO_HOOKS, off: 1 },
							running: [],
						},
						ui,
					) ?? "",
					0,
					0,
				),
			);
			return renderComponent(root, COLS, 16);
		},
	},
	{ name: "panel-kill-switch-panel", screen: () => shot(["\x1b[104;6u"], 20) },
];
