/** One mapping per tool: names, `if` rule families and injected home all come from the same table. */
import { describe, expect, it } from "vitest";
import { claudeToolMapping, TOOLS, toClaudeToolInput, toClaudeToolName } from "../../../src/engine/events/tool-map.ts";
import { compileIfRule } from "../../../src/engine/match/if-rule.ts";

/** A rule as a pi settings file has it (pi's tool names count too); `claudeFile` for a `.claude` file. */
const rule = (source: string, claudeFile = false) => {
	const compiled = compileIfRule(source, { piToolNames: !claudeFile });
	if (!compiled.ok) throw new Error(compiled.message);
	return compiled.rule;
};
const context = { cwd: "/work/p", projectDir: "/work/p", home: "/home/tester" };

describe("the tool table", () => {
	it.each(Object.values(TOOLS).map((tool) => [tool.piName, tool.claudeName]))("%s is %s both ways", (pi, cc) => {
		expect(toClaudeToolName(pi)).toBe(cc);
		expect(claudeToolMapping(cc)?.piName).toBe(pi);
	});

	it.each(Object.values(TOOLS).filter((tool) => tool.ruleFamily !== undefined))(
		"a $ruleFamily(...) rule covers $claudeName, also when written with pi's name in a pi file",
		(tool) => {
			const family = tool.ruleFamily ?? "";
			expect(
				rule(`${family}(**)`).test(tool.claudeName, { file_path: "/work/p/a", path: "/work/p/a" }, context),
			).toBe(true);
			expect(rule(`${tool.piName}`).test(tool.claudeName, {}, context)).toBe(true);
			expect(
				rule(`${family}(**)`, true).test(
					tool.claudeName,
					{ file_path: "/work/p/a", path: "/work/p/a" },
					context,
				),
			).toBe(true);
		},
	);

	it("pi's powershell name works in a pi file's rule like its Claude Code name, not in a .claude file's", () => {
		expect(rule("powershell(git push *)").test("PowerShell", { command: "git push origin" }, context)).toBe(true);
		expect(rule("powershell(git push *)", true).test("PowerShell", { command: "git push origin" }, context)).toBe(
			false,
		);
	});

	it("~ in tool paths and ~/ rules use the home the session passes", () => {
		expect(toClaudeToolInput("read", { path: "~/notes.md" }, "/work/p", "/home/tester")).toEqual({
			file_path: "/home/tester/notes.md",
		});
		expect(rule("Read(~/notes.md)").test("Read", { file_path: "/home/tester/notes.md" }, context)).toBe(true);
		expect(rule("Read(~/notes.md)").test("Read", { file_path: "/home/other/notes.md" }, context)).toBe(false);
	});
});
