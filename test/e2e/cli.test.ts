/**
 * `pi-hook-manager` end to end: the built command (dist/cli.mjs) as a real process on a real project in a temp
 * folder, its hooks real processes. The sample project is the README's (demo/hook-tests).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RAN_FOR_REAL } from "../../src/cli/why.ts";
import { type CliSandbox, SAMPLE_PROJECT, useCliSandboxes } from "../support/cli.ts";

const cliSandbox = useCliSandboxes();

/**
 * The limit of a case that runs the command more than once, or loads pi's SDK (a prompt hook): each run may take up
 * to 60 s under load (test/support/cli.ts), so such a case gets more than the default 60 s of one run.
 */
const SLOW_CASE_MS = 120_000;

const sample = (): CliSandbox => cliSandbox(SAMPLE_PROJECT);

const empty = (): CliSandbox => cliSandbox();

/** Writes a project's `.claude/settings.json` with these PreToolUse groups (and other events' when given). */
const settings = (box: CliSandbox, hooks: Record<string, unknown>): void => {
	const dir = join(box.project, ".claude");
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, "settings.json"), `${JSON.stringify({ hooks }, null, 2)}\n`);
};

/** A fixture file in the project's default folder. */
const fixture = (box: CliSandbox, name: string, value: unknown): string => {
	mkdirSync(join(box.project, ".pi", "hook-tests"), { recursive: true });
	const file = join(box.project, ".pi", "hook-tests", name);
	writeFileSync(file, typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`);
	return file;
};

const lastLine = (text: string): string => text.trimEnd().split("\n").at(-1) ?? "";

describe("pi-hook-manager test", () => {
	it("passes the sample project's fixtures, one line each and the closing count", async () => {
		const box = sample();
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stderr).toBe("");
		expect(result.stdout.split("\n").filter((line) => line.startsWith("PASS "))).toHaveLength(4);
		expect(lastLine(result.stdout)).toBe("4 passed, 0 failed");
		expect(result.code).toBe(0);
	});

	it("fails with exit 1 and the difference when the guard no longer blocks rm -rf", async () => {
		const box = sample();
		const guard = join(box.project, ".claude", "hooks", "guard.mjs");
		writeFileSync(guard, readFileSync(guard, "utf8").replace("process.exit(2);", "process.exit(0);"));
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain(
			"FAIL guard blocks a recursive delete (.pi/hook-tests/rm-rf.json)\n" +
				'    decision: expected "deny", got "none"\n' +
				'    reason: expected to contain "recursive delete", got nothing\n',
		);
		expect(result.stdout).toMatch(/ {4}ran node .*guard\.mjs.*: exit 0, stderr: Blocked: recursive delete/);
		expect(lastLine(result.stdout)).toBe("3 passed, 1 failed");
		expect(result.code).toBe(1);
	});

	it("never runs an unapproved project hook without --approve-project-hooks, and says so", async () => {
		const box = sample();
		const marker = join(box.root, "ran");
		settings(box, {
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `touch ${marker}; exit 2` }] }],
		});
		const result = await box.run(["test", ".pi/hook-tests/rm-rf.json"]);
		expect(result.stderr).toContain("1 project hook(s) are not approved in pi, so they do not run");
		expect(result.stdout).toContain("FAIL guard blocks a recursive delete (.pi/hook-tests/rm-rf.json)\n");
		expect(result.stdout).toMatch(/\n {4}no hook ran: not_approved \(a project hook that matches is not approved/);
		expect(result.stdout).toMatch(/\n {4}why: skipped touch .*: a project hook not approved in pi/);
		expect(result.code).toBe(1);
		expect(() => readFileSync(marker)).toThrow();
	});

	it(
		"--update writes the current outcome into expect, and the fixture then passes",
		async () => {
			const box = sample();
			const file = fixture(box, "new.json", {
				version: 1,
				name: "new case",
				event: "PreToolUse",
				input: { tool_name: "Bash", tool_input: { command: "rm -fr /tmp/x" } },
			});
			const before = await box.run(["test", file, "--approve-project-hooks"]);
			expect(before.stdout).toContain("no expect yet: run with --update");
			expect(before.code).toBe(1);
			const update = await box.run(["test", file, "--update", "--approve-project-hooks"]);
			expect(update.stdout).toContain('UPDATED new case (.pi/hook-tests/new.json): expect.decision "deny"');
			expect(update.code).toBe(0);
			const written = JSON.parse(readFileSync(file, "utf8"));
			expect(written.expect).toEqual({
				decision: "deny",
				reason: "Blocked: recursive delete. Delete the files one by one, or ask the user.",
			});
			expect(Object.keys(written)).toEqual(["version", "name", "event", "input", "expect"]);
			const after = await box.run(["test", file, "--approve-project-hooks"]);
			expect(lastLine(after.stdout)).toBe("1 passed, 0 failed");
		},
		SLOW_CASE_MS,
	);

	it("notes under a fixture's line the hook output Claude Code ignores (hook lint), naming the field", async () => {
		const box = sample();
		// Beside the guard (the case says it must run): settings.local.json.
		const hook = { type: "command", command: `echo '{"additionalContext": "x"}'` };
		writeFileSync(
			join(box.project, ".claude", "settings.local.json"),
			JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook] }] } }),
		);
		const result = await box.run(["test", ".pi/hook-tests/harmless.json", "--approve-project-hooks"]);
		const lines = result.stdout.split("\n");
		expect(lines[0]).toMatch(/^PASS guard lets a harmless command run/);
		expect(lines[1]).toMatch(/^ {4}! echo .*: additionalContext: top-level "additionalContext" is ignored/);
		expect(result.code).toBe(0);
	});

	it("runs a saved case's ${CLAUDE_PROJECT_DIR} paths as the project it runs in", async () => {
		const box = empty();
		const check =
			"let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s).tool_input.file_path;" +
			"if(p===process.env.CLAUDE_PROJECT_DIR+'/secret.txt'){console.error('no secrets: '+p);process.exit(2)}})";
		settings(box, {
			PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "node", args: ["-e", check] }] }],
		});
		fixture(box, "secret.json", {
			version: 1,
			name: "no secrets",
			event: "PreToolUse",
			input: { tool_name: "Read", tool_input: { file_path: "${CLAUDE_PROJECT_DIR}/secret.txt" } },
			expect: { decision: "deny", reason: "no secrets: ${CLAUDE_PROJECT_DIR}/secret.txt" },
		});
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toContain("PASS no secrets");
		expect(result.code).toBe(0);
	});

	it(
		"says on a passing fixture's line which hooks timed out or were killed: they decided nothing",
		async () => {
			const box = empty();
			settings(box, {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{ type: "command", command: "sleep 30 # guard.sh", timeout: 1 },
							{ type: "command", command: "kill -KILL $$" },
						],
					},
				],
			});
			fixture(box, "hang.json", {
				version: 1,
				name: "hang",
				event: "PreToolUse",
				input: { tool_name: "Bash", tool_input: { command: "ls" } },
				expect: { decision: "none" },
			});
			const result = await box.run(["test", "--approve-project-hooks"]);
			expect(result.stdout.split("\n")[0]).toBe(
				"PASS hang (.pi/hook-tests/hang.json) " +
					"(sleep 30 # guard.sh timed out after 1 s; " +
					"kill -KILL $$ was killed by SIGKILL: the call proceeds, as in Claude Code)",
			);
			expect(result.code).toBe(0);
			const file = join(box.project, ".pi", "hook-tests", "hang.json");
			const update = await box.run(["test", "--update", "--approve-project-hooks"]);
			expect(update.code).toBe(0);
			expect(JSON.parse(readFileSync(file, "utf8")).expect).toEqual({ decision: "none", failures: 2 });
			const fixed = JSON.parse(readFileSync(file, "utf8"));
			writeFileSync(file, JSON.stringify({ ...fixed, expect: { decision: "none", failures: 0 } }));
			const stated = await box.run(["test", "--approve-project-hooks"]);
			expect(stated.stdout).toContain("    failures: expected 0 failed hook(s), got 2\n");
			expect(stated.code).toBe(1);
		},
		SLOW_CASE_MS,
	);

	it(
		"--timeout SECONDS caps every hook's timeout for the run (a hook without one would wait 600 s)",
		async () => {
			const box = empty();
			settings(box, { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sleep 600" }] }] });
			const file = fixture(box, "hang.json", {
				version: 1,
				name: "hang",
				event: "PreToolUse",
				input: { tool_name: "Bash", tool_input: { command: "ls" } },
				expect: { decision: "none" },
			});
			const result = await box.run(["test", "--timeout", "1", "--approve-project-hooks"]);
			expect(result.stdout).toContain("PASS hang (.pi/hook-tests/hang.json) (sleep 600 timed out after 1 s");
			expect(result.code).toBe(0);
			const why = await box.run(["why", file, "--timeout=1", "--approve-project-hooks"]);
			expect(why.stdout).toMatch(/ran +Bash +sleep 600 .*would time out/);
		},
		SLOW_CASE_MS,
	);

	it(
		"--update writes the home's path as ${HOME}, and test reads it back as --home (a plugin's root)",
		async () => {
			const box = empty();
			const say = 'echo "pguard: curl is blocked (root=$HOME/.claude/plugins/cache/m/pguard/1.0.0)" >&2; exit 2';
			settings(box, { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: say }] }] });
			const file = fixture(box, "curl.json", {
				version: 1,
				name: "curl",
				event: "PreToolUse",
				input: { tool_name: "Bash", tool_input: { command: "curl x" } },
			});
			expect((await box.run(["test", "--update", "--approve-project-hooks"])).code).toBe(0);
			expect(JSON.parse(readFileSync(file, "utf8")).expect.reason).toBe(
				"pguard: curl is blocked (root=${HOME}/.claude/plugins/cache/m/pguard/1.0.0)",
			);
			const result = await box.run(["test", "--approve-project-hooks"]);
			expect(result.stdout).toContain("PASS curl");
			expect(result.code).toBe(0);
		},
		SLOW_CASE_MS,
	);

	it(
		"reports a case a prompt hook matches as skipped, never as passed",
		async () => {
			const box = sample();
			settings(box, { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is this safe?" }] }] });
			const result = await box.run(["test", ".pi/hook-tests/harmless.json", "--approve-project-hooks"]);
			expect(result.stdout).toContain("SKIP guard lets a harmless command run");
			expect(result.stdout).not.toContain("PASS");
			expect(lastLine(result.stdout)).toBe("0 passed, 0 failed");
			expect(result.code).toBe(0);
		},
		SLOW_CASE_MS,
	);

	it.each([
		["broken JSON", "{ nope", /ERROR \.pi\/hook-tests\/bad\.json: invalid JSON: .*line 1,? column 3/],
		[
			"an unknown event",
			JSON.stringify({ version: 1, event: "PreToolUSe", input: {} }),
			/ERROR \.pi\/hook-tests\/bad\.json: unknown hook event "PreToolUSe"/,
		],
		[
			"a misspelt field",
			JSON.stringify({ version: 1, event: "Stop", exepct: { decision: "none" } }),
			/ERROR \.pi\/hook-tests\/bad\.json: unknown field "exepct"/,
		],
		[
			"200,000 nested arrays as the whole file",
			`${"[".repeat(200_000)}${"]".repeat(200_000)}`,
			/ERROR \.pi\/hook-tests\/bad\.json: nests arrays or objects more than 1000 levels deep/,
		],
		[
			"200,000 nested arrays in a case's input (a stack overflow, exit 3 and no case run before)",
			`{"version": 1, "event": "Stop", "input": {"x": ${"[".repeat(200_000)}${"]".repeat(200_000)}}}`,
			/ERROR \.pi\/hook-tests\/bad\.json: nests arrays or objects more than 1000 levels deep/,
		],
	])("names the file of a fixture with %s and exits 2", async (_what, text, message) => {
		const box = sample();
		fixture(box, "bad.json", text);
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toMatch(message);
		expect(lastLine(result.stdout)).toBe("4 passed, 1 failed");
		expect(result.code).toBe(2);
		expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
	});

	it.each([
		[["test", "missing.json"], "pi-hook-manager: missing.json: no such file or folder"],
		[["tset"], 'pi-hook-manager: unknown command "tset" (commands: list, lint, test, why)'],
		[["list", "--update"], "pi-hook-manager: list does not take --update"],
		[["why"], "pi-hook-manager: why takes exactly one FIXTURE file"],
		[["list", "--cwd", "nowhere"], "pi-hook-manager: --cwd nowhere: no such folder"],
	])("exits 2 with a message for %j", async (args, message) => {
		const box = empty();
		const result = await box.run(args);
		expect(result.stderr.split("\n")[0]).toBe(message);
		expect(result.code).toBe(2);
	});

	it("exits 2 when the project has no fixture folder", async () => {
		const box = empty();
		const result = await box.run(["test"]);
		expect(result.stderr).toContain("no fixtures: .pi/hook-tests does not exist");
		expect(result.code).toBe(2);
	});
});

describe("pi-hook-manager stopped", () => {
	it("kills the hooks it runs when it is stopped (SIGTERM), and exits 143", async () => {
		const box = sample();
		const pidFile = join(box.root, "hook.pid");
		settings(box, {
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo $$ > ${pidFile}; sleep 60` }] }],
		});
		const running = box.run(["test", ".pi/hook-tests/harmless.json", "--approve-project-hooks"]);
		while (!existsSync(pidFile) || readFileSync(pidFile, "utf8").trim() === "")
			await new Promise((resolve) => setTimeout(resolve, 20));
		const hook = Number(readFileSync(pidFile, "utf8").trim());
		const cli = Number(box.lastPid());
		process.kill(cli, "SIGTERM");
		const result = await running;
		expect(result.code).toBe(143);
		const alive = (): boolean => {
			try {
				process.kill(hook, 0);
				return true;
			} catch {
				return false;
			}
		};
		for (let tries = 0; tries < 500 && alive(); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
		expect(alive()).toBe(false);
	});
});

