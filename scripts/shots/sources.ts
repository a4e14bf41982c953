/**
 * Screenshot of the /hooks panel with hooks from every source: managed policy, the user's settings, a project
 * file, two plugins (one enabled by the project and waiting for approval), a skill in use and an agent
 * definition pi has no moment for. pi's dark theme, fixed paths.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KeybindingsManager, Text, TUI_KEYBINDINGS, TuiMainScreen } from "@earendil-works/pi-tui";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { settingsSources } from "../../src/engine/config/sources.ts";
import type { HookConfig, HookSource } from "../../src/engine/types.ts";
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

const COLS = 120;
const ROWS = 30;
const HOME = "/home/dev";
const SOURCES = settingsSources({ home: HOME, agentDir: `${HOME}/.pi/agent`, projectDir: `${HOME}/shop` });
const CACHE = `${HOME}/.claude/plugins/cache/my-marketplace`;

const plugin = (name: string, version: string, project: boolean): HookSource => ({
	scope: "plugin",
	file: `${CACHE}/${name}/${version}/hooks/hooks.json`,
	project,
	hooksPath: ["hooks"],
	plugin: {
		id: `${name}@my-marketplace`,
		root: `${CACHE}/${name}/${version}`,
		data: `${HOME}/.claude/plugins/data/${name}-my-marketplace`,
		options: {},
		forced: false,
	},
});

const bash = (command: string, event = "PreToolUse", matcher: string | null = "Bash") => ({
	hooks: { [event]: [{ ...(matcher === null ? {} : { matcher }), hooks: [{ type: "command", command }] }] },
});

const frontmatter = (source: HookSource, hooks: unknown) => parseSettingsText(JSON.stringify(hooks), source);

const config = (): HookConfig =>
	mergeSources(
		[
			parseSettingsText(JSON.stringify(bash("/opt/acme/bin/policy-guard")), {
				scope: "managed",
				file: "/etc/claude-code/managed-settings.json",
				project: false,
			}),
			parseSettingsText(
				JSON.stringify(bash("~/.claude/hooks/block_dangerous_bash.py")),
				SOURCES[0] as HookSource,
			),
			parseSettingsText(
				JSON.stringify(bash("npx prettier --write", "PostToolUse", "Write|Edit")),
				SOURCES[1] as HookSource,
			),
			parseSettingsText(
				JSON.stringify(bash('node "${CLAUDE_PLUGIN_ROOT}/scripts/guard.mjs"')),
				plugin("guard", "1.0.0", false),
			),
			parseSettingsText(JSON.stringify(bash("./lint-notes.sh", "PostToolUse")), plugin("notes", "0.2.0", true)),
			frontmatter(
				{ scope: "skill", file: `${HOME}/.pi/agent/skills/deploy/SKILL.md`, project: false, name: "deploy" },
				bash("./scripts/check-release.sh"),
			),
			frontmatter(
				{ scope: "agent", file: `${HOME}/.claude/agents/reviewer.md`, project: false, name: "reviewer" },
				bash("./review-stop.sh", "Stop", null),
			),
		],
		true,
		(entry) => !entry.source.plugin?.id.startsWith("notes"),
	);

const screen = async (): Promise<Screen> => {
	const ui = fromPiTheme(piDarkTheme());
	const dir = mkdtempSync(join(tmpdir(), "sources-shots-"));
	const fixed = config();
	const services = createPanelServices({
		config: () => fixed,
		sources: SOURCES,
		log: createFiringLog(),
		state: createHookState(join(dir, "state.json")),
		killSwitch: createKillSwitch(),
		trusted: () => true,
	});
	const terminal = new VirtualTerminal(COLS, ROWS);
	const tui = new TuiMainScreen(terminal);
	tui.addChild(new Text(ui.fg("muted", " /hooks"), 0, 0));
	const panel = new HooksPanel(ui, panelKeys(new KeybindingsManager(TUI_KEYBINDINGS)), services, {
		requestRender: () => tui.requestRender(),
		close: () => tui.hideOverlay(),
		rows: () => terminal.rows,
		schedule: () => {},
	});
	tui.showOverlay(panel, PANEL_OVERLAY_OPTIONS);
	tui.start();
	try {
		tui.renderNow();
		return await terminal.screen();
	} finally {
		tui.stop();
		terminal.dispose();
		rmSync(dir, { recursive: true, force: true });
	}
};

export const shots: Shot[] = [{ name: "panel-sources", screen }];
