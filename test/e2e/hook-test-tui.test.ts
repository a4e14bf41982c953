/**
 * The hook workbench in the real pi, in tmux: a hook tested from its row in /hooks runs for real against a
 * sample input and shows what it would have done, yet the session has no card and no count; the same hook
 * then fires for real and does block; a logged event is replayed; the editor tests its draft and keeps it
 * through Esc and a refused save; a hook whose output Claude Code ignores gets one notice that names the field
 * and the fix.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let sandbox: PiSandbox;
let tmux: TmuxServer;
let ran: string;

const DENY = JSON.stringify({
	hookSpecificOutput: {
		hookEventName: "PreToolUse",
		permissionDecision: "deny",
		permissionDecisionReason: "guarded",
	},
});

beforeAll(async () => {
	llm = await startFakeLlm();
	sandbox = createPiSandbox({ fakeUrl: llm.url });
	ran = join(sandbox.root, "ran.log");
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: {
			// Denies any bash command that mentions "forbidden"; records every run with its stdin.
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{
							type: "command",
							command: `tee -a ${ran} | grep -q forbidden && echo '${DENY}'; echo >> ${ran}; exit 0`,
						},
					],
				},
			],
			UserPromptSubmit: [
				{ hooks: [{ type: "command", command: `echo '{"additionalContext": "it is Monday"}'` }] },
			],
		},
	});
	tmux = createTmuxServer();
	await startPiTui(tmux, sandbox, { env: { COLORTERM: "truecolor" }, cols: 120, rows: 50 });
});

afterAll(async () => {
	// Quit pi and wait for it to exit, so the sandbox is not removed while pi still writes its last files.
	await tmux?.quit().catch(() => undefined);
	tmux?.kill();
	await llm?.close();
	sandbox?.cleanup();
});

const openPanel = async (): Promise<string> => {
	tmux.type("/hooks");
	tmux.keys(["Enter"]);
	return tmux.waitFor("Filter:");
};

/** Esc leaves the test view, clears the filter, then closes the panel; each Esc waits for its screen. */
const closePanel = async (): Promise<void> => {
	if (tmux.capture().includes("Hooks > test")) {
		tmux.keys(["Escape"]);
		await tmux.waitFor((screen) => !screen.includes("Hooks > test"));
	}
	if (!tmux.capture().includes("Filter: type to filter")) {
		tmux.keys(["Escape"]);
		await tmux.waitFor("Filter: type to filter");
	}
	tmux.keys(["Escape"]);
	await tmux.waitFor((screen) => !screen.includes("Filter:"));
};

const runs = (): string => readFileSync(ran, "utf8");

/**
 * Waits for a finished test run showing `text`: the keys line says "esc back" only once the run is over, and
 * it is drawn last, so a screen caught while pi is still redrawing (the result's first lines new, the rest old)
 * is not taken for the result.
 */
const waitForRun = (text: string): Promise<string> =>
	tmux.waitFor((screen) => screen.includes(text) && !screen.includes("Running ") && screen.includes("esc back"));

describe("test a hook and replay an event in the real pi", () => {
	it("a test run from the hook row runs the real hook on an edited sample and changes nothing else", async () => {
		await openPanel();
		tmux.type("tee -a");
		tmux.keys(["C-r"]);
		await tmux.waitFor("Test a hook");
		await tmux.waitFor('"command": "echo hello"');
		// Edit the sample: one more field the guard looks for, after the "{" the cursor starts on, then run it.
		tmux.keys(["Right"]);
		tmux.type(' "why": "forbidden",');
		tmux.keys(["C-r"]);
		const result = await waitForRun("would deny: guarded");
		expect(result).toContain("a dry run: nothing in the session changed");
		expect(result).toMatch(/Exit code\s+0/);
		// The JSON deny's permissionDecisionReason is the run's Reason too.
		expect(result).toMatch(/Reason\s+guarded/);
		expect(runs()).toContain('"why": "forbidden"');
		expect(runs()).toContain('"hook_event_name": "PreToolUse"');
		await closePanel();
		// No card, no count: the footer has no hook counter and the transcript no block card.
		const screen = tmux.capture();
		expect(screen).not.toMatch(/hooks \d+ blocked/);
		expect(screen).not.toContain("guarded");
	});

	it("the same hook fires for real afterwards and does block (a card and a count)", async () => {
		tmux.type("bash: echo forbidden");
		tmux.keys(["Enter"]);
		await tmux.waitFor(/hooks 1 blocked/);
	});

	it("replays the logged event's input from the log against the hook", async () => {
		await openPanel();
		tmux.keys(["Tab"]);
		tmux.type("echo forbidden");
		await tmux.waitFor(/PreToolUse +Bash echo forbidden/);
		tmux.keys(["C-r"]);
		await tmux.waitFor("Replay a logged event");
		await tmux.waitFor('"command": "echo forbidden"');
		tmux.keys(["C-r"]);
		const replayed = await waitForRun("would deny: guarded");
		expect(replayed).toMatch(/Reason\s+guarded/);
		tmux.keys(["Escape"]);
		const log = await tmux.waitFor("[test] Bash echo forbidden");
		expect(log).toMatch(/PreToolUse +\[test\] Bash echo forbidden/);
		await closePanel();
		expect(tmux.capture()).toMatch(/hooks 1 blocked/);
	});

	it("the editor tests its draft before saving, keeps it through Esc and a refused save, then saves it", async () => {
		await openPanel();
		tmux.keys(["C-n"]);
		await tmux.waitFor("Add a hook");
		tmux.type(`echo '{"decision": "block", "reason": "draft says no"}'`);
		tmux.keys(["Escape"]);
		await tmux.waitFor("Discard your changes?");
		tmux.keys(["Escape"]);
		await tmux.waitFor((screen) => !screen.includes("Discard your changes?"));
		tmux.keys(["C-r"]);
		await tmux.waitFor("Test the unsaved hook");
		tmux.keys(["C-r"]);
		await waitForRun("would block: draft says no");
		tmux.keys(["Escape"]);
		await tmux.waitFor("Add a hook");
		// Another program writes the project file meanwhile: the save is refused, the draft stays.
		sandbox.writeJson("project/.claude/settings.json", { env: { FROM: "elsewhere" } });
		tmux.keys(["Enter"]);
		const refused = await tmux.waitFor("Your draft is kept");
		expect(refused).toContain("changed on disk since the panel read it");
		expect(refused).toContain("draft says no");
		tmux.keys(["Enter"]);
		await tmux.waitFor("Saved PreToolUse hook to Claude project");
		const saved = JSON.parse(readFileSync(join(sandbox.projectDir, ".claude", "settings.json"), "utf8"));
		expect(saved.env).toEqual({ FROM: "elsewhere" });
		expect(JSON.stringify(saved.hooks)).toContain("draft says no");
		await closePanel();
	});

	it("tells once that a hook's output is ignored, naming the field and what to write instead", async () => {
		tmux.type("hello there");
		tmux.keys(["Enter"]);
		const screen = await tmux.waitFor("output is ignored by Claude Code");
		expect(screen.replace(/\s+/g, " ")).toContain('additionalContext: top-level "additionalContext" is ignored');
		await tmux.waitFor("echo: hello there");
	});
});
