/**
 * The cost view in the real pi, in tmux: a hook that ran in an earlier pi run (print mode) and in this session
 * is listed by Ctrl+P in /hooks with its fires, p50/p95 and the share of the agent runs pi journaled; `+` steps
 * the budget and pi keeps it in view.json.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();
const flat = (screen: string): string => screen.replace(/\s+/g, " ");

describe("the cost view in the real pi", () => {
	it("Ctrl+P shows the hook's cost across sessions and + raises the budget", async () => {
		const box = suite.sandbox();
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{ matcher: "Bash", hooks: [{ type: "command", command: "sleep 0.2; echo slow-guard >&2" }] },
				],
			},
		});
		await runPiPrint(box, piPrintArgs("bash: echo earlier-run"));
		const journalDir = join(box.agentDir, "pi-hook-manager", "journal");
		const pi = suite.startPi(box);
		await pi.waitFor("fake-model");
		pi.prompt("bash: echo now-run");
		await pi.waitFor("fake-model saw tool result: now-run");
		pi.prompt("/hooks");
		await pi.waitFor("Filter:");
		pi.keys("C-p");
		// Waited for up to its last line: a capture taken as the title appears can miss the lines below it.
		const screen = flat(await pi.waitFor((text) => flat(text).includes("Budget 500ms")));
		// Two runs of the hook (the earlier pi and this one), the agent runs journaled so far, its time's share.
		expect(screen).toMatch(/agent run\(s\)/);
		expect(screen).toMatch(/sleep 0\.2; echo slow-guard >&2 · PreToolUse \d+(\.\d+)? +\d+ms +\d+ms +\d+%/);
		expect(screen).toContain("Budget 500ms");
		pi.keys("+");
		await pi.waitFor("Budget 1.0s");
		const view = JSON.parse(readFileSync(join(box.agentDir, "pi-hook-manager", "view.json"), "utf8"));
		expect(view.costBudgetMs).toBe(1000);
		const lines = readFileSync(join(journalDir, readdirSync(journalDir)[0] ?? ""), "utf8");
		expect(lines).toContain('"kind":"turn"');
		pi.keys("Escape");
		await pi.waitFor((text) => !text.includes("Hooks > cost"));
	});
});
