/**
 * The footer of a hook that hangs, in the real pi in tmux: while an awaited hook runs for seconds the footer says
 * which one, for how long (counting up each second) and that Esc stops it; Esc does stop it (its process is
 * killed) and the footer clears. Both ways Esc reaches a hook: pi's abort of a tool call, and the Esc watch of an
 * event pi gives no abort signal (a prompt's UserPromptSubmit).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isRunning, pidWritten } from "../support/processes.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

/** The footer's words for guard.sh running for some seconds, then the key that stops it. */
const RUNNING = /running guard\.sh (\d+)s · Esc stops it/;

describe("the footer of a hanging hook", () => {
	it.each([
		["PreToolUse", "bash: ls"],
		["UserPromptSubmit", "hello"],
	])(
		"counts the seconds of a hanging %s hook and says Esc stops it; Esc does, and the footer clears",
		async (event, prompt) => {
			const sandbox = suite.sandbox();
			const pidFile = join(sandbox.projectDir, "guard.pid");
			sandbox.writeFile("project/guard.sh", `echo $$ > "${pidFile}"\nexec sleep 30\n`);
			sandbox.writeJson("home/.claude/settings.json", {
				hooks: {
					[event]: [
						{ hooks: [{ type: "command", command: `sh "${join(sandbox.projectDir, "guard.sh")}"` }] },
					],
				},
			});
			const pi = suite.startPi(sandbox, { cols: 120, rows: 30 });
			await pi.waitFor("fake-model");
			pi.prompt(prompt);
			// The seconds count up: wait for one figure, then for a later one.
			const first = Number(RUNNING.exec(await pi.waitFor(RUNNING))?.[1]);
			await pi.waitFor((screen) => Number(RUNNING.exec(screen)?.[1]) > first);
			const pid = await pidWritten(pidFile);
			pi.keys("Escape");
			await pi.waitFor((screen) => !screen.includes("running guard.sh"));
			await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
			await pi.quit();
		},
	);
});
