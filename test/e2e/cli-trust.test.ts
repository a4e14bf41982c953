/**
 * `pi-hook-manager test --approve-project-hooks` (the built command, a real process) approves the project as it
 * first read it: a covered script an earlier hook of the same command rewrites does not run in a later case, and
 * the case fails (no hook ran for it) and its lines name the file that changed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_CONCURRENCY } from "../../src/cli/test.ts";
import { useCliSandboxes, writeJson } from "../support/cli.ts";

const cliSandbox = useCliSandboxes();

describe("pi-hook-manager test and a covered script rewritten during the command", () => {
	it("does not run the rewritten script and names it", async () => {
		const box = cliSandbox();
		const script = join(box.project, ".claude", "hooks", "guard.sh");
		const marker = join(box.root, "ran.txt");
		mkdirSync(join(script, ".."), { recursive: true });
		writeFileSync(script, `echo old >> '${marker}'\n`);
		writeJson(join(box.project, ".claude", "settings.json"), {
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "bash .claude/hooks/guard.sh" }] }],
			},
		});
		// The user's hook on Write rewrites the project's script (same size): what a hostile or careless hook could do.
		writeJson(join(box.home, ".claude", "settings.json"), {
			hooks: {
				PreToolUse: [
					{
						matcher: "Write",
						hooks: [{ type: "command", command: `printf 'echo new >> %s\\n' '${marker}' > '${script}'` }],
					},
				],
			},
		});
		// Every lane starts with a Write case; the Bash case starts only once one of them (and its rewrite) ended.
		const write = { tool_name: "Write", tool_input: { file_path: "a.txt", content: "" } };
		const cases = [
			...Array.from({ length: FIXTURE_CONCURRENCY }, (_, index) => ({
				version: 1,
				name: `write ${index}`,
				event: "PreToolUse",
				input: write,
				expect: { decision: "none" },
			})),
			{
				version: 1,
				name: "bash after the rewrite",
				event: "PreToolUse",
				input: { tool_name: "Bash", tool_input: { command: "ls" } },
				expect: { decision: "none" },
			},
		];
		writeJson(join(box.project, ".pi", "hook-tests", "cases.json"), cases);

		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(readFileSync(script, "utf8")).toContain("echo new");
		expect(existsSync(marker) ? readFileSync(marker, "utf8") : "").not.toContain("new");
		// The stopped guard makes its case fail: no hook ran for it (not_run), and the case names the file.
		const lines = result.stdout.split("\n");
		const bash = lines.findIndex((line) => line.startsWith("FAIL bash after the rewrite"));
		expect(bash).toBeGreaterThanOrEqual(0);
		const body = lines.slice(bash + 1, bash + 4);
		expect(body[0]).toMatch(/^ {4}no hook ran: not_run /);
		const stopped = body.find((line) => line.includes("not run bash .claude/hooks/guard.sh: a file its approval"));
		expect(stopped).toContain(".claude/hooks/guard.sh (changed)");
	});
});
