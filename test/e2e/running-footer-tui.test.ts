/**
 * The footer of a hook that hangs, in the real pi in tmux: while an awaited hook runs for seconds the footer says
 * which one, for how long (counting up each second) and that Esc stops it; Esc does stop it (its process is
 * killed) and the footer clears. Both ways Esc reaches a hook: pi's abort of a tool call, and the Esc watch of an
 * event pi gives no abort signal (a prompt's UserPromptSubmit).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

/** True while `pid` is a live process (a zombie counts as gone). */
const isRunning = (pid: number): boolean => {
	try {
		return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
	} catch {
		return false;
	}
};

/** The footer's words for guard.sh running for some seconds, then the key that stops it. */
const RUNNING = /running guard\.sh (\d+)s · Esc stops it/;

describe("the footer of a hanging hook", () => {
	it.each([
		["PreToolUse", "bash: ls"],
		["UserPromptSubmit", "hello"],
	])(
		"counts the seconds of a hanging %s hook and says Esc stops it; Esc does, and the footer clears",
		async (event, prompt) => {
			const sandbox = e2e.sandbox();
			const pidFile = join(sandbox.projectDir, "guard.pid");
			sandbox.writeFile("project/guard.sh", `echo $$ > "${pidFile}"\nexec sleep 30\n`);
			sandbox.writeJson("home/.claude/settings.json", {
				hooks: {
					[event]: [
						{ hooks: [{ type: "command", command: `sh "${join(sandbox.projectDir, "guard.sh")}"` }] },
					],
				},
			});
			const name = event;
			await startPiTui(tmux, sandbox, { name, cols: 120, rows: 30 });
			tmux.type(prompt, name);
			tmux.keys(["Enter"], name);
			// The seconds count up: wait for one figure, then for a later one.
			const first = Number(RUNNING.exec(await tmux.waitFor(RUNNING, { name, timeoutMs: 20_000 }))?.[1]);
			await tmux.waitFor((screen) => Number(RUNNING.exec(screen)?.[1]) > first, { name, timeoutMs: 20_000 });
			await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "").toBe(true);
			const pid = Number(readFileSync(pidFile, "utf8"));
			tmux.keys(["Escape"], name);
			await tmux.waitFor((screen) => !screen.includes("running guard.sh"), { name, timeoutMs: 10_000 });
			await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
			await tmux.quit(name);
		},
	);
});
