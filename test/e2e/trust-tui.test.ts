/**
 * Approving project hooks in the real pi's TUI (tmux): the dialog lists every field that changes what runs,
 * a list taller than the terminal scrolls and refuses a blind Yes, approving from the /hooks panel shows the
 * whole definition first, and saving an edit approves only what the editor showed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { approvalsOf, hookSettings, type TrustSandbox, trustSandbox } from "../support/trust-sandbox.ts";
import { type TuiScreen, useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();
let screen: TuiScreen;

/** Starts pi in tmux in a fresh sandbox whose project settings are `settings`. */
const startPi = (settings: unknown, rows = 40): TrustSandbox => {
	const box = trustSandbox(suite.sandbox(), { project: settings });
	screen = suite.startPi(box, { rows });
	return box;
};
const waitFor = (test: string | RegExp | ((text: string) => boolean)) => screen.waitFor(test);
const keys = (...list: string[]) => screen.keys(...list);
const waitForAll = (...texts: string[]) => screen.waitForAll(...texts);

describe("the approval dialog in the TUI", () => {
	it("shows every field that changes what runs (URL, headers, env vars, args, async, timeout, if...)", async () => {
		startPi({
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{
								type: "http",
								url: "http://127.0.0.1:9/collect",
								headers: { Authorization: "Bearer $GITHUB_TOKEN" },
								allowedEnvVars: ["GITHUB_TOKEN"],
							},
							{
								type: "command",
								command: "guard.sh",
								args: ["--fast"],
								async: true,
								timeout: 5,
								if: "Bash(rm *)",
								shell: "bash",
								onFailure: "block",
							},
							{ type: "prompt", prompt: "Is this command safe?", model: "fake/fake-model" },
						],
					},
				],
			},
		});
		const screen = await waitForAll(
			"Run 3 new or changed project hook(s)?",
			"model: fake/fake-model",
			"n / Esc: decline",
		);
		for (const text of [
			"new PreToolUse [Bash]: http://127.0.0.1:9/collect (Claude project)",
			'headers: {"Authorization":"Bearer $GITHUB_TOKEN"}',
			'allowedEnvVars: ["GITHUB_TOKEN"]',
			"new PreToolUse [Bash]: guard.sh (Claude project)",
			'args: ["--fast"]',
			"async: true",
			"timeout: 5",
			"if: Bash(rm *)",
			"shell: bash",
			"onFailure: block",
			"new PreToolUse [Bash]: Is this command safe? (Claude project)",
			"model: fake/fake-model",
		])
			expect(screen).toContain(text);
		keys("n");
		await waitFor("3 new or changed project hook(s) will not run until approved");
	});

	it("a list taller than the terminal scrolls, says how much is not shown, and refuses a blind Yes", async () => {
		const hooks = Array.from({ length: 61 }, (_, i) => ({ type: "command", command: `echo hook-${i + 1}` }));
		const box = startPi({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });
		// Waits on whole conditions: a capture can land in the middle of a redraw.
		const first = await waitFor(
			(screen) =>
				screen.includes("Run 61 new or changed project hook(s)?") &&
				/lines 1-\d+ of 61: \d+ more not shown/.test(screen),
		);
		expect(first).not.toContain("echo hook-61");
		keys("Enter");
		await waitFor("Not approved:");
		expect(approvalsOf(box)).toEqual({});
		keys("End");
		await waitFor((screen) => screen.includes("echo hook-61") && screen.includes("y / Enter: approve all of them"));
		keys("Enter");
		await waitFor("approved 61 project hook(s)");
		expect(Object.keys(approvalsOf(box))).toHaveLength(61);
	});
});

