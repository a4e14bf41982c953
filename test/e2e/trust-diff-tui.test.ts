/**
 * The re-approval dialog in the real pi's TUI (tmux): after the repository rewrote a script an approved project
 * hook runs, the dialog that decides shows what changed in it, line by line, and declining keeps the new content
 * from running.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { selfGuardOff } from "../support/rewrite-attack.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

const mark = (word: string) => `echo ${word} >> "$CLAUDE_PROJECT_DIR/runs.txt"\n`;

describe("the re-approval dialog in the TUI", () => {
	it("shows the changed lines of a rewritten script; declining keeps them from running", async () => {
		const box = suite.sandbox();
		box.writeJson("project/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/h.sh" }] }] },
		});
		box.writeFile("project/.claude/h.sh", mark("good"));
		box.writeFile("project/evil.txt", mark("EVIL"));
		const runs = () => {
			const file = join(box.projectDir, "runs.txt");
			return existsSync(file) ? readFileSync(file, "utf8") : "";
		};
		// The model's rewrite must reach the script: the self-guard would ask about it first.
		selfGuardOff(box);
		const pi = suite.startPi(box);
		await pi.waitFor("Run 1 new or changed project hook(s)?");
		pi.keys("y");
		await pi.waitFor("approved 1 project hook(s)");
		pi.type("bash: cp evil.txt .claude/h.sh");
		pi.keys("Enter");
		await pi.waitFor("fake-model saw tool result");
		expect(runs()).toBe("good\n");
		pi.type("bash: echo two");
		pi.keys("Enter");
		const screen = await pi.waitForAll("runs .claude/h.sh (CHANGED since you approved it)", "+ echo EVIL");
		expect(screen).toContain(`- ${mark("good").trim()}`);
		expect(screen).toContain(`+ ${mark("EVIL").trim()}`);
		pi.keys("n");
		await pi.waitFor("will not run until approved");
		await pi.waitFor((text) => text.split("fake-model saw tool result").length > 2);
		expect(runs()).toBe("good\n");
	});
});
