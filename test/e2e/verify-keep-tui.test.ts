/**
 * Keep or undo in the real pi's TUI (tmux): a hook file the agent rewrote during a tool call (a `timeout 5 cp` the
 * self-guard cannot predict) is put back at once and its diff is shown; while the person reads it none of the change
 * runs. n leaves it undone (the user's guard keeps blocking); y writes the agent's version back as the person's own
 * edit, and its hook runs from then on. A change made while pi waits for the next prompt (another terminal) is not
 * the agent's: it is neither undone nor asked about.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookSettings, trustSandbox } from "../support/trust-sandbox.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

/** The user's guard: a PreToolUse hook that blocks any bash command that touches a file. */
const GUARD = { type: "command", command: "grep -q touch && { echo no touching >&2; exit 2; } || exit 0" };

/**
 * Starts pi on a sandbox whose user settings hold the guard, and lets the model replace them with settings whose
 * only hook (PostToolUse) touches `evil-ran`: resolves once the keep-or-undo dialog shows.
 */
const rewritten = async () => {
	const box = trustSandbox(suite.sandbox(), { user: hookSettings("PreToolUse", "Bash", GUARD) });
	const marker = join(box.root, "evil-ran");
	const settings = join(box.home, ".claude", "settings.json");
	const before = readFileSync(settings);
	const added = hookSettings("PostToolUse", undefined, { type: "command", command: `touch ${marker}` });
	const evil = `${JSON.stringify(added)}\n`;
	box.writeFile("project/evil.json", evil);
	const pi = suite.startPi(box);
	await pi.waitForAll("fake-model", "recorded 1 hook(s) as seen");
	pi.type("bash: timeout 5 cp evil.json ~/.claude/settings.json");
	pi.keys("Enter");
	const screen = await pi.waitForAll(
		"Keep the agent's change to 1 hook file(s)?",
		"~/.claude/settings.json (changed",
		"y / Enter: keep the agent's change",
	);
	return { box, pi, screen, marker, settings, before, evil };
};

describe("keep or undo a hook file the agent changed, in the TUI", () => {
	it("shows the diff with the change undone meanwhile; n leaves it undone and the guard keeps blocking", async () => {
		const { box, pi, screen, marker, settings, before } = await rewritten();
		expect(screen).toContain("+ ");
		expect(readFileSync(settings)).toEqual(before);
		pi.keys("n");
		await pi.waitFor("undone [hook_file_restored] ~/.claude/settings.json");
		await pi.waitFor("fake-model saw tool result");
		pi.type("bash: touch ran.txt");
		pi.keys("Enter");
		await pi.waitFor("no touching");
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(false);
		expect(existsSync(marker)).toBe(false);
		expect(readFileSync(settings)).toEqual(before);
	});

	it("y keeps the agent's version as the person's own edit: its hook runs from then on", async () => {
		const { box, pi, marker, settings, evil } = await rewritten();
		expect(existsSync(marker)).toBe(false);
		pi.keys("y");
		await pi.waitFor("kept [hook_file_kept] ~/.claude/settings.json");
		await pi.waitFor("fake-model saw tool result");
		expect(readFileSync(settings, "utf8")).toBe(evil);
		pi.type("bash: touch ran.txt");
		pi.keys("Enter");
		await pi.waitFor((text) => text.split("fake-model saw tool result").length > 2);
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(true);
		await pi.waitFor(() => existsSync(marker));
	});

	it("a change made while pi waits for a prompt (another terminal) is not undone, not asked about", async () => {
		const box = trustSandbox(suite.sandbox(), { user: hookSettings("PreToolUse", "Bash", GUARD) });
		const settings = join(box.home, ".claude", "settings.json");
		const pi = suite.startPi(box);
		await pi.waitForAll("fake-model", "recorded 1 hook(s) as seen");
		pi.type("bash: echo one");
		pi.keys("Enter");
		await pi.waitFor("fake-model saw tool result");
		// The user's own edit in another terminal, between two prompts.
		const mine = `${JSON.stringify(hookSettings("PreToolUse", "Read", GUARD))}\n`;
		writeFileSync(settings, mine);
		pi.type("bash: echo two");
		pi.keys("Enter");
		const screen = await pi.waitFor((text) => text.split("fake-model saw tool result").length > 2);
		expect(screen).not.toContain("Keep the agent's change");
		expect(screen).not.toContain("undone [");
		expect(readFileSync(settings, "utf8")).toBe(mine);
	});
});
