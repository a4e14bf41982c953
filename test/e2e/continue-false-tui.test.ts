/**
 * A hook's `continue: false` in the real pi in tmux: the user is shown the `stopReason`, once, as a card (Claude
 * Code shows `stopReason` to the user whenever `continue` is false).
 */
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import type { PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

/** Starts pi in tmux session `name` with `hooks` in the user's ~/.claude/settings.json (no approval needed). */
const startPi = async (sandbox: PiSandbox, name: string, hooks: Record<string, unknown>): Promise<void> => {
	sandbox.writeJson("home/.claude/settings.json", { hooks });
	await startPiTui(tmux, sandbox, { name });
};

/** How many times `text` occurs in `screen`. */
const count = (screen: string, text: string): number => screen.split(text).length - 1;

describe("continue: false in the TUI", () => {
	it("on Stop draws a card with the stopReason, next to the systemMessage", async () => {
		const sandbox = e2e.sandbox();
		const stop = JSON.stringify({ continue: false, stopReason: "STOP-HOOK-REASON", systemMessage: "STOP-SYSMSG" });
		await startPi(sandbox, "stop", { Stop: [{ hooks: [{ type: "command", command: `echo '${stop}'` }] }] });
		await tmux.submit("hi", "stop");
		const screen = await tmux.waitFor("STOP-HOOK-REASON", { name: "stop" });
		expect(screen).toMatch(/\u25a0 stopped the agent Stop .*STOP-HOOK-REASON/);
		expect(count(screen, "STOP-HOOK-REASON")).toBe(1);
		expect(screen).toContain("STOP-SYSMSG");
		await tmux.quit("stop");
	});

	it("on PostToolUse shows the stopReason once: its card, no warning line, no raw custom message", async () => {
		const sandbox = e2e.sandbox();
		const stop = JSON.stringify({ continue: false, stopReason: "stop now please" });
		await startPi(sandbox, "post", {
			PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo '${stop}'` }] }],
		});
		await tmux.submit("bash: echo hi", "post");
		await tmux.waitFor("stop now please", { name: "post" });
		// The next prompt's answer comes after the stopped run has settled and drawn all it draws.
		await tmux.submit("second", "post");
		const screen = await tmux.waitFor("echo: second", { name: "post" });
		expect(screen).toMatch(/\u25a0 stopped the agent PostToolUse:Bash .*stop now please/);
		expect(count(screen, "stop now please")).toBe(1);
		expect(screen).not.toContain("pi-hook-manager/stopped");
		await tmux.quit("post");
	});

	it("a PostToolBatch block shows its reason once: its card, no warning line", async () => {
		const sandbox = e2e.sandbox();
		const block = JSON.stringify({ decision: "block", reason: "BATCH-STOP-REASON" });
		await startPi(sandbox, "batch", {
			PostToolBatch: [{ hooks: [{ type: "command", command: `echo '${block}'` }] }],
		});
		await tmux.submit("bash: echo hi", "batch");
		await tmux.waitFor("BATCH-STOP-REASON", { name: "batch" });
		await tmux.submit("second", "batch");
		const screen = await tmux.waitFor("echo: second", { name: "batch" });
		expect(screen).toMatch(/\u2717 blocked PostToolBatch .*BATCH-STOP-REASON/);
		expect(count(screen, "BATCH-STOP-REASON")).toBe(1);
		await tmux.quit("batch");
	});
});
