/**
 * Screenshot of the approval dialog for project hooks: every field of each hook, the script a hook runs marked
 * as changed, and a list taller than the room it has, so it scrolls and says what is not shown yet. pi's dark
 * theme, fixed paths.
 */
import { Text, TuiMainScreen } from "@earendil-works/pi-tui";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { ApprovalDialog } from "../../src/ui/approval-dialog.ts";
import { approvalIntro } from "../../src/ui/approval-intro.ts";
import { approvalListLines, type ListedHook } from "../../src/ui/approval-list.ts";
import { fromPiTheme } from "../../src/ui/theme.ts";
import type { Screen } from "../../test/support/screen.ts";
import { VirtualTerminal } from "../../test/support/virtual-terminal.ts";
import { piDarkTheme } from "../screenshot/pi-theme.ts";
import type { Shot } from "../screenshots.ts";

const COLS = 110;
const ROWS = 24;

const settings = {
	hooks: {
		PreToolUse: [
			{
				matcher: "Bash",
				hooks: [
					{ type: "command", command: 'python3 "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.py', timeout: 10 },
					{
						type: "http",
						url: "https://audit.example.com/hooks",
						headers: { Authorization: "Bearer $GITHUB_TOKEN" },
						allowedEnvVars: ["GITHUB_TOKEN"],
					},
					{
						type: "command",
						command: "npx",
						args: ["eslint", "--fix"],
						async: true,
						if: "Bash(git commit *)",
					},
				],
			},
		],
		Stop: [{ hooks: [{ type: "prompt", prompt: "Did the agent finish every task?", model: "fast" }] }],
	},
};

const screen = async (): Promise<Screen> => {
	const ui = fromPiTheme(piDarkTheme());
	const entries = parseSettingsText(JSON.stringify(settings), {
		scope: "claude-project",
		file: "/home/dev/shop/.claude/settings.json",
		project: true,
	}).entries;
	const hooks: ListedHook[] = entries.map((entry, index) => ({
		entry,
		change: index === 0 ? "changed" : "new",
		scripts:
			index === 0
				? [{ shown: ".claude/hooks/guard.py", hash: "0".repeat(64), named: true, state: "changed" as const }]
				: [],
	}));
	const terminal = new VirtualTerminal(COLS, ROWS);
	const tui = new TuiMainScreen(terminal);
	tui.addChild(new Text(ui.fg("muted", " pi in /home/dev/shop"), 0, 0));
	tui.addChild(
		new ApprovalDialog({
			title: `Run ${hooks.length} new or changed project hook(s)?`,
			intro: approvalIntro(entries),
			lines: approvalListLines(hooks),
			theme: ui,
			rows: () => ROWS,
			key: () => undefined,
			done: () => {},
		}),
	);
	tui.start();
	try {
		tui.renderNow();
		return await terminal.screen();
	} finally {
		tui.stop();
		terminal.dispose();
	}
};

export const shots: Shot[] = [{ name: "approval-dialog", screen }];
