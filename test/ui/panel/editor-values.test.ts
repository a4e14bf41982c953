/** The editor's checks before saving, and the handler JSON it writes. */
import { describe, expect, it } from "vitest";
import {
	type EditorValues,
	handlerFromValues,
	newHookValues,
	validateValues,
} from "../../../src/ui/panel/editor-values.ts";
import { SOURCES } from "./fixtures.ts";

const valid: EditorValues = { ...newHookValues(), command: "echo ok" };
const check = (values: Partial<EditorValues>, trusted = true) =>
	validateValues({ ...valid, ...values }, { trusted, sources: SOURCES }).map((problem) => [
		problem.field,
		problem.level,
		problem.message,
	]);

describe("validateValues", () => {
	it("accepts a complete hook", () => {
		expect(check({})).toEqual([]);
		expect(check({ matcher: "", timeout: "2.5", if: "Bash(git push *)" })).toEqual([]);
	});

	it.each([
		[{ event: "PreTool" }, "event", 'unknown event "PreTool"; choose one from the list'],
		[{ matcher: "Bash(" }, "matcher", 'matcher "Bash(" is not a valid regular expression'],
		[{ command: "   " }, "command", "the command must not be empty"],
		[{ timeout: "0" }, "timeout", 'the timeout must be a positive number of seconds, got "0"'],
		[{ timeout: "-5" }, "timeout", 'the timeout must be a positive number of seconds, got "-5"'],
		[{ timeout: "ten" }, "timeout", 'the timeout must be a positive number of seconds, got "ten"'],
		[
			{ event: "Stop", matcher: "", if: "Bash(ls)" },
			"if",
			'"if" works only on tool events; on Stop a hook with "if" never runs',
		],
	] as const)("reports %j as an error on its field", (values, field, message) => {
		const problems = check(values);
		expect(problems.find(([f]) => f === field)?.[1]).toBe("error");
		expect(String(problems.find(([f]) => f === field)?.[2])).toContain(message);
	});

	it("reports an if rule that is not a rule", () => {
		expect(check({ if: "Bash(" })[0]?.slice(0, 2)).toEqual(["if", "error"]);
	});

	it("warns (not blocking) about a matcher on an event that ignores matchers and an untrusted project file", () => {
		expect(check({ event: "Stop", matcher: "Bash" })).toEqual([
			["matcher", "warning", "Stop ignores matchers: the hook fires on every Stop"],
		]);
		expect(check({}, false)).toEqual([
			["scope", "warning", "this project is not trusted: hooks in its files run only after you trust it"],
		]);
		expect(check({ scope: "claude-user" }, false)).toEqual([]);
	});
});

describe("if rules and the file's tool names", () => {
	it("warns that pi's tool name in a Claude Code file's if never matches, and names the Claude Code tool", () => {
		expect(check({ scope: "claude-user", if: "bash(git *)" })).toEqual([
			["if", "warning", '"bash" is pi\'s name: in a Claude Code file this rule never matches; write Bash(...)'],
		]);
	});

	it("accepts pi's names in pi's files, and Claude Code's names everywhere", () => {
		expect(check({ scope: "pi-global", if: "bash(git *)" })).toEqual([]);
		expect(check({ scope: "pi-global", if: "Bash(git *)" })).toEqual([]);
		expect(check({ scope: "claude-user", if: "Glob(src/**)" })).toEqual([]);
	});
});

describe("handlerFromValues", () => {
	it("keeps the old handler's fields and order, sets the edited ones and drops emptied ones", () => {
		const old = {
			type: "command",
			command: "old.sh",
			async: true,
			timeout: 5,
			statusMessage: "x",
			custom: { keep: 1 },
		};
		const handler = handlerFromValues(
			{ ...valid, command: "new.sh", timeout: "", statusMessage: "checking", if: "Bash(rm *)" },
			old,
		);
		expect(handler).toEqual({
			type: "command",
			command: "new.sh",
			async: true,
			statusMessage: "checking",
			custom: { keep: 1 },
			if: "Bash(rm *)",
		});
		expect(Object.keys(handler)).toEqual(["type", "command", "async", "statusMessage", "custom", "if"]);
	});

	it("writes a new hook with a numeric timeout", () => {
		expect(handlerFromValues({ ...valid, timeout: "30" }, undefined)).toEqual({
			type: "command",
			command: "echo ok",
			timeout: 30,
		});
	});
});

describe("onFailure in the editor's values", () => {
	it('writes "block" and drops the default; warns where Claude Code ignores it', () => {
		expect(handlerFromValues({ ...valid, onFailure: "block" }, undefined)).toEqual({
			type: "command",
			command: "echo ok",
			onFailure: "block",
		});
		expect(handlerFromValues({ ...valid, onFailure: "continue" }, { type: "command", onFailure: "block" })).toEqual(
			{
				type: "command",
				command: "echo ok",
			},
		);
		expect(check({ event: "Stop", matcher: "", onFailure: "block" })).toEqual([
			["onFailure", "warning", "Stop ignores onFailure (as in Claude Code): a failing hook never blocks it"],
		]);
	});
});
