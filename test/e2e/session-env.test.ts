/**
 * The real pi gives hooks Claude Code 2.1.332's `CLAUDE_PID` (pi's own process id) and
 * `CLAUDE_CODE_SESSION_ATTENDED` (`0` in print mode, `1` with the TUI, in tmux).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, PI_BIN, type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

/** A PreToolUse hook that writes `<attended> <the command line of the process CLAUDE_PID names>` to `file`. */
const writeEnvHook = (sandbox: PiSandbox, file: string) =>
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: {
			PreToolUse: [
				{
					hooks: [
						{
							type: "command",
							command:
								`echo "$CLAUDE_CODE_SESSION_ATTENDED $(tr '\\0' ' ' < /proc/$CLAUDE_PID/cmdline)" ` +
								`> '${file}'`,
						},
					],
				},
			],
		},
	});

describe("CLAUDE_PID and CLAUDE_CODE_SESSION_ATTENDED", () => {
	it("are pi's process id and 0 in print mode", async () => {
		const sandbox = e2e.sandbox();
		const file = join(sandbox.root, "env.txt");
		writeEnvHook(sandbox, file);
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"));
		expect(result.code, result.stderr).toBe(0);
		const [attended, ...command] = readFileSync(file, "utf8").trim().split(" ");
		expect(attended).toBe("0");
		// The process CLAUDE_PID names is pi itself (pi sets its process title to "pi"), not the hook's shell.
		expect(command.join(" ").trim()).toBe("pi");
	});

	it("say 1 with pi's TUI", async () => {
		const sandbox = e2e.sandbox();
		const file = join(sandbox.root, "env.txt");
		writeEnvHook(sandbox, file);
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			name: "attended",
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
			cols: 120,
			rows: 40,
		});
		await tmux.waitFor("fake-model", { name: "attended" });
		await tmux.submit("bash: echo hi", "attended");
		await tmux.waitFor("fake-model saw tool result: hi", { name: "attended" });
		const [attended, ...command] = readFileSync(file, "utf8").trim().split(" ");
		expect(attended).toBe("1");
		expect(command.join(" ").trim()).toBe("pi");
		await tmux.quit("attended");
	});
});