describe("pi-hook-manager lint", () => {
	it(
		"flags an exit-1 'block' as an error at its file:line:column, and exits 1",
		async () => {
			const box = empty();
			settings(box, {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [{ type: "command", command: "echo 'no rm' >&2; exit 1", timeout: 5000 }],
					},
				],
				Stop: [{ matcher: "x", hooks: [{ type: "command", command: "true" }] }],
			});
			const result = await box.run(["lint"]);
			const lines = result.stdout.trimEnd().split("\n");
			expect(lines).toContain(
				".claude/settings.json:7:11: error: exits 1 but never 2: " +
					"in Claude Code exit 1 is a non-blocking " +
					"error and the PreToolUse goes on; exit 2 (reason on stderr) or a JSON decision blocks " +
					"(hooks.PreToolUse[0].hooks[0])",
			);
			expect(
				lines.some((line) => /^\.claude\/settings\.json:\d+:\d+: warning: timeout is in seconds/.test(line)),
			).toBe(true);
			expect(lines.some((line) => /warning: Stop has no matcher: matcher "x" is ignored/.test(line))).toBe(true);
			expect(result.stderr).toBe("1 error(s), 2 warning(s)\n");
			expect(result.code).toBe(1);
			const list = await box.run(["list"]);
			expect(list.stdout.trimEnd().split("\n").at(-1)).toBe(
				"3 lint finding(s), 1 error(s) and 2 warning(s): run pi-hook-manager lint to see them",
			);
		},
		SLOW_CASE_MS,
	);

	it(
		"exits 0 on the sample project, and --json parses",
		async () => {
			const box = sample();
			const text = await box.run(["lint"]);
			expect(text.stdout).toBe("");
			expect(text.code).toBe(0);
			const json = await box.run(["lint", "--json"]);
			expect(JSON.parse(json.stdout)).toEqual({ version: 1, findings: [] });
		},
		SLOW_CASE_MS,
	);
});

