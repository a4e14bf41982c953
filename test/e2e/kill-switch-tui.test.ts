/**
 * The kill switch on every terminal, in the real pi in tmux: `/hooks off` and `/hooks on` (no special key
 * needed), `/hooks status`, a configurable key (`PI_HOOK_MANAGER_KILL_SWITCH_KEY=alt+h`), and a hook that is
 * running when the kill switch goes on is stopped at once, as Esc stops it, and the tool call goes on.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PiSandbox } from "../support/pi-env.ts";
import { isRunning, pidWritten } from "../support/processes.ts";
import { type TuiScreen, useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

/** pi in tmux in `sandbox`, once its footer shows the scripted model. */
const start = async (sandbox: PiSandbox, env: Record<string, string> = {}): Promise<TuiScreen> => {
	const pi = suite.startPi(sandbox, { env });
	await pi.waitFor("fake-model");
	return pi;
};
/** The screen's text with line breaks and runs of spaces as one space (notices wrap anywhere). */
const flat = (screen: string): string => screen.replace(/\s+/g, " ");

/**
 * Types a slash command and submits it: pi's argument completion may take the first Enter (it completes the
 * word), so Enter is pressed again while the command is still in the editor.
 */
const slash = async (pi: TuiScreen, text: string): Promise<void> => {
	pi.type(text);
	await pi.waitFor(text);
	const inEditor = (screen: string) => screen.split("\n").some((line) => line.trim() === text);
	for (let attempt = 0; attempt < 3; attempt++) {
		pi.keys("Enter");
		try {
			await suite.tmux().waitFor((screen) => !inEditor(screen), { name: pi.name, timeoutMs: 3000 });
			return;
		} catch {
			// Still in the editor: the Enter went to the completion list.
		}
	}
	throw new Error(`${text} was not submitted`);
};

describe("the kill switch on every terminal", () => {
	it("/hooks off and /hooks on switch every hook off and on; /hooks status says so", async () => {
		const sandbox = suite.sandbox();
		const fired = join(sandbox.root, "fired.log");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo pre >> ${fired}` }] }] },
		});
		const pi = await start(sandbox);
		await slash(pi, "/hooks off");
		await pi.waitFor(/hooks off/);
		await slash(pi, "/hooks status");
		await pi.waitFor((screen) => flat(screen).includes("ALL OFF (kill switch; /hooks on)"));
		pi.prompt("bash: echo one");
		await pi.waitFor("fake-model saw tool result: one");
		expect(existsSync(fired)).toBe(false);
		await slash(pi, "/hooks on");
		await pi.waitFor((screen) => flat(screen).includes("hooks are on again"));
		pi.prompt("bash: echo two");
		await pi.waitFor("fake-model saw tool result: two");
		expect(readFileSync(fired, "utf8")).toBe("pre\n");
		await pi.quit();
	});

	it("PI_HOOK_MANAGER_KILL_SWITCH_KEY=alt+h makes alt+h the kill switch", async () => {
		const pi = await start(suite.sandbox(), { PI_HOOK_MANAGER_KILL_SWITCH_KEY: "alt+h" });
		// The footer can draw before pi reads keys under load; a command's answer shows the editor takes input.
		await slash(pi, "/hooks status");
		await pi.waitFor((screen) => flat(screen).includes("kill switch not set"));
		pi.keys("M-h");
		const off = await pi.waitFor(/hooks off/);
		expect(flat(off)).toContain("alt+h (or /hooks on) turns them back on");
		pi.keys("M-h");
		await pi.waitFor("hooks are on again");
		await pi.quit();
	});

	it("a hook running when the kill switch goes on is stopped at once, and the call goes on", async () => {
		const sandbox = suite.sandbox();
		const pidFile = join(sandbox.projectDir, "hook.pid");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [{ type: "command", command: `echo $$ > "${pidFile}"; exec sleep 1000` }],
					},
				],
			},
		});
		const pi = await start(sandbox);
		pi.prompt("bash: echo went-on");
		const pid = await pidWritten(pidFile);
		expect(isRunning(pid)).toBe(true);
		pi.keys("C-S-h");
		await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
		await pi.waitFor("fake-model saw tool result: went-on");
		await pi.quit();
	});
});
