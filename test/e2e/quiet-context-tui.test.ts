/**
 * Routine context is quiet by default, in the real pi in tmux: a UserPromptSubmit hook that adds context on
 * every prompt makes no card and no footer count (the model still gets the context), a block stays loud;
 * Ctrl+K in /hooks switches context cards on, and the choice is kept in view.json.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

describe("quiet context cards", () => {
	it("no card and no count for routine context by default; Ctrl+K in the panel shows them", async () => {
		const sandbox = e2e.sandbox();
		const context = JSON.stringify({
			hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ROUTINE-CTX" },
		});
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				UserPromptSubmit: [{ hooks: [{ type: "command", command: `echo '${context}'` }] }],
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo 'no rm' >&2; exit 2" }] }],
			},
		});
		await startPiTui(tmux, sandbox);
		const before = e2e.llm.requests.length;
		tmux.type("first");
		tmux.keys(["Enter"]);
		let screen = await tmux.waitFor("echo: first");
		expect(JSON.stringify(e2e.llm.requests[before]?.messages)).toContain("ROUTINE-CTX");
		expect(screen).not.toContain("added context");
		expect(screen).not.toMatch(/hooks \d+ context/);
		// A block is still a card and a count.
		tmux.type("bash: rm -rf x");
		tmux.keys(["Enter"]);
		await tmux.waitFor(/blocked Bash/);
		// The footer may draw a frame after the card: wait for it rather than read the card's frame.
		screen = await tmux.waitFor(/hooks 1 blocked/);
		expect(screen).toMatch(/hooks 1 blocked/);
		// The panel's choice: context cards on.
		tmux.type("/hooks");
		tmux.keys(["Enter"]);
		await tmux.waitFor("Filter:");
		tmux.keys(["C-k"]);
		await tmux.waitFor("Context cards: shown");
		tmux.keys(["Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"));
		tmux.type("second");
		tmux.keys(["Enter"]);
		await tmux.waitFor(/added context UserPromptSubmit/);
		screen = await tmux.waitFor(/hooks 1 blocked, \d+ context/);
		expect(screen).toMatch(/hooks 1 blocked, \d+ context/);
		const saved = JSON.parse(readFileSync(join(sandbox.agentDir, "pi-hook-manager", "view.json"), "utf8"));
		expect(saved).toMatchObject({ contextCards: "cards" });
		await tmux.quit();
	});
});
