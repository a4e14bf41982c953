import { describe, expect, it } from "vitest";
import { compileIfRule, shellSubcommands } from "../../../src/engine/match/if-rule.ts";

const context = { cwd: "/proj", projectDir: "/proj", home: "/home/tester" };
const runs = (rule: string, tool: string, input: Record<string, unknown>): boolean => {
	const result = compileIfRule(rule);
	if (!result.ok) throw new Error(result.message);
	return result.rule.test(tool, input, context);
};

describe("the if filter (Claude Code: a permission rule on the tool input, each shell subcommand checked)", () => {
	it.each([
		["Bash(git *)", "FOO=bar git push", true],
		["Bash(git *)", "npm test && git push", true],
		["Bash(git *)", "npm test", false],
		["Bash(git *)", "git", true],
		["Bash(rm *)", "echo $(rm -rf /)", true],
		["Bash(rm *)", "echo `rm -rf x`", true],
		["Bash(git push*)", "git push origin main", true],
		["Bash(git push*)", "git pull", false],
		["Bash(npm run test:*)", "npm run test -- --watch", true],
		["Bash(npm run test:*)", "npm run build", false],
		["Bash(git push *)", "git $CMD origin", true],
		["Bash(ls *)", "lsof", false],
		["Bash(ls*)", "lsof", true],
		["Bash", "anything at all", true],
		["Bash(*)", "anything", true],
		["Bash(git *)", "echo 'unterminated", true],
		["Bash(rm *)", "cat a | grep b; ls", false],
		["Bash(rm *)", "echo $HOME", false],
		["Bash(rm *)", "echo '$HOME'", false],
	] as const)("%s on %j runs the hook: %s", (rule, command, expected) => {
		expect(runs(rule, "Bash", { command })).toBe(expected);
	});

	it.each([
		["Edit(*.ts)", "/proj/src/a.ts", true],
		["Edit(*.ts)", "/proj/a.js", false],
		["Edit(src/**)", "/proj/src/deep/a.ts", true],
		["Edit(src/**)", "/proj/lib/src/a.ts", false],
		["Edit(**/src/**)", "/proj/lib/src/a.ts", true],
		["Edit(//etc/**)", "/etc/passwd", true],
		["Edit(/.env)", "/proj/.env", true],
		["Edit(.env)", "/proj/config/.env", true],
	] as const)("%s on %j runs the hook: %s", (rule, filePath, expected) => {
		expect(runs(rule, "Edit", { file_path: filePath })).toBe(expected);
	});

	it("does not run for another tool", () => {
		expect(runs("Bash(git *)", "Edit", { file_path: "/proj/git" })).toBe(false);
		expect(runs("Read(*.ts)", "Write", { file_path: "/proj/a.ts" })).toBe(false);
	});

	it("rejects text that is not a permission rule", () => {
		const result = compileIfRule("Bash(git push");
		expect(result.ok).toBe(false);
	});

	it("splits compound commands into subcommands without their assignments", () => {
		expect(shellSubcommands("A=1 git push && echo $(rm -rf /) | grep x; npm test")).toEqual([
			"git push",
			"echo $(rm -rf /)",
			"rm -rf /",
			"grep x",
			"npm test",
		]);
	});
});

describe("if rules across tools", () => {
	it("Edit(...) covers Write and MultiEdit; Read(...) covers Grep and Glob (Claude Code permission rules)", () => {
		expect(runs("Edit(*.ts)", "Write", { file_path: "/proj/new.ts" })).toBe(true);
		expect(runs("Edit(*.ts)", "MultiEdit", { file_path: "/proj/a.ts" })).toBe(true);
		expect(runs("Read(src/**)", "Grep", { path: "/proj/src/x" })).toBe(true);
		expect(runs("Write(*.ts)", "Edit", { file_path: "/proj/a.ts" })).toBe(false);
	});

	it("accepts pi's tool names as Claude Code's in pi's files", () => {
		const inPiFile = (rule: string, tool: string, input: Record<string, unknown>): boolean => {
			const result = compileIfRule(rule, { piToolNames: true });
			if (!result.ok) throw new Error(result.message);
			return result.rule.test(tool, input, context);
		};
		expect(inPiFile("bash(git *)", "Bash", { command: "git push" })).toBe(true);
		expect(inPiFile("edit(*.ts)", "Write", { file_path: "/proj/a.ts" })).toBe(true);
		expect(runs("edit(*.ts)", "Write", { file_path: "/proj/a.ts" })).toBe(false);
	});
});

describe("tool names in if rules", () => {
	const test = (rule: string, piToolNames?: boolean) => {
		const compiled = compileIfRule(rule, piToolNames === undefined ? {} : { piToolNames });
		if (!compiled.ok) throw new Error(compiled.message);
		return compiled.rule.test("Bash", { command: "git push" }, context);
	};

	it("a Claude Code file's rule names Claude Code's tools only: bash(...) never matches Bash, as there", () => {
		expect(test("bash(git *)")).toBe(false);
		expect(test("bash(git *)", false)).toBe(false);
		expect(test("Bash(git *)")).toBe(true);
	});

	it("a pi file's rule accepts pi's names too, and still checks the command", () => {
		expect(test("bash(git *)", true)).toBe(true);
		expect(test("Bash(git *)", true)).toBe(true);
		expect(test("bash(npm *)", true)).toBe(false);
	});
});
