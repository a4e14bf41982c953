/**
 * The real pi in tmux: Esc cancels a hook of an event pi gives no abort signal (a Stop hook that would
 * otherwise sleep for its 600 s default), and the hook process is killed.
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

describe("Esc in the TUI", () => {
	it("cancels a hanging Stop hook and kills its process", async () => {
		const sandbox = e2e.sandbox();
		const pidFile = join(sandbox.projectDir, "stop.pid");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { Stop: [{ hooks: [{ type: "command", command: `echo $$ > "${pidFile}"; exec sleep 1000` }] }] },
		});
		await startPiTui(tmux, sandbox);
		tmux.type("hi");
		tmux.keys(["Enter"]);
		await expect
			.poll(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", { timeout: 20_000 })
			.toBe(true);
		const pid = Number(readFileSync(pidFile, "utf8"));
		expect(isRunning(pid)).toBe(true);
		tmux.keys(["Escape"]);
		await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
		await tmux.quit();
	});
});
