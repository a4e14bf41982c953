/**
 * The kill switch on every terminal, in the real pi in tmux: `/hooks off` and `/hooks on` (no special key
 * needed), `/hooks status`, a configurable key (`PI_HOOK_MANAGER_KILL_SWITCH_KEY=alt+h`), and a hook that is
 * running when the kill switch goes on is stopped at once, as Esc stops it, and the tool call goes on.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import type { PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

const isRunning = (pid: number): boolean => {
	try {
		return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
	} catch {
		return false;
	}
};

const start = async (name: string, sandbox: PiSandbox, env: Record<string, string> = {}): Promise<void> => {
	await startPiTui(tmux, sandbox, { name, env });
};
/** The screen's text with line breaks and runs of spaces as one space (notices wrap anywhere). */
const flat = (screen: string): string => screen.replace(/\s+/g, " ");

/** Types a prompt and submits it. */
const command = (name: string, text: string): void => {
	tmux.type(text, name);
	tmux.keys(["Enter"], name);
};

/**
 * Types a slash command and submits it: pi's argument completion may take the first Enter (it completes the
 * word), so Enter is pressed again while the command is still in the editor.
 */
const slash = async (name: string, text: string): Promise<void> => {
	tmux.type(text, name);
	await tmux.waitFor(text, { name });
	const inEditor = (screen: string) => screen.split("\n").some((line) => line.trim() === text);
	for (let attempt = 0; attempt < 3; attempt++) {
		tmux.keys(["Enter"], name);
		try {
			await tmux.waitFor((screen) => !inEditor(screen), { name, timeoutMs: 3000 });
			return;
		} catch {
			// Still in the editor: the Enter went to the completion list.
		}
	}
	throw new Error(`${text} was not submitted`);
};

describe("the kill switch on every terminal", () => {
	it("/hooks off and /hooks on switch every hook off and on; /hooks status says so", async () => {
		const sandbox = e2e.sandbox();
		const fired = join(sandbox.root, "fired.log");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo pre >> ${fired}` }] }] },
		});
		await start("cmds", sandbox);
		await slash("cmds", "/hooks off");
		await tmux.waitFor(/hooks off/, { name: "cmds" });
		await slash("cmds", "/hooks status");
		await tmux.waitFor((screen) => flat(screen).includes("ALL OFF (kill switch; /hooks on)"), { name: "cmds" });
		command("cmds", "bash: echo one");
		await tmux.waitFor("fake-model saw tool result: one", { name: "cmds" });
		expect(existsSync(fired)).toBe(false);
		await slash("cmds", "/hooks on");
		await tmux.waitFor((screen) => flat(screen).includes("hooks are on again"), { name: "cmds" });
		command("cmds", "bash: echo two");
		await tmux.waitFor("fake-model saw tool result: two", { name: "cmds" });
		expect(readFileSync(fired, "utf8")).toBe("pre\n");
		await tmux.quit("cmds");
	});

	it("PI_HOOK_MANAGER_KILL_SWITCH_KEY=alt+h makes alt+h the kill switch", async () => {
		const sandbox = e2e.sandbox();
		await start("alt", sandbox, { PI_HOOK_MANAGER_KILL_SWITCH_KEY: "alt+h" });
		tmux.keys(["M-h"], "alt");
		const off = await tmux.waitFor(/hooks off/, { name: "alt" });
		expect(flat(off)).toContain("alt+h (or /hooks on) turns them back on");
		tmux.keys(["M-h"], "alt");
		await tmux.waitFor("hooks are on again", { name: "alt" });
		await tmux.quit("alt");
	});

	it("a hook running when the kill switch goes on is stopped at once, and the call goes on", async () => {
		const sandbox = e2e.sandbox();
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
		await start("running", sandbox);
		command("running", "bash: echo went-on");
		await expect
			.poll(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", { timeout: 20_000 })
			.toBe(true);
		const pid = Number(readFileSync(pidFile, "utf8"));
		expect(isRunning(pid)).toBe(true);
		tmux.keys(["C-S-h"], "running");
		await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
		await tmux.waitFor("fake-model saw tool result: went-on", { name: "running" });
		await tmux.quit("running");
	});
});
