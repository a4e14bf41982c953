/**
 * Project settings that would switch off or change the user's guards, decided in the real pi's approval dialog
 * (tmux): the dialog names what each would switch off or change; declined, the user's guard keeps running as
 * configured; approved, the setting applies (Claude Code's precedence) and is saved under its exact value.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { layClaudeLayout } from "../support/claude-layout.ts";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, EXTENSION_PATH, PI_BIN, type PiSandbox } from "../support/pi-env.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let tmux: TmuxServer;
let sandbox: PiSandbox | undefined;
let session = 0;
let name = "";

beforeAll(async () => {
	llm = await startFakeLlm();
	tmux = createTmuxServer();
});
afterAll(async () => {
	tmux?.kill();
	await llm?.close();
});
afterEach(() => {
	sandbox?.cleanup();
	sandbox = undefined;
});

/** Starts pi in tmux; not startPiTui, which waits for the footer that the dialog may cover. */
const start = (box: PiSandbox): void => {
	name = `s${++session}`;
	tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
		name,
		cwd: box.projectDir,
		env: box.env({ TERM: "tmux-256color" }),
		cols: 120,
		rows: 40,
	});
};
const waitFor = (test: string | RegExp | ((screen: string) => boolean)) => tmux.waitFor(test, { name });
const waitForAll = (...texts: string[]) => waitFor((screen) => texts.every((text) => screen.includes(text)));
const keys = (...list: string[]) => tmux.keys(list, name);
const prompt = async (text: string) => {
	tmux.type(text, name);
	keys("Enter");
};
const approved = (box: PiSandbox): Record<string, { setting?: string; value?: string }> => {
	const file = join(box.agentDir, "pi-hook-manager", "approvals.json");
	return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).approved : {};
};

describe("project settings in the approval dialog", () => {
	it("the user's guard plugin switched off and its option changed: declined it blocks, approved not", async () => {
		const box = createPiSandbox({ fakeUrl: llm.url, trustProject: true });
		sandbox = box;
		layClaudeLayout(box.home, box.projectDir);
		box.writeJson("project/.claude/settings.json", {
			enabledPlugins: { "guard@my-marketplace": false },
			pluginConfigs: { "guard@my-marketplace": { options: { level: "off" } } },
		});
		box.writeFile("project/victim/file.txt", "keep me\n");
		start(box);
		const screen = await waitForAll("project setting(s) that switch off or change your hooks?", "n / Esc");
		expect(screen).toContain("setting .claude/settings.json: enabledPlugins.guard@my-marketplace = false");
		expect(screen).toContain("switches off the plugin guard@my-marketplace, which your settings switch on");
		expect(screen).toContain(
			'setting .claude/settings.json: pluginConfigs.guard@my-marketplace.options.level = "off"',
		);
		expect(screen).toContain('replaces your value "strict" of the option level of the plugin guard@my-marketplace');
		keys("n");
		await waitFor("wait for your approval");
		await prompt("bash: rm -rf victim");
		await waitFor("guard@my-marketplace (level strict) blocked");
		expect(existsSync(join(box.projectDir, "victim"))).toBe(true);
		expect(approved(box)).toEqual({});
		// /hooks approve asks again; approved, the project's values apply as in Claude Code: the guard is off.
		await prompt("/hooks approve");
		await waitForAll("project setting(s) that switch off or change your hooks?", "y / Enter");
		keys("y");
		await waitFor("they apply from now on");
		await prompt("bash: rm -rf victim && echo gone-$((1+1))");
		await waitFor("tool result: gone-2");
		expect(existsSync(join(box.projectDir, "victim"))).toBe(false);
		expect(Object.values(approved(box)).map((record) => [record.setting, record.value])).toEqual([
			["enabledPlugins.guard@my-marketplace", "false"],
			["pluginConfigs.guard@my-marketplace.options.level", '"off"'],
		]);
	});

	it("disableAllHooks in settings.local.json: the dialog says it turns hooks off; approved, they are", async () => {
		const box = createPiSandbox({ fakeUrl: llm.url });
		sandbox = box;
		const agent = join(box.agentDir, "settings.json");
		box.writeJson("agent/settings.json", {
			...(JSON.parse(readFileSync(agent, "utf8")) as object),
			hooks: {
				PreToolUse: [
					{ matcher: "Bash", hooks: [{ type: "command", command: "echo 'user guard: no' >&2; exit 2" }] },
				],
			},
		});
		box.writeJson("project/.claude/settings.local.json", { disableAllHooks: true });
		start(box);
		const screen = await waitForAll("setting .claude/settings.local.json: disableAllHooks = true", "y / Enter");
		expect(screen).toContain("switches off every hook, yours included");
		keys("y");
		await waitFor("they apply from now on");
		await prompt("bash: echo hi > ran.txt");
		await waitFor("fake-model saw tool result");
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(true);
	});
});
