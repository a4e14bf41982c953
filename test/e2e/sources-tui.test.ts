/**
 * Plugin, managed and agent hooks in the real pi's /hooks panel, in tmux, on the recorded Claude Code plugin
 * layout: each is listed with its source label, a plugin hook can be switched off like any hook, a managed hook
 * cannot, and the kill switch leaves managed hooks running and says so.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layClaudeLayout } from "../support/claude-layout.ts";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let sandbox: PiSandbox;
let tmux: TmuxServer;
let fired: string;

const lines = (file: string): string[] =>
	existsSync(file)
		? readFileSync(file, "utf8")
				.split("\n")
				.filter((line) => line !== "")
		: [];
const guardCalls = () => lines(join(sandbox.home, ".claude", "plugins", "data", "guard-my-marketplace", "calls.log"));

beforeAll(async () => {
	llm = await startFakeLlm();
	sandbox = createPiSandbox({ fakeUrl: llm.url });
	layClaudeLayout(sandbox.home, sandbox.projectDir);
	fired = join(sandbox.root, "fired.log");
	const managed = join(sandbox.root, "etc-claude-code");
	mkdirSync(managed, { recursive: true });
	writeFileSync(
		join(managed, "managed-settings.json"),
		JSON.stringify({
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo managed >> ${fired}` }] }],
			},
		}),
	);
	const agents = join(sandbox.home, ".claude", "agents");
	mkdirSync(agents, { recursive: true });
	writeFileSync(
		join(agents, "reviewer.md"),
		"---\nname: reviewer\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n" +
			"          command: echo reviewed\n---\nReviews.\n",
	);
	tmux = createTmuxServer();
	await startPiTui(tmux, sandbox, {
		env: {
			COLORTERM: "truecolor",
			PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: managed,
			// The project-enabled notes plugin is approved for this run; its approval flow has print-mode tests.
			PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1",
		},
		cols: 130,
		rows: 40,
	});
});

afterAll(async () => {
	tmux?.kill();
	await llm?.close();
	sandbox?.cleanup();
});

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
/** Closes the panel: the first esc clears a filter, the next closes (sent apart: ESC ESC would read as one key). */
const closePanel = async (filtered: boolean): Promise<void> => {
	if (filtered) {
		tmux.keys(["Escape"]);
		await tmux.waitFor("Filter: type to filter");
	}
	tmux.keys(["Escape"]);
	await tmux.waitFor((text) => !text.includes("Filter:"));
};

describe("hooks of every source in the real pi's panel", () => {
	it("the guard plugin's block is a card that names the plugin", async () => {
		mkdirSync(join(sandbox.projectDir, "victim"));
		tmux.type("bash: rm -rf victim");
		tmux.keys(["Enter"]);
		await tmux.waitFor(/hooks 1 blocked/);
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
		tmux.keys(["C-o"]);
		const expanded = await tmux.waitFor("to collapse");
		expect(expanded).toMatch(/source +Plugin guard@my-marketplace \u00b7\s+\S*guard\/1\.0\.0\/hooks\/hooks\.json/);
		expect(expanded).toMatch(/stderr +guard@my-marketplace \(level strict\) blocked: rm -rf victim/);
		tmux.keys(["C-o"]);
		await tmux.waitFor((screen) => !screen.includes("to collapse"));
	});

	it("lists plugin, managed and agent hooks with their source", async () => {
		await runBash("first");
		expect(guardCalls()).toEqual(["rm -rf victim", "echo first"]);
		expect(lines(fired)).toEqual(["managed", "managed"]);
		const panel = await openPanel();
		expect(panel).toContain("Plugin guard@my-marketplace");
		expect(panel).toContain("Plugin notes@my-marketplace");
		expect(panel).toMatch(/on +cmd +echo managed >> .* Managed/);
		expect(panel).toContain("Agent reviewer");
		expect(panel).toContain("pi has no subagents");
		await closePanel(false);
	});

	it("a plugin hook switched off in the panel does not run; a managed hook cannot be switched off", async () => {
		await openPanel();
		tmux.type("guard.mjs");
		tmux.keys(["C-t"]);
		await tmux.waitFor(/> off +cmd +.*guard\.mjs/);
		tmux.keys(["Escape"]);
		await tmux.waitFor("Filter: type to filter");
		tmux.type("echo managed");
		tmux.keys(["C-t"]);
		const refused = await tmux.waitFor("managed policy keeps it on");
		expect(refused).toMatch(/> on +cmd +echo managed/);
		await closePanel(true);
		await runBash("second");
		expect(guardCalls()).toEqual(["rm -rf victim", "echo first"]);
		expect(lines(fired)).toEqual(["managed", "managed", "managed"]);
	});

	it("the kill switch leaves the managed hook running and says so", async () => {
		tmux.keys(["C-S-h"]);
		await tmux.waitFor(/ALL HOOKS ARE OFF[\s\S]*1\s+managed hook\(s\) still run/);
		await runBash("third");
		expect(lines(fired)).toHaveLength(4);
		const panel = await openPanel();
		expect(panel).toContain("ALL HOOKS ARE OFF in this pi session");
		expect(panel).toMatch(/managed\s+hook\(s\)\s+still\s+run/);
		await closePanel(false);
		tmux.keys(["C-S-h"]);
		await tmux.waitFor("hooks are on again");
	});
});
