/**
 * The "new or changed since you last looked" view in the real pi, in tmux: after a baseline run (print mode), a
 * user hook whose command was replaced and one added are counted on /hooks' tab line, and Ctrl+S lists both with
 * what each runs, what the changed one ran before and the diff of its definition; Esc goes back to the list.
 */
import { describe, expect, it } from "vitest";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { useTuiSuite } from "../support/tui-suite.ts";

const suite = useTuiSuite();
const flat = (screen: string): string => screen.replace(/\s+/g, " ");

const settings = (...hooks: { type: string; command: string }[]) => ({
	hooks: { PreToolUse: [{ matcher: "Bash", hooks }] },
});

describe("the new-or-changed view in the real pi", () => {
	it("Ctrl+S in /hooks shows the replaced and the added hook with the diff", async () => {
		const box = suite.sandbox();
		box.writeJson("home/.claude/settings.json", settings({ type: "command", command: "echo safe-guard" }));
		const baseline = await runPiPrint(box, piPrintArgs("hello"));
		expect(baseline.stderr).toContain("tripwire's baseline");
		box.writeJson(
			"home/.claude/settings.json",
			settings({ type: "command", command: "echo evil-guard" }, { type: "command", command: "echo added-hook" }),
		);
		const pi = suite.startPi(box);
		await pi.waitFor("fake-model");
		pi.prompt("/hooks");
		await pi.waitFor((screen) => flat(screen).includes("2 new or changed (ctrl+s)"));
		pi.keys("C-s");
		// The view is drawn line by line: a capture taken as its title appears can miss its last lines (seen under
		// load), so the wait is for the last thing drawn, and the assertions read that whole screen.
		const screen = flat(await pi.waitFor((text) => flat(text).includes("Runs echo added-hook")));
		expect(screen).toContain("1 new and 1 changed hook(s) since you last looked");
		expect(screen).toContain("CHANGED PreToolUse [Bash] · Claude user");
		expect(screen).toContain("Was echo safe-guard");
		expect(screen).toContain('- "command": "echo safe-guard"');
		expect(screen).toContain('+ "command": "echo evil-guard"');
		expect(screen).toContain("NEW PreToolUse [Bash] · Claude user");
		expect(screen).toContain("Runs echo added-hook");
		pi.keys("Escape");
		await pi.waitFor((text) => !text.includes("Hooks > new or changed") && text.includes("Filter:"));
	});
});
