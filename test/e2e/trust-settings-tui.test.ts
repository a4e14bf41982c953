/**
 * Project settings that would switch off or change the user's guards, decided in the real pi's approval dialog
 * (tmux): the dialog names what each would switch off or change; declined, the user's guard keeps running as
 * configured; approved, the setting applies (Claude Code's precedence) and is saved under its exact value.
 */
import { describe, expect, it } from "vitest";
import { approvalsOf, hookSettings, trustSandbox } from "../support/trust-sandbox.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

describe("project settings in the approval dialog", () => {
	it("the user's guard plugin switched off and its option changed: declined it blocks, approved not", async () => {
		const box = trustSandbox(suite.sandbox({ trustProject: true }), {
			claudeLayout: true,
			project: {
				enabledPlugins: { "guard@my-marketplace": false },
				pluginConfigs: { "guard@my-marketplace": { options: { level: "off" } } },
			},
			files: { "victim/file.txt": "keep me\n" },
		});
		const { waitFor, waitForAll, keys, prompt } = suite.startPi(box);
		const screen = await waitForAll("project setting(s) that switch off or change your hooks?", "n / Esc");
		expect(screen).toContain("setting .claude/settings.json: enabledPlugins.guard@my-marketplace = false");
		expect(screen).toContain("switches off the plugin guard@my-marketplace, which your settings switch on");
		expect(screen).toContain(
			'setting .claude/settings.json: pluginConfigs.guard@my-marketplace.options.level = "off"',
		);
		expect(screen).toContain('replaces your value "strict" of the option level of the plugin guard@my-marketplace');
		keys("n");
		await waitFor("wait for your approval");
		prompt("bash: rm -rf victim");
		await waitFor("guard@my-marketplace (level strict) blocked");
		expect(box.made("victim")).toBe(true);
		expect(approvalsOf(box)).toEqual({});
		// /hooks approve asks again; approved, the project's values apply as in Claude Code: the guard is off.
		prompt("/hooks approve");
		await waitForAll("project setting(s) that switch off or change your hooks?", "y / Enter");
		keys("y");
		await waitFor("they apply from now on");
		prompt("bash: rm -rf victim && echo gone-$((1+1))");
		await waitFor("tool result: gone-2");
		expect(box.made("victim")).toBe(false);
		expect(Object.values(approvalsOf(box)).map((record) => [record.setting, record.value])).toEqual([
			["enabledPlugins.guard@my-marketplace", "false"],
			["pluginConfigs.guard@my-marketplace.options.level", '"off"'],
		]);
	});

	it("disableAllHooks in settings.local.json: the dialog says it turns hooks off; approved, they are", async () => {
		const box = trustSandbox(suite.sandbox(), {
			pi: hookSettings("PreToolUse", "Bash", { type: "command", command: "echo 'user guard: no' >&2; exit 2" }),
		});
		box.writeJson("project/.claude/settings.local.json", { disableAllHooks: true });
		const { waitFor, waitForAll, keys, prompt } = suite.startPi(box);
		const screen = await waitForAll("setting .claude/settings.local.json: disableAllHooks = true", "y / Enter");
		expect(screen).toContain("switches off every hook, yours included");
		keys("y");
		await waitFor("they apply from now on");
		prompt("bash: echo hi > ran.txt");
		await waitFor("fake-model saw tool result");
		expect(box.made("ran.txt")).toBe(true);
	});
});
