/**
 * The real pi in tmux: a project SessionStart hook approved in the start-up dialog takes a moment, the user
 * types a prompt right after answering Yes, and the hook's context still reaches that first request (the
 * prompt waits for the hook), with its card before the reply.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, PI_BIN } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

describe("SessionStart approved in the TUI", () => {
	it("its context reaches the first prompt typed right after Yes", async () => {
		const sandbox = e2e.sandbox();
		const context = JSON.stringify({
			hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "TUI-LATE-CTX" },
		});
		const started = join(sandbox.projectDir, "started.txt");
		// Context cards shown (routine context is quiet by default), so the card's place can be checked.
		sandbox.writeJson("agent/pi-hook-manager/view.json", { version: 1, contextCards: "cards" });
		sandbox.writeJson("project/.claude/settings.json", {
			hooks: {
				SessionStart: [
					{ hooks: [{ type: "command", command: `touch "${started}"; sleep 2.5; echo '${context}'` }] },
				],
			},
		});
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
		});
		await tmux.waitFor("Run 1 new or changed project hook(s)?");
		tmux.keys(["Enter"]);
		// The hook has started and sleeps; the user types at once.
		await expect.poll(() => existsSync(started), { timeout: 10_000 }).toBe(true);
		const before = e2e.llm.requests.length;
		tmux.type("hello");
		tmux.keys(["Enter"]);
		await expect.poll(() => e2e.llm.requests.length, { timeout: 20_000 }).toBeGreaterThan(before);
		expect(JSON.stringify(e2e.llm.requests[before]?.messages)).toContain(
			"SessionStart hook additional context: TUI-LATE-CTX",
		);
		const screen = await tmux.waitFor("echo: hello");
		// The context card is drawn above the reply, not after it.
		const card = screen.indexOf("added context SessionStart");
		expect(card).toBeGreaterThanOrEqual(0);
		expect(card).toBeLessThan(screen.indexOf("echo: hello"));
		await tmux.quit();
	});
});
