/**
 * The workbench's stdin pane in the real pi, in tmux at 40 rows: a hook's test view opens on the first line of its
 * sample stdin (`{`, then `session_id`) and the pane grows to the rows the panel has, so the whole sample, with
 * its long `transcript_path`, is in view instead of 30% of the terminal scrolled to its end.
 */
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

describe("the workbench's stdin pane", () => {
	it("starts at the first line of the stdin and uses the panel's height", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "cat > /dev/null" }] }] },
		});
		await startPiTui(tmux, sandbox, { cols: 100, rows: 40 });
		tmux.type("/hooks");
		tmux.keys(["Enter"]);
		await tmux.waitFor("Filter:");
		tmux.keys(["C-r"]);
		const screen = await tmux.waitFor((text) => text.includes("Test a hook") && text.includes('"tool_use_id"'));
		const lines = screen.split("\n");
		const label = lines.findIndex((line) => line.includes("Stdin (Claude Code's JSON"));
		expect(label).toBeGreaterThan(0);
		// The pane's top border hides nothing; the stdin's first line and its session_id are under it.
		expect(lines[label + 1]).toMatch(/│ ─+ │/);
		expect(lines[label + 2]).toMatch(/│ \{ +│/);
		expect(lines[label + 3]).toContain('"session_id"');
		// The whole sample is in view, down to its last line: nothing hidden below the pane either.
		const bottom = lines.findIndex((line, row) => row > label + 1 && /│ ─+ │/.test(line));
		expect(lines[bottom - 1]).toMatch(/│ \} +│/);
		expect(lines.slice(label, bottom).join("\n")).toContain("transcript_path");
		expect(lines[bottom]).not.toContain("more");
		tmux.keys(["Escape"]);
		await tmux.waitFor((text) => !text.includes("Hooks > test"));
		tmux.keys(["Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"));
		await tmux.quit();
	});
});