describe("pi-hook-manager list and why", () => {
	it(
		"list --json parses and names each hook's source, JSON path and state",
		async () => {
			const box = sample();
			const waiting = JSON.parse((await box.run(["list", "--json"])).stdout);
			expect(waiting.hooks).toEqual([
				expect.objectContaining({
					event: "PreToolUse",
					matcher: "Bash",
					type: "command",
					source: "Claude project",
					file: join(box.project, ".claude", "settings.json"),
					jsonPath: "hooks.PreToolUse[0].hooks[0]",
					line: 7,
					column: 6,
					state: "waiting",
				}),
			]);
			const approved = JSON.parse((await box.run(["list", "--json", "--approve-project-hooks"])).stdout);
			expect(approved.hooks.map((hook: { state: string }) => hook.state)).toEqual(["on"]);
		},
		SLOW_CASE_MS,
	);

	it("list --json says each hook's onFailure as Claude Code reads it, and where the event ignores it", async () => {
		const box = empty();
		const guard = (onFailure?: string) => ({ type: "mcp_tool", server: "sec", tool: "check", onFailure });
		settings(box, {
			PreToolUse: [{ matcher: "Bash", hooks: [guard("block"), guard("deny"), guard(), guard("continue")] }],
			Stop: [{ hooks: [guard("block"), { type: "command", command: "true", onFailure: "block" }] }],
		});
		const rows = JSON.parse((await box.run(["list", "--json"])).stdout).hooks as Record<string, unknown>[];
		expect(rows.map((row) => [row.event, row.onFailure, row.onFailureIgnored])).toEqual([
			["PreToolUse", "block", undefined],
			["PreToolUse", "block", undefined],
			["PreToolUse", undefined, undefined],
			["PreToolUse", "continue", undefined],
			["Stop", "block", true],
			["Stop", "block", true],
		]);
	});

	it(
		"why and test on a missing or broken fixture print only the usage error, no approval note",
		async () => {
			const box = sample();
			const usage = "(pi-hook-manager --help shows the usage)\n";
			const missing = await box.run(["why", "missing.json"]);
			expect(missing.stderr).toBe(`pi-hook-manager: missing.json: no such file\n${usage}`);
			expect(missing.code).toBe(2);
			fixture(box, "broken.json", "{");
			const broken = await box.run(["why", ".pi/hook-tests/broken.json"]);
			expect(broken.stderr).toMatch(/^pi-hook-manager: \.pi\/hook-tests\/broken\.json: invalid JSON[^\n]*\n/);
			expect(broken.stderr.split("\n")).toHaveLength(3);
			expect(broken.code).toBe(2);
			const none = await box.run(["test", "nowhere"]);
			expect(none.stderr).toBe(`pi-hook-manager: nowhere: no such file or folder\n${usage}`);
		},
		SLOW_CASE_MS,
	);

	it("why lists each configured hook of the event with why it ran or not", async () => {
		const box = sample();
		settings(box, {
			PreToolUse: [
				{ matcher: "Bash", hooks: [{ type: "command", command: "echo no >&2; exit 2" }] },
				{ matcher: "Write", hooks: [{ type: "command", command: "true" }] },
				{ matcher: "Bash", hooks: [{ type: "command", command: "true", if: "Bash(git *)" }] },
			],
			NoSuchEvent: [],
		});
		const result = await box.run(["why", ".pi/hook-tests/rm-rf.json", "--approve-project-hooks"]);
		const lines = result.stdout.trimEnd().split("\n");
		expect(lines[0]).toBe("guard blocks a recursive delete: PreToolUse Bash");
		expect(lines[1]).toMatch(
			/^ {2}ran +Bash +echo no >&2; exit 2 +\.claude\/settings\.json:\d+:\d+ +would block: /,
		);
		expect(lines[2]).toMatch(/^ {2}not run +Write +true .*matcher "Write" did not match "Bash"$/);
		expect(lines[3]).toMatch(/^ {2}not run +Bash +true .*if "Bash\(git \*\)" did not match this call$/);
		expect(lines[4]).toBe(`note: ${RAN_FOR_REAL}`);
		expect(lines).toHaveLength(5);
		expect(result.code).toBe(0);
	});
});
