/**
 * The real pi in tmux: Esc cancels a hook of an event pi gives no abort signal (a Stop hook that would
 * otherwise sleep for its 600 s default), and the hook process is killed.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isRunning, pidWritten } from "../support/processes.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

describe("Esc in the TUI", () => {
	it("cancels a hanging Stop hook and kills its process", async () => {
		const sandbox = suite.sandbox();
		const pidFile = join(sandbox.projectDir, "stop.pid");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { Stop: [{ hooks: [{ type: "command", command: `echo $$ > "${pidFile}"; exec sleep 1000` }] }] },
		});
		const pi = suite.startPi(sandbox);
		await pi.waitFor("fake-model");
		pi.prompt("hi");
		const pid = await pidWritten(pidFile);
		expect(isRunning(pid)).toBe(true);
		pi.keys("Escape");
		await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
		await pi.quit();
	});
});
