/**
 * The /hooks panel in the real pi, in tmux: it opens, a hook fires while it is open and the log shows it
 * without a key press, switching a hook off stops it from firing, a hook added in the editor fires on the
 * next tool call, and ctrl+shift+h switches every hook off (the footer says so, each row reads `off (all)`) and on
 * again.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let sandbox: PiSandbox;
let tmux: TmuxServer;
let fired: string;

beforeAll(async () => {
	llm = await startFakeLlm();
	sandbox = createPiSandbox({ fakeUrl: llm.url });
	fired = join(sandbox.root, "fired.log");
	// User-level hooks (~/.claude/settings.json): each appends its name to fired.log when it runs.
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: {
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo pre >> ${fired}` }] }],
			PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo post >> ${fired}` }] }],
		},
	});
	tmux = createTmuxServer();
	await startPiTui(tmux, sandbox, { env: { COLORTERM: "truecolor" }, cols: 110, rows: 36 });
});

afterAll(async () => {
	tmux?.kill();
	await llm?.close();
	sandbox?.cleanup();
});

/** The names of the hooks that ran so far, in order. */
const firedHooks = (): string[] =>
	existsSync(fired)
		? readFileSync(fired, "utf8")
				.split("\n")
				.filter((line) => line !== "")
		: [];

/** Sends a prompt to the scripted model and waits until the model saw the tool result. */
const runBash = async (marker: string): Promise<void> => {
	tmux.type(`bash: echo ${marker}`);
	tmux.keys(["Enter"]);
	await tmux.waitFor(`fake-model saw tool result: ${marker}`);
};

const openPanel = async (): Promise<string> => {
	tmux.type("/hooks");
	tmux.keys(["Enter"]);
	return tmux.waitFor("Filter:");
};

describe("the /hooks panel in the real pi", () => {
	it("opens over pi and its log shows a hook that fires while it is open", async () => {
		tmux.type("bash: sleep 2; echo slow");
		tmux.keys(["Enter"]);
		await tmux.waitFor("$ sleep 2; echo slow");
		// The panel opens while the tool still runs; PostToolUse fires about two seconds later.
		const panel = await openPanel();
		expect(panel).toMatch(/on +cmd +echo pre >> /);
		expect(panel).toContain("Claude user");
		tmux.keys(["Tab"]);
		const log = await tmux.waitFor(/PostToolUse +Bash sleep 2/);
		expect(log).toMatch(/PreToolUse +Bash sleep 2/);
		expect(firedHooks()).toEqual(["pre", "post"]);
		tmux.keys(["Escape"]);
		await tmux.waitFor(
			(screen) => !screen.includes("Filter:") && screen.includes("fake-model saw tool result: slow"),
		);
	});

	it("a hook switched off in the panel does not fire, and says so in the list", async () => {
		await openPanel();
		tmux.type("echo pre");
		tmux.keys(["C-t"]);
		const screen = await tmux.waitFor(/> off +cmd +echo pre >> /);
		expect(screen).toContain("Disabled: PreToolUse echo pre");
		// The first esc clears the filter, the second closes the panel (sent apart: ESC ESC would read as one key).
		tmux.keys(["Escape"]);
		await tmux.waitFor("Filter: type to filter");
		tmux.keys(["Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"));
		await tmux.waitFor("1 switched off");
		await runBash("second");
		expect(firedHooks()).toEqual(["pre", "post", "post"]);
		const state = JSON.parse(readFileSync(join(sandbox.agentDir, "pi-hook-manager", "state.json"), "utf8"));
		expect(Object.values(state.disabled)).toMatchObject([{ event: "PreToolUse", target: `echo pre >> ${fired}` }]);
	});

	it("a hook added in the editor is saved to the chosen file and fires on the next tool call", async () => {
		await openPanel();
		tmux.keys(["C-n"]);
		await tmux.waitFor("Add a hook");
		tmux.type(`echo added >> ${fired}`);
		tmux.keys(["Enter"]);
		await tmux.waitFor("Saved PreToolUse hook to Claude project");
		const settings = JSON.parse(readFileSync(join(sandbox.projectDir, ".claude", "settings.json"), "utf8"));
		expect(settings).toEqual({
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo added >> ${fired}` }] }],
			},
		});
		tmux.keys(["Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"));
		await runBash("third");
		expect(firedHooks()).toEqual(["pre", "post", "post", "added", "post"]);
	});

	it("ctrl+shift+h switches every hook off, the footer says so, and on again", async () => {
		tmux.keys(["C-S-h"]);
		const off = await tmux.waitFor(/hooks off/);
		expect(off).toContain("ALL HOOKS ARE OFF for this pi session");
		await runBash("fourth");
		expect(firedHooks()).toHaveLength(5);
		const panel = await openPanel();
		expect(panel).toContain("ALL HOOKS ARE OFF in this pi session");
		// Every row says its hook does not run: `off (all)`, or `off` for the one switched off before.
		expect(panel).toMatch(/off \(all\) +cmd +echo post >> /);
		expect(panel).toMatch(/off +cmd +echo pre >> /);
		expect(panel).not.toMatch(/\bon +cmd /);
		tmux.keys(["Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"));
		tmux.keys(["C-S-h"]);
		await tmux.waitFor((text) => text.includes("hooks are on again") && !/hooks off/.test(text));
		await runBash("fifth");
		expect(firedHooks()).toEqual(["pre", "post", "post", "added", "post", "added", "post"]);
	});
});
