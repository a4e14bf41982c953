/**
 * `pi-hook-manager`'s CI outputs (the built command, a real process, on the sample project in a temp folder):
 * `test --json`, `test --junit FILE` (JUnit XML), `test --format github` and `lint --format github` (GitHub
 * Actions `::error file=…,line=…,col=…::…` annotations).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliSandbox, createCliSandbox, SAMPLE_PROJECT } from "../support/cli.ts";

let sandbox: CliSandbox | undefined;
afterEach(() => {
	sandbox?.remove();
	sandbox = undefined;
});

/** The sample project with its guard broken for rm -rf (exit 0), and a case named with XML's special characters. */
const broken = (): CliSandbox => {
	const box = createCliSandbox(SAMPLE_PROJECT);
	sandbox = box;
	const guard = join(box.project, ".claude", "hooks", "guard.mjs");
	writeFileSync(guard, readFileSync(guard, "utf8").replace("process.exit(2);", "process.exit(0);"));
	writeFileSync(
		join(box.project, ".pi", "hook-tests", "write.json"),
		JSON.stringify({
			version: 1,
			name: 'a <Write> & "quotes"',
			event: "PreToolUse",
			input: { tool_name: "Write", tool_input: { file_path: "a.txt", content: "" } },
			expect: { decision: "none" },
		}),
	);
	return box;
};

describe("pi-hook-manager CI outputs", () => {
	it("test --json prints one document: counts, each case's status, differences, noHookRan, hooks run", async () => {
		const box = broken();
		const result = await box.run(["test", "--json", "--approve-project-hooks"]);
		expect(result.code).toBe(1);
		const json = JSON.parse(result.stdout);
		expect(json).toMatchObject({ version: 1, passed: 3, failed: 2, skipped: 0, ranForReal: true });
		const rm = json.cases.find((item: { name: string }) => item.name === "guard blocks a recursive delete");
		expect(rm).toMatchObject({
			status: "fail",
			decision: "none",
			line: 1,
			column: 1,
			differences: ['decision: expected "deny", got "none"', expect.stringContaining("reason: expected")],
			ran: [{ command: expect.stringContaining("guard.mjs"), end: "exit 0" }],
		});
		const write = json.cases.find((item: { name: string }) => item.name.startsWith("a <Write>"));
		expect(write).toMatchObject({ status: "fail", noHookRan: ["not_matched"] });
		const push = json.cases.find((item: { name: string }) => item.name === "guard asks before a push");
		expect(push).toMatchObject({ status: "pass", index: 1, line: 9, column: 2 });
	});

	it("test --junit FILE writes JUnit XML, one testsuite per fixture file, and still prints the lines", async () => {
		const box = broken();
		const report = join(box.root, "junit.xml");
		const result = await box.run(["test", "--junit", report, "--approve-project-hooks"]);
		expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("3 passed, 2 failed");
		const xml = readFileSync(report, "utf8");
		expect(xml).toMatch(
			/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="pi-hook-manager" tests="5" /,
		);
		expect(xml).toContain('failures="2" errors="0" skipped="0">');
		expect(xml).toContain('<testsuite name=".pi/hook-tests/git-push.json" tests="2" failures="0"');
		expect(xml).toContain(
			'<testcase name="guard blocks a recursive delete" classname=".pi/hook-tests/rm-rf.json" ' +
				'file=".pi/hook-tests/rm-rf.json" line="1">\n      <failure ' +
				'message="decision: expected &quot;deny&quot;, ' +
				'got &quot;none&quot;" type="mismatch">',
		);
		expect(xml).toContain('<testcase name="a &lt;Write&gt; &amp; &quot;quotes&quot;"');
		expect(xml).toContain('type="no_hook_ran">no hook ran: not_matched');
		expect(xml.match(/<testcase /g)).toHaveLength(5);
		expect(xml.match(/<\/testsuite>/g)).toHaveLength(4);
	});

	it("test --format github adds an ::error annotation at each failed case in its file", async () => {
		const box = broken();
		const result = await box.run(["test", "--format", "github", "--approve-project-hooks"]);
		const annotations = result.stdout.split("\n").filter((line) => line.startsWith("::"));
		expect(annotations).toHaveLength(2);
		expect(annotations).toContain(
			"::error file=.pi/hook-tests/rm-rf.json,line=1,col=1,title=pi-hook-manager%3A guard blocks a recursive " +
				'delete::decision: expected "deny", got "none"%0Areason: expected to contain "recursive delete", got ' +
				'nothing%0Aran node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.mjs": exit 0',
		);
		expect(
			annotations.some((line) => line.startsWith("::error file=.pi/hook-tests/write.json,line=1,col=1,")),
		).toBe(true);
		expect(result.code).toBe(1);
	});

	it("lint --format github prints ::error and ::warning annotations at file, line and col", async () => {
		const box = createCliSandbox();
		sandbox = box;
		const hooks = {
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo 'no rm' >&2; exit 1" }] }],
			Stop: [{ matcher: "x", hooks: [{ type: "command", command: "true" }] }],
		};
		const dir = join(box.project, ".claude");
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, "settings.json"), `${JSON.stringify({ hooks }, null, 2)}\n`);
		const result = await box.run(["lint", "--format", "github"]);
		expect(result.stdout.split("\n").filter((line) => line !== "")).toEqual([
			"::error file=.claude/settings.json,line=7,col=11,title=pi-hook-manager lint%3A exit_1_blocks_nothing::" +
				"exits 1 but never 2: in Claude Code exit 1 is a non-blocking error and the PreToolUse goes on; " +
				"exit 2 (reason on " +
				"stderr) or a JSON decision blocks (hooks.PreToolUse[0].hooks[0])",
			expect.stringMatching(
				/^::warning file=\.claude\/settings\.json,line=\d+,col=\d+,title=pi-hook-manager lint%3A matcher_/,
			),
		]);
		expect(result.stderr).toBe("1 error(s), 1 warning(s)\n");
		expect(result.code).toBe(1);
	});
});
