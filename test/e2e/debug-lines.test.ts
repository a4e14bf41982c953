/**
 * `PI_HOOK_MANAGER_DEBUG=1` in the real pi's print mode (against the scripted model): one stderr line per hook run
 * with its event, hook, decision and how it ended, like `claude --debug`; without it, no such line.
 */
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();

describe("PI_HOOK_MANAGER_DEBUG in pi -p", () => {
	it("prints one stderr line per hook run with its decision, and none without the variable", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("project/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{ type: "command", command: "echo 'no deletes here' >&2; exit 2" },
							{ type: "command", command: "true" },
						],
					},
				],
			},
		});
		const env = { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" };
		const on = await runPiPrint(sandbox, piPrintArgs("bash: rm -rf victim"), {
			env: { ...env, PI_HOOK_MANAGER_DEBUG: "1" },
		});
		const lines = on.stderr.split("\n").filter((line) => line.startsWith("[pi-hook-manager] debug: "));
		expect(lines).toHaveLength(2);
		expect(lines).toContainEqual(
			expect.stringMatching(
				new RegExp(
					"^\\[pi-hook-manager\\] debug: PreToolUse Bash: ran echo 'no deletes here' >&2; exit 2 -> deny " +
						"\\(exit 2, \\d+ ms\\): no deletes here$",
				),
			),
		);
		expect(lines).toContainEqual(
			expect.stringMatching(/^\[pi-hook-manager\] debug: PreToolUse Bash: ran true -> none \(exit 0, \d+ ms\)$/),
		);
		const off = await runPiPrint(sandbox, piPrintArgs("bash: rm -rf victim"), { env });
		expect(off.stderr).not.toContain("debug:");
	});
});
