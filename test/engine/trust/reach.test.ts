import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { hookReach } from "../../../src/engine/trust/reach.ts";
import { commandEntry } from "../../support/entries.ts";

const project = "/p";
/** The files that exist in the table's project. */
const existing = new Set(["/p/e_run", "/p/run", "/p/g.sh", "/p/.claude/g.sh", "/p/.claude/h.txt", "/p/.claude/u.txt"]);
const context = { projectDir: project, isFile: (path: string) => existing.has(path) };
const reach = (command: string, extra: Record<string, unknown> = {}) =>
	hookReach(commandEntry(command, "PreToolUse", extra), context);

describe("hookReach: the repository files a hook command names", () => {
	it.each([
		[".claude/hooks/guard.py", ["/p/.claude/hooks/guard.py"]],
		["python3 .claude/hooks/guard.py", ["/p/.claude/hooks/guard.py"]],
		['"$CLAUDE_PROJECT_DIR"/scripts/x.sh', ["/p/scripts/x.sh"]],
		["${CLAUDE_PROJECT_DIR}/scripts/x.sh --fast", ["/p/scripts/x.sh"]],
		["bash scripts/check && node tools/lint.mjs", ["/p/scripts/check", "/p/tools/lint.mjs"]],
		["bash e_run", ["/p/e_run"]],
		["bash not_yet", ["/p/not_yet"]],
		["sh -c '. ./.claude/c.sh'", ["/p/.claude/c.sh"]],
		["bash -c 'source lib/x'", ["/p/lib/x"]],
		["sh < .claude/h.txt", ["/p/.claude/h.txt"]],
		["cat .claude/u.txt | sh", ["/p/.claude/u.txt"]],
		["timeout 5 .claude/x", ["/p/.claude/x"]],
		["timeout -s KILL 5 sh -c 'sh .claude/y'", ["/p/.claude/y"]],
		["env .claude/x", ["/p/.claude/x"]],
		["env A=1 B=2 bash w", ["/p/w"]],
		["nice -n 5 xargs sh z", ["/p/z"]],
		["cd .claude && ./g.sh", ["/p/.claude/g.sh", "/p/g.sh"]],
		["cd $CLAUDE_PROJECT_DIR/.claude; sh ./g.sh", ["/p/.claude/g.sh", "/p/g.sh"]],
		['sh "$PWD/.claude/g.sh"', ["/p/.claude/g.sh"]],
		["eval 'sh .claude/e'", ["/p/.claude/e"]],
		["X=$(cat .claude/u.txt) true", ["/p/.claude/u.txt"]],
		["sh <<'EOF'\n. ./.claude/here.sh\nEOF", ["/p/.claude/here.sh"]],
		["echo hi >> .claude/log.jsonl; jq . > out.json", []],
		["tee -a .claude/run.log", []],
		["uv run hooks/x.py | tee -a /tmp/log.txt", ["/p/hooks/x.py", "/p/run"]],
		["echo hi; exit 2", []],
		["/usr/bin/python3 /etc/hook.py", []],
		["../outside.sh", []],
		["$OTHER/x.sh", []],
	])("%s", (command, expected) => {
		expect(reach(command).files).toEqual(expected);
	});

	it("exec form: the command and every argument that names a file, a nested shell's -c string parsed", () => {
		expect(hookReach(commandEntry("bash", "PreToolUse", { args: ["run"] }), context).files).toEqual(["/p/run"]);
		const nested = commandEntry("sh", "PreToolUse", { args: ["-c", ". ./.claude/c.sh"] });
		expect(hookReach(nested, context).files).toEqual(["/p/.claude/c.sh"]);
		const exec = commandEntry("python3", "PreToolUse", { args: ["${CLAUDE_PROJECT_DIR}/h/guard.py", "--x"] });
		expect(hookReach(exec, context).files).toEqual(["/p/h/guard.py"]);
	});

	it("a script's own folder is covered too (files it sources or imports)", () => {
		expect(reach("python3 tools/guard.py").scriptDirs).toEqual(["/p/tools"]);
		expect(reach("bash e_run").scriptDirs).toEqual(["/p"]);
		expect(reach("echo hi").scriptDirs).toEqual([]);
	});

	it.each([
		["make -C .claude", [{ kind: "program", word: "make" }]],
		["npx eslint .", [{ kind: "program", word: "npx" }]],
		["python3 -m tool", [{ kind: "program", word: "python3 -m" }]],
		["node -e 'require(\"./.claude/v.js\")'", [{ kind: "program", word: "node -e" }]],
		["script -qc 'sh tools/x' /dev/null", [{ kind: "program", word: "script" }]],
		["su -c 'sh tools/x' me", [{ kind: "program", word: "su" }]],
		["find tools -name '*.sh' -exec sh {} ';'", [{ kind: "program", word: "find" }]],
		["awk 'BEGIN{system(\"sh tools/x\")}'", [{ kind: "program", word: "awk" }]],
		["$TOOL --check", [{ kind: "variable", word: "TOOL" }]],
		['sh "$SCRIPT"', [{ kind: "variable", word: "SCRIPT" }]],
		["sh .claude/x", []],
		[`echo ${"x".repeat(70_000)}`, [{ kind: "unparsed", word: "" }]],
	])("%# says what is not tracked", (command, notes) => {
		expect(reach(command).notes).toEqual(notes);
	});

	it("a plugin hook: files in the plugin's own folder (${CLAUDE_PLUGIN_ROOT}) count too", () => {
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
		expect(entry && hookReach(entry, context).files).toEqual([`${root}/scripts/guard.mjs`]);
	});

	it("other hook types reach no file", () => {
		const [entry] = parseSettingsText(
			JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "http", url: "https://x.example/.claude/x" }] }] } }),
			{ scope: "claude-project", file: "/p/.claude/settings.json", project: true },
		).entries;
		expect(entry && hookReach(entry, context)).toEqual({ files: [], scriptDirs: [], notes: [] });
	});
});
