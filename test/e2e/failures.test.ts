/**
 * One failure, one message, in the real pi: a command that does not exist and JSON followed by garbage each
 * give exactly one line on stderr in print mode, worded like the card; in the TUI each is one card and one
 * count in the footer, and no second warning line.
 */
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

const hooks = (command: string) => ({
	hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
});
const MISSING = "no-such-hook-command-xyz";
const GARBAGE = `printf '{"decision": "block", "reason": "x"} and then garbage'`;

/** pi-hook-manager's stderr lines about hooks that ran (the first run's tripwire baseline line is not one). */
const hookLines = (stderr: string): string[] =>
	stderr
		.split("\n")
		.filter((line) => line.startsWith("[pi-hook-manager]") && !line.includes("the tripwire's baseline"));

describe("one failure, one message", () => {
	it.each([
		["a missing command", MISSING, `! failed Bash · ${MISSING} · Failed with non-blocking status code 127`],
		["JSON followed by garbage", GARBAGE, '! failed Bash · printf · output starts with "{" but is not valid JSON'],
	])("print mode: %s gives one stderr line, worded like the card", async (_name, command, words) => {
		const sandbox: PiSandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", hooks(command));
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"));
		const lines = hookLines(result.stderr);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain(`[pi-hook-manager] warning: ${words}`);
	});

	it.each([
		["a missing command", MISSING, "! failed Bash"],
		["JSON followed by garbage", GARBAGE, "! failed Bash"],
	])("TUI: %s is one card and one count, no second line", async (name, command, card) => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", hooks(command));
		const session = name.replace(/\W/g, "-");
		await startPiTui(tmux, sandbox, { name: session });
		// submit: a prompt sent while pi still starts stays in its editor (seen in CI under load); submit sends it.
		await tmux.submit("bash: echo hi", session);
		const screen = await tmux.waitFor("fake-model saw tool result: hi", { name: session });
		expect(screen.split(card)).toHaveLength(2);
		expect(screen).toContain("hooks 1 error");
		expect(screen).not.toContain("hook error (");
		await tmux.quit(session);
	});
});
