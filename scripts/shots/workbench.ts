/**
 * Screenshots of the hook workbench in pi's dark theme: a test run from a hook row (what the hook would have
 * done, its exit code and output; nothing in the session changed) and a lint in the log details (output that
 * Claude Code ignores, with the field and what to write instead). Fixed paths, times and durations: the run's
 * outcome is a literal one, interpreted by the real engine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KeybindingsManager, Text, TUI_KEYBINDINGS, TuiMainScreen } from "@earendil-works/pi-tui";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { settingsSources } from "../../src/engine/config/sources.ts";
import { interpretOutcome } from "../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../src/engine/ports.ts";
import { type FiringRecord, firingRecord } from "../../src/engine/record/firing-record.ts";
import type { HookConfig, HookEntry } from "../../src/engine/types.ts";
import { withLints } from "../../src/pi/manager/lint-notices.ts";
import { createKillSwitch, createPanelServices } from "../../src/pi/manager/panel-services.ts";
import { createHookState } from "../../src/pi/stores/hook-state.ts";
import { createFiringLog } from "../../src/ui/panel/firing-log.ts";
import { HooksPanel, PANEL_OVERLAY_OPTIONS } from "../../src/ui/panel/hooks-panel.ts";
import { panelKeys } from "../../src/ui/panel/keys.ts";
import { fromPiTheme } from "../../src/ui/theme.ts";
import type { Screen } from "../../test/support/screen.ts";
import { VirtualTerminal } from "../../test/support/virtual-terminal.ts";
import { piDarkTheme } from "../screenshot/pi-theme.ts";
import type { Shot } from "../screenshots.ts";

const COLS = 110;
const SOURCES = settingsSources({ home: "/home/dev", agentDir: "/home/dev/.pi/agent", projectDir: "/home/dev/shop" });
const SESSION = {
	sessionId: "5f0c9a3e-2b1d-4c7e-9a55-0d3e8f1b2c4a",
	transcriptPath: "/home/dev/.pi/agent/sessions/5f0c9a3e.jsonl",
	cwd: "/home/dev/shop",
	projectDir: "/home/dev/shop",
	promptId: undefined,
	home: "/home/tester",
};

const SETTINGS: Readonly<Record<number, unknown>> = {
	0: {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [{ type: "command", command: "~/.claude/hooks/block_dangerous_bash.py", timeout: 10 }],
				},
			],
		},
	},
	1: {
		hooks: {
			UserPromptSubmit: [{ hooks: [{ type: "command", command: "./.claude/hooks/today.sh" }] }],
		},
	},
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

const at = (minute: number, second: number): number => new Date(2026, 10, 30, 9, minute, second).getTime();

/** The guard's answer to the sample command once the user typed `rm -rf build` into it. */
const GUARD_OUTCOME = exited(
	2,
	43,
	"",
	"Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf build\n",
);

/** A prompt hook that puts its context at the top level, where Claude Code ignores it. */
const TODAY_STDOUT = `${JSON.stringify({ additionalContext: "Today is Monday; the release branch is frozen." })}\n`;

const mount = (rows: number) => {
	const ui = fromPiTheme(piDarkTheme());
	const dir = mkdtempSync(join(tmpdir(), "workbench-shots-"));
	const log = createFiringLog();
	const today = entry("today.sh");
	const input = {
		session_id: SESSION.sessionId,
		cwd: SESSION.cwd,
		hook_event_name: "UserPromptSubmit",
		prompt: "ship it",
	};
	const prompt = `${JSON.stringify(input)}\n`;
	const logged: FiringRecord = firingRecord({
		seq: 1,
		time: at(47, 12),
		event: "UserPromptSubmit",
		matchQuery: undefined,
		summary: "ship it",
		stdin: prompt,
		verdicts: [interpretOutcome(today, "UserPromptSubmit", exited(0, 19, TODAY_STDOUT))],
		notRun: [],
	});
	log.add(withLints(logged));
	const fixed = config();
	const services = createPanelServices({
		config: () => fixed,
		sources: SOURCES,
		log,
		state: createHookState(join(dir, "state.json"), () => new Date(2026, 10, 30, 9, 40, 0)),
		killSwitch: createKillSwitch(),
		trusted: () => true,
		session: () => SESSION,
		cwd: SESSION.cwd,
		testRun: async ({ entry: hook, stdin }) => {
			const verdict = interpretOutcome(hook, hook.event, GUARD_OUTCOME);
			const record: FiringRecord = firingRecord({
				seq: 2,
				time: at(48, 3),
				event: hook.event,
				matchQuery: "Bash",
				summary: "rm -rf build",
				stdin,
				verdicts: [verdict],
				notRun: [],
				test: true,
			});
			return { verdict, record };
		},
	});
	const terminal = new VirtualTerminal(COLS, rows);
	const tui = new TuiMainScreen(terminal);
	tui.addChild(new Text(ui.fg("muted", [" ship it", " echo: ship it"].join("\n")), 0, 0));
	const panel = new HooksPanel(ui, panelKeys(new KeybindingsManager(TUI_KEYBINDINGS)), services, {
		requestRender: () => tui.requestRender(),
		close: () => tui.hideOverlay(),
		rows: () => terminal.rows,
		schedule: () => {},
	});
	tui.showOverlay(panel, PANEL_OVERLAY_OPTIONS);
	tui.start();
	return {
		send: (...keys: string[]) => {
			for (const key of keys) terminal.send(key);
		},
		async screen(): Promise<Screen> {
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

const CTRL_R = "\x12";
const BACKSPACE = "\x7f";
const DOWN = "\x1b[B";
const END = "\x05";

/** A test run of the guard on its sample input, with the command edited to `rm -rf build` first. */
const testRunShot = async (): Promise<Screen> => {
	const mounted = mount(44);
	try {
		mounted.send(..."block_dangerous", CTRL_R);
		await mounted.screen();
		// Edit the sample's command to `rm -rf build` (the cursor starts on "{": eight lines down, end of line,
		// delete `echo hello",`).
		const down = Array.from({ length: 8 }, () => DOWN);
		mounted.send(...down, END, ...Array.from({ length: 12 }, () => BACKSPACE), ...'rm -rf build",');
		await mounted.screen();
		mounted.send(CTRL_R);
		await new Promise((resolve) => setImmediate(resolve));
		return await mounted.screen();
	} finally {
		mounted.close();
	}
};

const lintShot = async (): Promise<Screen> => {
	const mounted = mount(36);
	try {
		mounted.send("\t", "\r");
		return await mounted.screen();
	} finally {
		mounted.close();
	}
};

export const shots: Shot[] = [
	{ name: "panel-test-run", screen: testRunShot },
	{ name: "panel-lint", screen: lintShot },
];
