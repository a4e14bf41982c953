/**
 * The `idle_prompt` Notification in the real pi in tmux: it comes once the user has not typed for the idle period
 * after the agent settled (Claude Code), and keys pressed meanwhile, in the /hooks panel or in pi's editor, count
 * as typing.
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

/** The idle period of the test, in milliseconds: keys come 24 times as often, so only a stall of 6 s could fail it. */
const IDLE_MS = 6000;
const KEY_EVERY_MS = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("idle_prompt in the TUI", () => {
	it("does not come while the user presses keys in /hooks and the editor; it comes once they stop", async () => {
		const sandbox = e2e.sandbox();
		const notes = join(sandbox.root, "notes.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				Notification: [
					{
						matcher: "idle_prompt",
						hooks: [{ type: "command", command: `cat >> '${notes}'; echo >> '${notes}'` }],
					},
				],
			},
		});
		await startPiTui(tmux, sandbox, { env: { PI_HOOK_MANAGER_IDLE_PROMPT_MS: String(IDLE_MS) } });
		await tmux.submit("hi");
		await tmux.waitFor("echo: hi");
		// Twice the idle period of keys: first moving around the /hooks panel, then typing in pi's editor.
		tmux.type("/hooks");
		tmux.keys(["Enter"]);
		await tmux.waitFor("Filter:");
		for (let elapsed = 0; elapsed < IDLE_MS; elapsed += KEY_EVERY_MS) {
			tmux.keys([elapsed % (2 * KEY_EVERY_MS) === 0 ? "Down" : "Up"]);
			await pause(KEY_EVERY_MS);
		}
		tmux.keys(["Escape"]);
		await tmux.waitFor((screen) => !screen.includes("Filter:"));
		// A letter, then Backspace: the editor is empty again at the end.
		for (let elapsed = 0; elapsed < IDLE_MS; elapsed += KEY_EVERY_MS) {
			if (elapsed % (2 * KEY_EVERY_MS) === 0) tmux.type("x");
			else tmux.keys(["BSpace"]);
			await pause(KEY_EVERY_MS);
		}
		expect(existsSync(notes) ? readFileSync(notes, "utf8") : "").toBe("");
		// Now the user stops: the notification comes.
		await expect
			.poll(() => (existsSync(notes) ? readFileSync(notes, "utf8") : ""), { timeout: 20_000 })
			.toContain('"notification_type":"idle_prompt"');
		await tmux.quit();
	}, 60_000);
});