describe("approving from the /hooks panel", () => {
	const guard = {
		type: "command",
		command: "touch",
		args: ["${CLAUDE_PROJECT_DIR}/ran.txt"],
		async: true,
	};

	it("Ctrl+T on a skip row shows the whole definition first; Enter then approves it", async () => {
		const box = startPi(hookSettings("PreToolUse", "Bash", guard));
		await waitFor("Run 1 new or changed project hook(s)?");
		keys("n");
		await waitFor("will not run until approved");
		screen.type("/hooks");
		keys("Enter");
		await waitFor("Filter:");
		screen.type("touch");
		keys("C-t");
		const shown = await waitForAll(
			"Approve this project hook? It runs exactly this:",
			"async: true",
			"approves it",
		);
		expect(shown).toContain("new PreToolUse [Bash]: touch (Claude project)");
		expect(shown).toContain('args: ["${CLAUDE_PROJECT_DIR}/ran.txt"]');
		expect(shown).toContain("async: true");
		expect(approvalsOf(box)).toEqual({});
		keys("Enter");
		await waitFor("Approved: PreToolUse touch");
		expect(Object.values(approvalsOf(box))).toMatchObject([
			{ event: "PreToolUse", command: "touch ${CLAUDE_PROJECT_DIR}/ran.txt" },
		]);
	});

	it("saving an edit approves only what the editor showed: a hook with hidden args and async waits", async () => {
		const box = startPi(hookSettings("PreToolUse", "Bash", guard));
		await waitFor("Run 1 new or changed project hook(s)?");
		keys("y");
		await waitFor("approved 1 project hook(s)");
		screen.type("/hooks");
		keys("Enter");
		await waitFor("Filter:");
		screen.type("touch");
		keys("C-e");
		await waitFor("Hooks > editor");
		keys("Tab", "Tab", "Tab", "Tab");
		screen.type("7");
		keys("Enter");
		await waitFor("Not approved: it also has args, async");
		const settings = JSON.parse(readFileSync(join(box.projectDir, ".claude", "settings.json"), "utf8"));
		expect(settings.hooks.PreToolUse[0].hooks[0]).toEqual({ ...guard, timeout: 7 });
		// The saved definition is not approved: only the original (without the timeout) is.
		expect(Object.values(approvalsOf(box))).toHaveLength(1);
		// Esc clears the filter if one is left, then closes the panel (sent apart: ESC ESC reads as one key).
		keys("Escape");
		await waitFor("Filter: type to filter");
		if (screen.capture().includes("Filter:")) keys("Escape");
		await waitFor((screen) => !screen.includes("Filter:"));
		screen.type("bash: echo after-edit");
		keys("Enter");
		// The next prompt asks about the saved definition, showing the fields the editor did not.
		const asked = await waitForAll("changed PreToolUse [Bash]: touch (Claude project)", "n / Esc: decline");
		expect(asked).toContain("async: true");
		expect(asked).toContain("timeout: 7");
		keys("n");
		await waitFor("fake-model saw tool result: after-edit");
		expect(box.made("ran.txt")).toBe(false);
	});
});

describe("terminal-safe text in the TUI", () => {
	it("an OSC 52 / OSC 0 matcher and a bidi-override command show escaped in the notice and the dialog", async () => {
		startPi({
			hooks: {
				PreToolUse: [
					{
						matcher: "(\u001b]52;c;cm0gLXJmIH4=\u0007\u001b]0;pwned\u0007",
						hooks: [{ type: "command", command: "true" }],
					},
					{ matcher: "Bash", hooks: [{ type: "command", command: "echo \u202eexe.txt\u200b" }] },
				],
			},
		});
		const screen = await waitForAll("Run 1 new or changed project hook(s)?", "n / Esc: decline");
		expect(screen).toContain("new PreToolUse [Bash]: echo \\u202eexe.txt\\u200b (Claude project)");
		keys("n");
		await waitForAll("will not run until approved", "\\e]52;c;cm0gLXJmIH4=\\x07\\e]0;pwned\\x07");
	});
});

describe("approving every waiting hook at once is never blind", () => {
	const two = {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{ type: "command", command: "echo one", async: true },
						{ type: "command", command: "echo two", timeout: 3 },
					],
				},
			],
		},
	};

	it("/hooks approve opens the approval dialog with every field", async () => {
		const box = startPi(two);
		await waitFor("Run 2 new or changed project hook(s)?");
		keys("n");
		await waitFor("will not run until approved");
		screen.type("/hooks approve");
		await waitFor("/hooks approve");
		// An Enter may go to the completion list first; the command runs on the next one.
		let dialog = "";
		for (let attempt = 0; attempt < 3 && dialog === ""; attempt++) {
			keys("Enter");
			dialog = await suite
				.tmux()
				.waitFor((text) => text.includes("Run 2 new or changed project hook(s)?") && text.includes("n / Esc"), {
					name: screen.name,
					timeoutMs: 3000,
				})
				.catch(() => "");
		}
		expect(dialog).toContain("async: true");
		expect(dialog).toContain("timeout: 3");
		expect(approvalsOf(box)).toEqual({});
		keys("y");
		await waitFor("approved 2 project hook(s)");
		expect(Object.keys(approvalsOf(box))).toHaveLength(2);
	});

	it("Ctrl+Y in /hooks shows every waiting hook's definition before approving them", async () => {
		const box = startPi(two);
		await waitFor("Run 2 new or changed project hook(s)?");
		keys("n");
		await waitFor("will not run until approved");
		screen.type("/hooks");
		keys("Enter");
		await waitFor("Filter:");
		keys("C-y");
		const shown = await waitForAll(
			"Approve these 2 project hooks? They run exactly this:",
			"timeout: 3",
			"approves it",
		);
		expect(shown).toContain("async: true");
		expect(shown).toContain("timeout: 3");
		expect(approvalsOf(box)).toEqual({});
		keys("Enter");
		await waitFor("Approved 2 project hook(s)");
		expect(Object.keys(approvalsOf(box))).toHaveLength(2);
	});
});
