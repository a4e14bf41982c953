/**
 * Screenshots of decision cards in pi's dark theme: a transcript of compact cards of several kinds with the
 * footer counter under them, and one card expanded to the full record.
 */
import { Container, Spacer, Text } from "@earendil-works/pi-tui";
import { CARD_VERSION, type Card, type CardHook } from "../../src/engine/plan/card.ts";
import { CardView } from "../../src/ui/card-view.ts";
import { countCards, footerText } from "../../src/ui/footer-status.ts";
import { fromPiTheme, type PanelTheme } from "../../src/ui/theme.ts";
import type { Screen } from "../../test/support/screen.ts";
import { piDarkTheme } from "../screenshot/pi-theme.ts";
import { renderComponent } from "../screenshot/render.ts";
import type { Shot } from "../screenshots.ts";

const COLS = 100;
const TIME = Date.UTC(2026, 10, 30, 9, 45, 7);
const SETTINGS = "/home/dev/shop/.claude/settings.json";

const hook = (command: string, overrides: Partial<CardHook> = {}): CardHook => ({
	id: command,
	command,
	matcher: "Bash",
	scope: "claude-project",
	source: "Claude project",
	file: SETTINGS,
	exitCode: 0,
	durationMs: 38,
	status: "success",
	stdout: "",
	stderr: "",
	...overrides,
});

const record = (fields: Partial<Card> & Pick<Card, "kind" | "reason" | "hooks">): Card => ({
	version: CARD_VERSION,
	event: "PreToolUse",
	tool: "Bash",
	input: "",
	time: TIME,
	...fields,
});

const GUARD = 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/block_dangerous_bash.py"';

/** The block of `rm -rf build` by the destructive-command guard. */
const BLOCK = record({
	kind: "block",
	input: "rm -rf build",
	reason:
		`PreToolUse:Bash hook error: [${GUARD}]: Dangerous command blocked: recursive forced delete (rm -rf). ` +
		"Command: rm -rf build\n",
	hooks: [
		hook(GUARD, {
			exitCode: 2,
			durationMs: 41,
			status: "blocking",
			stderr: "Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf build\n",
		}),
	],
});

const TRANSCRIPT: readonly Card[] = [
	BLOCK,
	record({
		kind: "ask",
		answer: "denied",
		input: "git push origin main",
		reason: "git push publishes commits - confirm?",
		hooks: [hook('python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/bash_policy.py"')],
	}),
	record({
		kind: "rewrite",
		input: "npm test",
		reason: 'input rewritten to {"command":"npm test -- --reporter=dot"}',
		hooks: [hook("./.claude/hooks/quiet-tests.sh")],
	}),
	record({
		kind: "context",
		event: "PostToolUse",
		tool: "Write",
		input: "src/cart.ts",
		reason:
			"<system-reminder>\n" +
			"PostToolUse:Write hook additional context: formatted with prettier (2 changes)\n</system-reminder>",
		hooks: [hook("npx prettier --write", { matcher: "Write|Edit" })],
	}),
	record({
		kind: "allow",
		event: "PermissionRequest",
		input: "npm run build",
		reason: "Allowed by PermissionRequest hook",
		hooks: [hook("./.claude/hooks/allow-builds.sh")],
	}),
	record({
		kind: "error",
		input: "make deploy",
		reason: "exit code 1: config file .deploy.toml not found",
		hooks: [
			hook("./.claude/hooks/deploy-check.sh", {
				exitCode: 1,
				status: "error",
				stderr: "config file .deploy.toml not found\n",
			}),
		],
	}),
];

const screenOf = (component: Container, rows: number): Promise<Screen> => renderComponent(component, COLS, rows);

const theme = (): PanelTheme => fromPiTheme(piDarkTheme());

/** A line of muted text the way pi shows tool output, to give the cards their surroundings. */
const muted = (ui: PanelTheme, text: string): Text => new Text(ui.fg("muted", text), 1, 0);

export const shots: Shot[] = [
	{
		name: "decision-cards-compact",
		async screen() {
			const ui = theme();
			const root = new Container();
			root.addChild(new Text(ui.bold("$ rm -rf build"), 1, 0));
			root.addChild(
				muted(ui, "Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf build"),
			);
			for (const item of TRANSCRIPT) {
				root.addChild(new Spacer(1));
				root.addChild(new CardView(item, { expanded: false, theme: ui }));
			}
			root.addChild(new Spacer(1));
			root.addChild(new Text(ui.fg("borderMuted", "\u2500".repeat(COLS)), 0, 0));
			root.addChild(
				new Text(
					footerText(
						{ counts: countCards(TRANSCRIPT), killSwitch: false, hooks: undefined, running: [] },
						ui,
					) ?? "",
					0,
					0,
				),
			);
			return screenOf(root, 17);
		},
	},
	{
		name: "decision-card-expanded",
		async screen() {
			const ui = theme();
			const root = new Container();
			root.addChild(
				new CardView(BLOCK, {
					expanded: true,
					theme: ui,
					collapseHint: `${ui.fg("dim", "ctrl+o")}${ui.fg("muted", " to collapse")}`,
				}),
			);
			root.addChild(new Spacer(1));
			root.addChild(new Text(ui.fg("borderMuted", "\u2500".repeat(COLS)), 0, 0));
			root.addChild(
				new Text(
					footerText({ counts: countCards([BLOCK]), killSwitch: false, hooks: undefined, running: [] }, ui) ??
						"",
					0,
					0,
				),
			);
			return screenOf(root, 17);
		},
	},
];
