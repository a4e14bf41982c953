/**
 * The real pi in tmux: a guard blocks `rm -rf`, the decision card and the footer counter appear, a slow hook
 * shows its statusMessage while it runs; after quitting, `pi --session <id>` draws the card again with the
 * counter restored, and Ctrl+O expands the card to the full record.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, EXTENSION_PATH, PI_BIN, type PiSandbox, PROJECT_ROOT } from "../support/pi-env.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

const PROMPT_GUARD =
	'grep -q forbidden-word && { echo "prompt refused: it names the forbidden word" >&2; exit 2; }; exit 0 ' +
	`# ${"a long comment that makes the command wider than the terminal ".repeat(3)}`;

let llm: FakeLlm;
let sandbox: PiSandbox;
let tmux: TmuxServer;
/** The file whose creation lets the slow hook end. */
const RELEASE = () => join(sandbox.root, "release-slow-hook");
/** A shell loop that ends once RELEASE exists, or after 300 tenths of a second. */
const waitForRelease = (): string =>
	`i=0; while [ ! -f ${JSON.stringify(RELEASE())} ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done`;

beforeAll(async () => {
	llm = await startFakeLlm();
	sandbox = createPiSandbox({ fakeUrl: llm.url });
	// User-level hooks (~/.claude/settings.json): they need no project trust or approval.
	const hookDir = join(sandbox.home, ".claude", "hooks");
	mkdirSync(hookDir, { recursive: true });
	copyFileSync(join(PROJECT_ROOT, "test", "fixtures", "hooks", "block_dangerous_bash.py"), join(hookDir, "guard.py"));
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [{ type: "command", command: `python3 ${join(hookDir, "guard.py")}`, timeout: 10 }],
				},
				{
					matcher: "Bash",
					hooks: [
						{
							type: "command",
							// Runs until the test has seen its statusMessage (the release file), at most 30 s.
							command: waitForRelease(),
							if: "Bash(echo slow*)",
							statusMessage: "Checking the slow path",
						},
					],
				},
			],
			// A prompt guard with a long command: its card must show the reason, not the command before it.
			UserPromptSubmit: [{ hooks: [{ type: "command", command: PROMPT_GUARD }] }],
		},
	});
	mkdirSync(join(sandbox.projectDir, "victim"));
	tmux = createTmuxServer();
});

afterAll(async () => {
	tmux?.kill();
	await llm?.close();
	sandbox?.cleanup();
});

const env = () => sandbox.env({ TERM: "tmux-256color", COLORTERM: "truecolor" });

describe("decision cards and the footer counter in the real pi", () => {
	let sessionId = "";

	it("a blocked command draws a card and counts in the footer; a slow hook shows its statusMessage", async () => {
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], { name: "first", cwd: sandbox.projectDir, env: env() });
		await tmux.waitFor("fake-model", { name: "first" });
		tmux.type("bash: rm -rf victim", "first");
		tmux.keys(["Enter"], "first");
		const screen = await tmux.waitFor(/hooks 1 blocked/, { name: "first" });
		expect(screen).toMatch(
			/\u2717 blocked Bash \u00b7 guard\.py \u00b7 Dangerous command blocked: recursive forced delete/,
		);
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);

		tmux.type("bash: echo slow path", "first");
		tmux.keys(["Enter"], "first");
		await tmux.waitFor("hooks running Checking the slow path \u00b7 1 blocked", { name: "first" });
		writeFileSync(RELEASE(), "");
		await tmux.waitFor(
			(text) =>
				text.includes("fake-model saw tool result: slow path") && !text.includes("Checking the slow path"),
			{
				name: "first",
			},
		);
		expect(tmux.capture({ name: "first" })).toContain("hooks 1 blocked");

		await tmux.quit("first");
		const after = await tmux.waitFor(/pi --session ([0-9a-f-]{36})/, { name: "first" });
		sessionId = /pi --session ([0-9a-f-]{36})/.exec(after)?.[1] ?? "";
		expect(sessionId).not.toBe("");
	});

	it("pi --session <id> draws the card again and restores the counter; Ctrl+O shows the full record", async () => {
		expect(sessionId).not.toBe("");
		tmux.start([PI_BIN, "-e", EXTENSION_PATH, "--session", sessionId], {
			name: "resumed",
			cwd: sandbox.projectDir,
			env: env(),
		});
		const screen = await tmux.waitFor(/hooks 1 blocked/, { name: "resumed" });
		expect(screen).toMatch(/\u2717 blocked Bash \u00b7 guard\.py \u00b7 Dangerous command blocked/);

		tmux.keys(["C-o"], "resumed");
		const expanded = await tmux.waitFor("to collapse", { name: "resumed" });
		expect(expanded).toMatch(/event +PreToolUse/);
		expect(expanded).toMatch(/input +rm -rf victim/);
		expect(expanded).toMatch(/matcher +Bash/);
		expect(expanded).toMatch(/source +Claude user \u00b7 .*settings\.json/);
		expect(expanded).toMatch(/result +exit 2 \u00b7 [\d.]+m?s \u00b7 blocking/);
		expect(expanded).toMatch(
			/stderr +Dangerous command blocked: recursive forced delete \(rm -rf\)\. Command: rm -rf victim/,
		);
		expect(expanded).toContain("hooks 1 blocked");
		await tmux.quit("resumed");
		await tmux.waitFor(/pi --session/, { name: "resumed" });
	});

	it("a blocked prompt's card shows the hook's reason first, not its long command", async () => {
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], { name: "prompt", cwd: sandbox.projectDir, env: env() });
		await tmux.waitFor("fake-model", { name: "prompt" });
		tmux.type("say the forbidden-word", "prompt");
		tmux.keys(["Enter"], "prompt");
		const screen = await tmux.waitFor(/\u2717 blocked prompt UserPromptSubmit/, { name: "prompt" });
		expect(screen).toMatch(
			/\u2717 blocked prompt UserPromptSubmit \u00b7 grep \u00b7 prompt refused: it names the forbidden word/,
		);
		tmux.keys(["C-o"], "prompt");
		const expanded = await tmux.waitFor("to collapse", { name: "prompt" });
		expect(expanded).toMatch(/reason +prompt refused: it names the forbidden word\n/);
		expect(expanded).toMatch(/message +\[grep -q forbidden-word/);
		await tmux.quit("prompt");
	});
});
