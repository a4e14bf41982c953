/** Static lint of the configuration: each rule's finding, and the hooks that must not be flagged. */
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { type ConfigLintFinding, lintConfig } from "../../../src/engine/plan/config-lint.ts";

const FILE = "/p/.claude/settings.json";

/** The findings of one user settings file holding `hooks` (scripts read from `scripts`). */
const lint = (hooks: unknown, scripts: Record<string, string> = {}, text?: string): ConfigLintFinding[] => {
	const parsed = parseSettingsText(text ?? JSON.stringify({ hooks }), {
		scope: "claude-user",
		file: FILE,
		project: false,
	});
	return lintConfig(mergeSources([parsed], true), "/p", (path) => scripts[path]);
};

const one = (event: string, handler: Record<string, unknown>, matcher?: string) => ({
	[event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: "command", ...handler }] }],
});

const codes = (findings: readonly ConfigLintFinding[]): string[] => findings.map((f) => `${f.severity}:${f.code}`);

describe("lintConfig", () => {
	it.each([
		[
			"an exit-1 guard",
			one("PreToolUse", { command: "echo no >&2; exit 1" }, "Bash"),
			["error:exit_1_blocks_nothing"],
		],
		[
			"an exit-1 Stop hook, no reason",
			one("Stop", { command: "test -f done || exit 1" }),
			["warning:exit_1_blocks_nothing"],
		],
		["a guard that also exits 2", one("PreToolUse", { command: "a || exit 1; b || exit 2" }), []],
		["a guard that prints a JSON decision", one("PreToolUse", { command: "exit 1; echo '{\"decision\": 1}'" }), []],
		["exit 1 on an event exit 2 does not block", one("PostToolUse", { command: "fmt || exit 1" }), []],
		["exit 10", one("PreToolUse", { command: "exit 10" }), []],
		["a timeout in milliseconds", one("PreToolUse", { command: "true", timeout: 5000 }), ["warning:timeout_in_ms"]],
		["a timeout in seconds", one("PreToolUse", { command: "true", timeout: 600 }), []],
		["a matcher on Stop", one("Stop", { command: "true" }, "Bash"), ["warning:matcher_ignored"]],
		["a * matcher on Stop", one("Stop", { command: "true" }, "*"), []],
		["an if on Stop", one("Stop", { command: "true", if: "Bash(rm *)" }), ["warning:if_never_runs"]],
		[
			"pi's tool name in an if",
			one("PreToolUse", { command: "true", if: "bash(rm *)" }),
			["warning:if_pi_tool_name"],
		],
		["an event pi never fires", one("TeammateIdle", { command: "true" }), ["warning:never_runs"]],
		["an unknown event", one("PreToolUSe", { command: "true" }), ["error:config_issue"]],
		["an Interrupt hook (Claude Code 2.1.335; fires on pi's abort)", one("Interrupt", { command: "true" }), []],
		[
			"a PreSkillShellCommand hook (Claude Code 2.1.332)",
			one("PreSkillShellCommand", { command: "true" }),
			["warning:never_runs"],
		],
	])("%s", (_what, hooks, expected) => {
		expect(codes(lint(hooks))).toEqual(expected);
	});

	it("reads the scripts a hook runs: an exit-1 python guard is flagged, one that exits 2 is not", () => {
		const hooks = one("PreToolUse", { command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/g.py"' }, "Bash");
		const script = "/p/.claude/hooks/g.py";
		expect(codes(lint(hooks, { [script]: "import sys\nprint('no', file=sys.stderr)\nsys.exit(1)\n" }))).toEqual([
			"error:exit_1_blocks_nothing",
		]);
		expect(codes(lint(hooks, { [script]: "import sys\nif broken():\n    sys.exit(1)\n" }))).toEqual([
			"warning:exit_1_blocks_nothing",
		]);
		expect(codes(lint(hooks, { [script]: "import sys\nsys.exit(2)\n" }))).toEqual([]);
	});

	it("names the file and JSON path, and says what to write instead", () => {
		const [timeout] = lint(one("PreToolUse", { command: "true", timeout: 5000 }));
		expect(timeout).toMatchObject({
			file: FILE,
			jsonPath: "hooks.PreToolUse[0].hooks[0].timeout",
			message: "timeout is in seconds: 5000 is 1h23m; for 5 seconds write 5",
		});
	});

	it("carries the line and column of a file that is not JSON", () => {
		expect(lint(undefined, {}, '{\n  "hooks": nope\n}')).toEqual([
			expect.objectContaining({ code: "config_issue", jsonPath: "", position: { line: 2, column: 12 } }),
		]);
	});
});
