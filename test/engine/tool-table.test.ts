/** One mapping per tool: names, `if` rule families and injected home all come from the same table. */
import { describe, expect, it } from "vitest";
import { compileIfRule } from "../../src/engine/if-rule.ts";
import { claudeToolMapping, TOOLS, toClaudeToolInput, toClaudeToolName } from "../../src/engine/tool-map.ts";

const rule = (source: string) => {
	const compiled = compileIfRule(source);
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
		"a $ruleFamily(...) rule covers $claudeName, also when written with pi's name",
		(tool) => {
			const family = tool.ruleFamily ?? "";
			expect(
				rule(`${family}(**)`).test(tool.claudeName, { file_path: "/work/p/a", path: "/work/p/a" }, context),
			).toBe(true);
			expect(rule(`${tool.piName}`).test(tool.claudeName, {}, context)).toBe(true);
		},
	);

	it("pi's powershell name works in a rule like its Claude Code name", () => {
		expect(rule("powershell(git push *)").test("PowerShell", { command: "git push origin" }, context)).toBe(true);
	});

	it("~ in tool paths and ~/ rules use the home the session passes", () => {
		expect(toClaudeToolInput("read", { path: "~/notes.md" }, "/work/p", "/home/tester")).toEqual({
			file_path: "/home/tester/notes.md",
		});
		expect(rule("Read(~/notes.md)").test("Read", { file_path: "/home/tester/notes.md" }, context)).toBe(true);
		expect(rule("Read(~/notes.md)").test("Read", { file_path: "/home/other/notes.md" }, context)).toBe(false);
	});
});
