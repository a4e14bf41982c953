/**
 * The preflight of command hooks against real files in a temp dir through the real probe: a PATH with and
 * without a fake interpreter, scripts with and without their execute bit, `#!` lines naming missing programs,
 * bash-only syntax, PowerShell hooks; and each finding's file:line:column at the hook's `command` in the file.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonPathPosition } from "../../../src/engine/config/json-position.ts";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { type PreflightFinding, preflightHook, preflightMessage } from "../../../src/engine/lint/preflight.ts";
import { lintConfig } from "../../../src/engine/plan/config-lint.ts";
import { createPreflightChecker, createPreflightProbe } from "../../../src/host/preflight/probe.ts";
import { commandEntry } from "../../support/entries.ts";

/** The temp dir (its name fixed when the tables are built; its files made per test and removed after). */
const root = join(tmpdir(), `preflight-${process.pid}-${Date.now()}`);
const project = join(root, "project");
/** A PATH folder holding fake `python3`, `jq`, `pwsh`, `bash`, `cat` (never run: the preflight only looks). */
const withTools = join(root, "bin-with");
/** A PATH folder holding `cat` and a `python3` without its execute bit. */
const withoutTools = join(root, "bin-without");

const write = (path: string, text: string, mode: number): string => {
	writeFileSync(path, text);
	chmodSync(path, mode);
	return path;
};

