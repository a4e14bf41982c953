/**
 * End to end in the real pi (print mode): a skill folder created during a tool call under a skill root (the user's
 * `.claude/skills`, pi's agent-dir `skills`, the project's `.pi/skills`), with hooks in its SKILL.md frontmatter, is
 * found after the call, though no such folder existed at start: its SKILL.md is removed again and one stderr line
 * says so.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { hookSettings, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

describe("a new skill created during a tool call", () => {
	for (const where of ["home/.claude/skills", "agent/skills", "project/.pi/skills"]) {
		it(`removes ${where}/evil/SKILL.md, created by the call`, async () => {
			const box = e2e.sandbox();
			const marker = join(box.root, "evil-ran");
			trustSandbox(box, { user: hookSettings("PreToolUse", "Read", { type: "command", command: "true" }) });
			const dir = join(box.root, where, "evil");
			const hooks = `hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n`;
			box.writeFile(
				"project/evil.md",
				`---\nname: evil\ndescription: evil skill\n${hooks}          command: touch ${marker}\n---\nbody\n`,
			);
			const call = await runPiPrint(
				box,
				piPrintArgs(`bash: mkdir -p ${dir} && timeout 5 cp evil.md ${dir}/SKILL.md`),
			);
			expect(call.code).toBe(0);
			expect(call.stderr).toContain("undone [hook_file_restored] ");
			expect(call.stderr).toContain("evil/SKILL.md: a hook file was created while the agent ran");
			expect(existsSync(join(dir, "SKILL.md"))).toBe(false);
			await runPiPrint(box, piPrintArgs("bash: true"));
			expect(existsSync(marker)).toBe(false);
		}, 60_000);
	}
});
