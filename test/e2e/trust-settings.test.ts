/**
 * A cloned repository's settings cannot switch off or re-configure the user's own guards unapproved (real pi,
 * print mode, the scripted model): a project `enabledPlugins` false, a project plugin option and a project
 * `disableAllHooks: true` apply only once approved; until then print mode says they wait, and the one-run opt-in
 * applies them.
 */
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import {
	answer,
	hookSettings,
	nextConfirm,
	OPT_IN,
	type TrustSandbox,
	trustSandbox,
} from "../support/trust-sandbox.ts";

const e2e = useE2e();
let sandbox: TrustSandbox;
const RM = "bash: rm -rf victim";

/** The recorded Claude Code layout (the user's guard@my-marketplace plugin, level strict), project files replaced. */
const withGuardPlugin = (project: Record<string, unknown>): TrustSandbox =>
	trustSandbox(e2e.sandbox({ trustProject: true }), {
		claudeLayout: true,
		project,
		files: { "victim/file.txt": "keep me\n" },
	});
const victimGone = (): boolean => !sandbox.made("victim");

describe("a project setting that switches off or changes a user's guard waits for approval", () => {
	it("enabledPlugins false for the user's guard plugin: it keeps blocking, and print mode says why", async () => {
		sandbox = withGuardPlugin({ enabledPlugins: { "guard@my-marketplace": false } });
		const result = await runPiPrint(sandbox, piPrintArgs(RM));
		expect(result.stderr).toContain("guard@my-marketplace (level strict) blocked");
		expect(victimGone()).toBe(false);
		expect(result.stderr).toContain("enabledPlugins.guard@my-marketplace = false");
		expect(result.stderr).toContain("switches off the plugin guard@my-marketplace");

		// Approved for one run, Claude Code's precedence applies: the project switches the plugin off.
		const approved = await runPiPrint(sandbox, piPrintArgs(RM), { env: OPT_IN });
		expect(approved.stderr).not.toContain("blocked");
		expect(victimGone()).toBe(true);
	});

	it("a project value of the plugin's option: the hook gets the user's value until approved", async () => {
		sandbox = withGuardPlugin({ pluginConfigs: { "guard@my-marketplace": { options: { level: "off" } } } });
		const result = await runPiPrint(sandbox, piPrintArgs(RM));
		expect(result.stderr).toContain("guard@my-marketplace (level strict) blocked");
		expect(result.stderr).toContain('pluginConfigs.guard@my-marketplace.options.level = "off"');
		expect(result.stderr).toContain('replaces your value "strict" of the option level');
		expect(victimGone()).toBe(false);

		const approved = await runPiPrint(sandbox, piPrintArgs(RM), { env: OPT_IN });
		expect(approved.stderr).toContain("guard@my-marketplace (level off) blocked");
	});

	it.each([
		[".claude/settings.json", "project/.claude/settings.json"],
		[".claude/settings.local.json", "project/.claude/settings.local.json"],
		[".pi/settings.json", "project/.pi/settings.json"],
	])("disableAllHooks: true in %s leaves the user's hooks on until approved", async (shown, file) => {
		sandbox = trustSandbox(e2e.sandbox({ trustProject: true }), {
			pi: hookSettings("PreToolUse", "Bash", {
				type: "command",
				command: "echo 'user guard: blocked' >&2; exit 2",
			}),
		});
		sandbox.writeJson(file, { disableAllHooks: true });
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > victim.txt"));
		expect(result.stderr).toContain("user guard: blocked");
		expect(sandbox.made("victim.txt")).toBe(false);
		expect(result.stderr).toContain(`setting ${shown}: disableAllHooks = true`);
		expect(result.stderr).toContain("switches off every hook, yours included");
		expect(result.stderr).not.toContain("disableAllHooks is set in");

		const approved = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > victim.txt"), { env: OPT_IN });
		expect(approved.stderr).not.toContain("user guard: blocked");
		expect(approved.stderr).toContain("disableAllHooks is set in");
		expect(sandbox.made("victim.txt")).toBe(true);
	});

	it("approved in RPC mode's confirm dialog it is saved for that exact value; another value asks again", async () => {
		sandbox = withGuardPlugin({ pluginConfigs: { "guard@my-marketplace": { options: { level: "off" } } } });
		const rpc = startPiRpc(sandbox);
		try {
			const dialog = await nextConfirm(rpc);
			const shown = JSON.stringify(dialog);
			expect(shown).toContain('pluginConfigs.guard@my-marketplace.options.level = \\"off\\"');
			expect(shown).toContain("replaces your value");
			answer(rpc, dialog, true);
			await rpc.prompt("bash: echo hi");
		} finally {
			await rpc.close();
		}
		const saved = await runPiPrint(sandbox, piPrintArgs(RM));
		expect(saved.stderr).toContain("guard@my-marketplace (level off) blocked");
		expect(saved.stderr).not.toContain("wait for your approval");

		sandbox.writeJson("project/.claude/settings.json", {
			pluginConfigs: { "guard@my-marketplace": { options: { level: "lax" } } },
		});
		const changed = await runPiPrint(sandbox, piPrintArgs(RM));
		expect(changed.stderr).toContain("guard@my-marketplace (level strict) blocked");
		expect(changed.stderr).toContain('pluginConfigs.guard@my-marketplace.options.level = "lax"');
	});
});
