/**
 * `pi-hook-manager lint`'s preflight end to end: the built command as a real process on a project in a temp
 * folder, with a PATH of its own (a folder with or without a fake `python3`), prints each hook that cannot run
 * here at its `command`'s file:line:column, and exits 1; with the interpreter on PATH the finding is gone, and
 * `--no-preflight` leaves the preflight out.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CliSandbox, useCliSandboxes } from "../support/cli.ts";

const cliSandbox = useCliSandboxes();

/** The settings text: a python3 hook, a script without its execute bit, a bash-only test. */
const SETTINGS = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "python3 \\"$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py\\"" },
          { "type": "command", "command": "./.claude/hooks/log.sh" },
          { "type": "command", "command": "[[ -n \\"$X\\" ]] || true" }
        ]
      }
    ]
  }
}
`;

const setUp = (): { box: CliSandbox; bin: string } => {
	const box = cliSandbox();
	const hooks = join(box.project, ".claude", "hooks");
	mkdirSync(hooks, { recursive: true });
	writeFileSync(join(box.project, ".claude", "settings.json"), SETTINGS);
	writeFileSync(join(hooks, "guard.py"), "import sys\nsys.exit(0)\n");
	writeFileSync(join(hooks, "log.sh"), "#!/bin/sh\necho logged\n");
	chmodSync(join(hooks, "log.sh"), 0o644);
	const bin = join(box.root, "bin");
	mkdirSync(bin);
	return { box, bin };
};

describe("pi-hook-manager lint: preflight", () => {
	it("prints each hook that cannot run here at its command's file:line:column and exits 1", async () => {
		const { box, bin } = setUp();
		const result = await box.run(["lint"], { env: { PATH: bin } });
		const lines = result.stdout.trimEnd().split("\n");
		const sh = result.stdout.includes("/bin/sh is bash") ? "bash" : "other";
		expect(lines.slice(0, 2)).toEqual([
			'.claude/settings.json:7:32: error: python3 is not on PATH: the hook fails with "not found" (exit 127) ' +
				"before it runs (hooks.PreToolUse[0].hooks[0].command)",
			".claude/settings.json:8:32: error: .claude/hooks/log.sh has no execute bit: sh cannot run it " +
				"(exit 126); run chmod +x on it, or name its interpreter in the command " +
				"(hooks.PreToolUse[0].hooks[1].command)",
		]);
		expect(lines[2]).toMatch(
			/^\.claude\/settings\.json:9:32: (error|warning): bash-only syntax `\[\[ \]\]` in a command \/bin\/sh /,
		);
		expect(lines).toHaveLength(3);
		expect(result.stderr).toBe(sh === "bash" ? "2 error(s), 1 warning(s)\n" : "3 error(s), 0 warning(s)\n");
		expect(result.code).toBe(1);
		const json = JSON.parse((await box.run(["lint", "--json"], { env: { PATH: bin } })).stdout);
		expect(json.findings.map((finding: { code: string }) => finding.code)).toEqual([
			"program_missing",
			"not_executable",
			"bash_only_syntax",
		]);
	});

	it("--no-preflight leaves the preflight out (CI that is not the machine the hooks run on)", async () => {
		const { box, bin } = setUp();
		const result = await box.run(["lint", "--no-preflight"], { env: { PATH: bin } });
		expect(result).toEqual({ code: 0, stdout: "", stderr: "0 error(s), 0 warning(s)\n" });
		expect((await box.run(["list", "--no-preflight"])).stderr).toContain("list does not take --no-preflight");
	});

	it("a python3 on PATH and the execute bit set leave only the bash-only finding", async () => {
		const { box, bin } = setUp();
		writeFileSync(join(bin, "python3"), "#!/bin/sh\nexit 0\n");
		chmodSync(join(bin, "python3"), 0o755);
		chmodSync(join(box.project, ".claude", "hooks", "log.sh"), 0o755);
		const result = await box.run(["lint", "--json"], { env: { PATH: bin } });
		expect(JSON.parse(result.stdout).findings.map((finding: { code: string }) => finding.code)).toEqual([
			"bash_only_syntax",
		]);
	});
});
