import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { hookScriptPaths } from "../../src/engine/hook-scripts.ts";
import { commandEntry } from "../support/entries.ts";

const project = "/p";

describe("hookScriptPaths: the project scripts a hook command runs", () => {
	it.each([
		[".claude/hooks/guard.py", ["/p/.claude/hooks/guard.py"]],
		["python3 .claude/hooks/guard.py", ["/p/.claude/hooks/guard.py"]],
		['"$CLAUDE_PROJECT_DIR"/scripts/x.sh', ["/p/scripts/x.sh"]],
		["${CLAUDE_PROJECT_DIR}/scripts/x.sh --fast", ["/p/scripts/x.sh"]],
		["bash scripts/check && node tools/lint.mjs", ["/p/scripts/check", "/p/tools/lint.mjs"]],
		["uv run hooks/x.py | tee -a /tmp/log.txt", ["/p/hooks/x.py"]],
		['jq . >> "$CLAUDE_PROJECT_DIR/log.jsonl"', []],
		["echo hi; exit 2", []],
		["/usr/bin/python3 /etc/hook.py", []],
		["../outside.sh", []],
		["$OTHER/x.sh", []],
	])("%s", (command, expected) => {
		expect(hookScriptPaths(commandEntry(command), project)).toEqual(expected);
	});

	it("exec form: the command and the script arguments", () => {
		const entry = commandEntry("python3", "PreToolUse", { args: ["${CLAUDE_PROJECT_DIR}/h/guard.py", "--x"] });
		expect(hookScriptPaths(entry, project)).toEqual(["/p/h/guard.py"]);
	});

	it("a plugin hook: scripts in the plugin's own folder (${CLAUDE_PLUGIN_ROOT}) count too", () => {
		const root = "/home/u/.claude/plugins/cache/m/guard/1.0.0";
		const settings = {
			hooks: {
				PreToolUse: [
					{ hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/scripts/guard.mjs"' }] },
				],
			},
		};
		const [entry] = parseSettingsText(JSON.stringify(settings), {
			scope: "plugin",
			file: `${root}/hooks/hooks.json`,
			project: true,
			plugin: { id: "guard@m", root, data: "/d", options: {}, forced: false },
		}).entries;
		expect(entry && hookScriptPaths(entry, project)).toEqual([`${root}/scripts/guard.mjs`]);
	});
});
