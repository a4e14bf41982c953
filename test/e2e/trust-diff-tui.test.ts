/**
 * The re-approval dialog in the real pi's TUI (tmux): after the repository rewrote a script an approved project
 * hook runs, the dialog that decides shows what changed in it, line by line, and declining keeps the new content
 * from running. Yes approves what the dialog showed: a script rewritten while it is open approves nothing, and the
 * dialog shows again with the new diff.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookSettings, mark, trustSandbox } from "../support/trust-sandbox.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();

/**
 * Approves a project hook that runs .claude/h.sh in the real pi's TUI, lets the model rewrite the script with the
 * content of evil.txt, and sends the next prompt: resolves with the sandbox, pi and the re-approval dialog's screen.
 */
const rewrittenAfterApproval = async () => {
	const box = trustSandbox(suite.sandbox(), {
		project: hookSettings("PreToolUse", "Bash", { type: "command", command: "sh .claude/h.sh" }),
		files: { ".claude/h.sh": mark("good"), "evil.txt": mark("EVIL") },
		// The model's rewrite must reach the script: the self-guard would ask about it first.
		selfGuard: false,
	});
	const pi = suite.startPi(box);
	await pi.waitFor("Run 1 new or changed project hook(s)?");
	pi.keys("y");
	await pi.waitFor("approved 1 project hook(s)");
	pi.type("bash: cp evil.txt .claude/h.sh");
	pi.keys("Enter");
	await pi.waitFor("fake-model saw tool result");
	expect(box.runs()).toBe("good\n");
	pi.type("bash: echo two");
	pi.keys("Enter");
	const screen = await pi.waitForAll("runs .claude/h.sh (CHANGED since you approved it)", "+ echo EVIL");
	return { box, pi, screen };
};

describe("the re-approval dialog in the TUI", () => {
	it("shows the changed lines of a rewritten script; declining keeps them from running", async () => {
		const { box, pi, screen } = await rewrittenAfterApproval();
		expect(screen).toContain(`- ${mark("good").trim()}`);
		expect(screen).toContain(`+ ${mark("EVIL").trim()}`);
		pi.keys("n");
		await pi.waitFor("will not run until approved");
		await pi.waitFor((text) => text.split("fake-model saw tool result").length > 2);
		expect(box.runs()).toBe("good\n");
	});

	it("a script rewritten while the dialog is open: Yes approves nothing, the dialog shows the new diff", async () => {
		const { box, pi } = await rewrittenAfterApproval();
		// The repository changes the script again while the person reads the diff of the first change.
		writeFileSync(join(box.projectDir, ".claude", "h.sh"), mark("WORSE"));
		pi.keys("y");
		const again = await pi.waitForAll("nothing approved: 1 project hook(s) changed", `+ ${mark("WORSE").trim()}`);
		expect(again).toContain("Run 1 new or changed project hook(s)?");
		expect(box.runs()).toBe("good\n");
		pi.keys("y");
		await pi.waitFor("approved 1 project hook(s)");
		await pi.waitFor((text) => text.split("fake-model saw tool result").length > 2);
		expect(box.runs()).not.toContain("EVIL");
	});
});
