/** Test helpers: decision records built from literal values (what the engine would record). */
import { CARD_VERSION, type Card, type CardHook } from "../../src/engine/plan/card.ts";

/** A hook as a record holds it: the destructive-command guard of the demo, exit 2 after 41 ms. */
export const guardHook = (overrides: Partial<CardHook> = {}): CardHook => ({
	id: "hook-guard",
	command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/block_dangerous_bash.py"',
	matcher: "Bash",
	scope: "claude-project",
	source: "Claude project",
	file: "/home/dev/project/.claude/settings.json",
	exitCode: 2,
	durationMs: 41,
	status: "blocking",
	stdout: "",
	stderr: "Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf victim\n",
	...overrides,
});

/** A PreToolUse block of `rm -rf victim` by {@link guardHook}; fields can be overridden. */
export const blockRecord = (overrides: Partial<Card> = {}): Card => ({
	version: CARD_VERSION,
	kind: "block",
	event: "PreToolUse",
	tool: "Bash",
	input: "rm -rf victim",
	hooks: [guardHook()],
	reason:
		'PreToolUse:Bash hook error: [python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/block_dangerous_bash.py"]: ' +
		"Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf victim\n",
	time: Date.UTC(2026, 10, 30, 9, 45, 7),
	...overrides,
});