beforeEach(() => {
	for (const dir of [project, join(project, ".claude", "hooks"), withTools, withoutTools])
		mkdirSync(dir, { recursive: true });
	for (const name of ["python3", "jq", "pwsh", "bash", "cat"])
		write(join(withTools, name), "#!/bin/sh\nexit 99\n", 0o755);
	write(join(withoutTools, "cat"), "#!/bin/sh\nexit 99\n", 0o755);
	// A python3 without its execute bit is not a python3 on PATH.
	write(join(withoutTools, "python3"), "#!/bin/sh\nexit 99\n", 0o644);
	const hooks = join(project, ".claude", "hooks");
	write(join(hooks, "run.sh"), "#!/bin/sh\necho ok\n", 0o755);
	write(join(hooks, "no-x.sh"), "#!/bin/sh\necho ok\n", 0o644);
	write(join(hooks, "deno.ts"), "#!/usr/bin/env -S deno run\nconsole.log(1)\n", 0o755);
	write(join(hooks, "py.py"), "#!/usr/bin/env python3\nprint(1)\n", 0o755);
	write(join(hooks, "abs.sh"), "#!/opt/nowhere/bin/zsh\necho\n", 0o755);
	write(join(hooks, "plain"), "echo no shebang\n", 0o755);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The findings of one command hook (extra handler fields), with PATH = `bin` and /bin/sh as `sh`. */
const check = (command: string, bin: string, extra: Record<string, unknown> = {}, sh = "dash"): PreflightFinding[] => {
	const probe = createPreflightProbe({ path: bin, home: join(root, "home") });
	return preflightHook(
		commandEntry(command, "PreToolUse", extra),
		{ projectDir: project },
		{ ...probe, sh: () => sh },
	);
};

const hook = (name: string): string => join(project, ".claude", "hooks", name);

describe("preflightHook", () => {
	it.each([
		[
			"python3 x.py with python3 on PATH, x.py there",
			() => 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/py.py"',
			"with",
			[],
		],
		[
			"python3 x.py with no python3 (one without x bit does not count)",
			() => 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/py.py"',
			"without",
			[{ code: "program_missing", program: "python3" }],
		],
		["jq in a pipeline", () => "cat | jq -r .tool_name", "without", [{ code: "program_missing", program: "jq" }]],
		["jq guarded by command -v", () => "command -v jq >/dev/null && jq . || cat", "without", []],
		[
			"a script guarded by [ -x ]",
			() => "[ -x ./.claude/hooks/gone.sh ] && ./.claude/hooks/gone.sh",
			"without",
			[],
		],
		["a program in $(...)", () => "echo $(jq -n 1)", "without", [{ code: "program_missing", program: "jq" }]],
		["a function defined in the command", () => "f() { echo; }; f", "without", []],
		[
			"builtins and wrappers",
			() => "cd /tmp && env A=1 nohup true; exit 0",
			"without",
			[
				{ code: "program_missing", program: "env" },
				{ code: "program_missing", program: "nohup" },
			],
		],
		[
			"an env wrapper around a missing program",
			() => "env -u X jq .",
			"without",
			[
				{ code: "program_missing", program: "env" },
				{ code: "program_missing", program: "jq" },
			],
		],
		["an executable script run directly", () => "$CLAUDE_PROJECT_DIR/.claude/hooks/run.sh", "without", []],
		["a relative script run directly", () => "./.claude/hooks/run.sh", "without", []],
		[
			"a script without its execute bit",
			() => '"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-x.sh',
			"without",
			[{ code: "not_executable", path: hook("no-x.sh") }],
		],
		[
			"a script without x bit run by sh",
			() => "sh .claude/hooks/no-x.sh",
			"without",
			[{ code: "program_missing", program: "sh" }],
		],
		[
			"a missing script",
			() => "$CLAUDE_PROJECT_DIR/.claude/hooks/gone.sh",
			"without",
			[{ code: "script_missing", path: hook("gone.sh") }],
		],
		[
			"a missing script of an interpreter",
			() => "python3 .claude/hooks/gone.py",
			"with",
			[{ code: "script_missing", path: hook("gone.py") }],
		],
		["python3 -c code", () => "python3 -c 'print(1)'", "with", []],
		[
			"a #!/usr/bin/env -S deno script with no deno",
			() => ".claude/hooks/deno.ts",
			"with",
			[{ code: "program_missing", program: "deno", script: hook("deno.ts") }],
		],
		["a #!/usr/bin/env python3 script with python3", () => ".claude/hooks/py.py", "with", []],
		[
			"a #!/usr/bin/env python3 script without python3",
			() => ".claude/hooks/py.py",
			"without",
			[{ code: "program_missing", program: "python3", script: hook("py.py") }],
		],
		[
			"a #! naming a missing absolute interpreter",
			() => ".claude/hooks/abs.sh",
			"without",
			[{ code: "program_missing", program: "/opt/nowhere/bin/zsh", script: hook("abs.sh") }],
		],
		["an executable without #! (sh runs it)", () => ".claude/hooks/plain", "without", []],
		["a variable program is not judged", () => "$TOOL --check", "without", []],
		["an unparsable command", () => "echo 'unclosed", "without", []],
	])("%s", (_title, command, bin, expected) => {
		expect(check(command(), bin === "with" ? withTools : withoutTools)).toEqual(expected);
	});

	it.each([
		["[[ -f x ]] && cat x", ["[[ ]]"]],
		["diff <(cat a) <(cat b)", ["<(...)"]],
		["source .env; cat", ["source"]],
		["a=(1 2); cat ${a[0]}", ["array"]],
		["function f { cat; }; f", ["function"]],
		['[ "$x" == y ] && cat', ["=="]],
		["cat <<< hi", ["<<<"]],
		["cat &> /dev/null", ["&>"]],
		["cat |& cat", ["|&"]],
		["(( 1 + 1 ))", ["(( ))"]],
		["cat ${x/a/b} ${x:1}", ["${var/...}", "${var:offset}"]],
		["cat {a,b}.txt", ["{a,b}"]],
		["declare -A m; cat", ["declare"]],
		['f() { cat; }; [ "$x" = y ] && f . ./x', []],
		["bash -c '[[ -f x ]]'", []],
	])("bash-only syntax in %j: %j", (command, constructs) => {
		const found = check(command, withTools).filter((finding) => finding.code === "bash_only_syntax");
		expect(found).toEqual(constructs.length === 0 ? [] : [{ code: "bash_only_syntax", constructs, sh: "dash" }]);
	});

	it("bash-only syntax where /bin/sh is bash is a finding that says it runs here", () => {
		const [finding] = check("[[ -n x ]]", withTools, {}, "bash");
		expect(finding).toEqual({ code: "bash_only_syntax", constructs: ["[[ ]]"], sh: "bash" });
		expect(preflightMessage(finding as PreflightFinding)).toContain("it runs here (/bin/sh is bash)");
	});

	it.each([
		["pwsh on PATH", "with", []],
		["no pwsh nor powershell", "without", [{ code: "powershell_missing" }]],
	])('shell "powershell" with %s', (_title, bin, expected) => {
		// PowerShell syntax is not sh: no program nor bash-only finding for `[[` here.
		expect(
			check("Get-Content x | jq [[", bin === "with" ? withTools : withoutTools, { shell: "powershell" }),
		).toEqual(expected);
	});

	it("exec form checks its program and script, and never the shell", () => {
		expect(check("python3", withoutTools, { args: [".claude/hooks/py.py"] })).toEqual([
			{ code: "program_missing", program: "python3" },
		]);
		expect(check("${CLAUDE_PROJECT_DIR}/.claude/hooks/no-x.sh", withTools, { args: ["[["] })).toEqual([
			{ code: "not_executable", path: hook("no-x.sh") },
		]);
	});

	it.each([
		["deeply nested $(", "$(".repeat(20_000)],
		["deeply nested (", `${"(".repeat(20_000)}jq${")".repeat(20_000)}`],
		["a 100 000 character command", `jq ${"x".repeat(100_000)}`],
		["control characters", "\u0000\u001b[2J\u0007 jq"],
	])("never throws on %s", (_title, command) => {
		expect(Array.isArray(check(command, withoutTools))).toBe(true);
	});

	it("a checker looks each hook up once, and a new checker sees the disk again", () => {
		const settings = { path: withoutTools, home: undefined };
		const entry = commandEntry("jq .");
		const first = createPreflightChecker(settings, { projectDir: project });
		expect(first.check(entry)).toEqual([{ code: "program_missing", program: "jq" }]);
		write(join(withoutTools, "jq"), "#!/bin/sh\n", 0o755);
		expect(first.check(entry)).toEqual([{ code: "program_missing", program: "jq" }]);
		expect(createPreflightChecker(settings, { projectDir: project }).check(entry)).toEqual([]);
	});
});

describe("preflight findings in lintConfig", () => {
	it("each finding is at the hook's command (or shell) field, line and column of the settings file", () => {
		const file = join(project, ".claude", "settings.json");
		const text = `${JSON.stringify(
			{
				hooks: {
					PreToolUse: [
						{
							matcher: "Bash",
							hooks: [
								{ type: "command", command: "jq -r .tool_name" },
								{ type: "command", command: "$CLAUDE_PROJECT_DIR/.claude/hooks/no-x.sh" },
							],
						},
					],
					Stop: [{ hooks: [{ type: "command", shell: "powershell", command: "Write-Output 1" }] }],
				},
			},
			null,
			2,
		)}\n`;
		writeFileSync(file, text);
		const config = mergeSources([parseSettingsText(text, { scope: "claude-project", file, project: true })], true);
		const checker = createPreflightChecker({ path: withoutTools, home: undefined }, { projectDir: project });
		const findings = lintConfig(
			config,
			project,
			() => undefined,
			(entry) => checker.check(entry),
		).map((finding) => {
			const { line, column } = jsonPathPosition(text, finding.jsonPath);
			return `${line}:${column} ${finding.severity} ${finding.code}: ${finding.message}`;
		});
		const lines = text.split("\n");
		const lineOf = (needle: string): number => lines.findIndex((line) => line.includes(needle)) + 1;
		expect(findings).toEqual([
			`${lineOf('"jq -r')}:13 error program_missing: jq is not on PATH: the hook fails with "not found" ` +
				"(exit 127) before it runs",
			`${lineOf("no-x.sh")}:13 error not_executable: .claude/hooks/no-x.sh has no execute bit: sh cannot run ` +
				"it (exit 126); run chmod +x on it, or name its interpreter in the command",
			`${lineOf('"shell"')}:13 error powershell_missing: shell "powershell" but neither pwsh nor powershell ` +
				"is on PATH: the hook cannot start",
		]);
	});

	it("without the preflight argument there are no preflight findings", () => {
		const text = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "jq ." }] }] } });
		const config = mergeSources(
			[parseSettingsText(text, { scope: "claude-project", file: "/p/s.json", project: true })],
			true,
		);
		expect(lintConfig(config, "/p", () => undefined)).toEqual([]);
	});
});
