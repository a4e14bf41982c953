import { describe, expect, it } from "vitest";
import {
	fromClaudeToolInput,
	fromClaudeToolOutput,
	toClaudeToolError,
	toClaudeToolInput,
	toClaudeToolName,
	toClaudeToolResponse,
} from "../../../src/engine/events/tool-map.ts";

describe("tool names", () => {
	it.each([
		["bash", "Bash"],
		["read", "Read"],
		["write", "Write"],
		["edit", "Edit"],
		["grep", "Grep"],
		["find", "Glob"],
		["ls", "LS"],
		["mcp__memory__create", "mcp__memory__create"],
		["my_tool", "my_tool"],
	])("pi %s is Claude Code %s", (pi, claude) => {
		expect(toClaudeToolName(pi)).toBe(claude);
	});
});

describe("tool_input mapping", () => {
	it.each([
		["bash", { command: "ls", timeout: 5 }, { command: "ls", timeout: 5000 }],
		["read", { path: "a.txt", offset: 2, limit: 3 }, { file_path: "/p/a.txt", offset: 2, limit: 3 }],
		["write", { path: "/abs/x.json", content: "{}" }, { file_path: "/abs/x.json", content: "{}" }],
		[
			"edit",
			{ path: "x.ts", edits: [{ oldText: "a", newText: "b" }] },
			{ file_path: "/p/x.ts", old_string: "a", new_string: "b", replace_all: false },
		],
		["find", { pattern: "*.ts" }, { pattern: "*.ts" }],
		["ls", {}, { path: "/p" }],
		["custom", { any: 1 }, { any: 1 }],
	] as const)("%s input %j becomes %j", (tool, input, expected) => {
		expect(toClaudeToolInput(tool, { ...input }, "/p", "/home/tester")).toEqual(expected);
	});

	it("keeps every replacement of a multi-edit call as edits[]", () => {
		const cc = toClaudeToolInput(
			"edit",
			{
				path: "x",
				edits: [
					{ oldText: "a", newText: "b" },
					{ oldText: "c", newText: "d" },
				],
			},
			"/p",
			"/home/tester",
		);
		expect(cc.old_string).toBe("a");
		expect(cc.edits).toEqual([
			{ old_string: "a", new_string: "b", replace_all: false },
			{ old_string: "c", new_string: "d", replace_all: false },
		]);
		expect(fromClaudeToolInput("edit", cc)).toEqual({
			path: "/p/x",
			edits: [
				{ oldText: "a", newText: "b" },
				{ oldText: "c", newText: "d" },
			],
		});
	});

	it.each([
		["bash", { command: "echo rewritten" }, { command: "echo rewritten" }],
		["bash", { command: "x", timeout: 2000 }, { command: "x", timeout: 2 }],
		["write", { file_path: "/a", content: "c" }, { path: "/a", content: "c" }],
		[
			"edit",
			{ file_path: "/a", old_string: "o", new_string: "n" },
			{ path: "/a", edits: [{ oldText: "o", newText: "n" }] },
		],
		["read", { file_path: "/a" }, { path: "/a" }],
	] as const)("updatedInput for %s %j maps back to %j", (tool, cc, expected) => {
		expect(fromClaudeToolInput(tool, cc)).toEqual(expected);
	});
});

describe("tool_response and error", () => {
	const bashResult = {
		content: [{ type: "text", text: "hi\n" }],
		structuredContent: { output: "hi\n", truncated: false, exit_code: 0, wall_time_seconds: 0 },
		isError: false,
	};

	it("bash responds with stdout/stderr/interrupted/isImage like Claude Code", () => {
		expect(toClaudeToolResponse("bash", { command: "echo hi" }, bashResult)).toEqual({
			stdout: "hi\n",
			stderr: "",
			interrupted: false,
			isImage: false,
			noOutputExpected: false,
		});
	});

	it("write responds with filePath and content", () => {
		const response = toClaudeToolResponse(
			"write",
			{ file_path: "/a", content: "x" },
			{ content: [], isError: false },
		);
		expect(response).toMatchObject({ type: "create", filePath: "/a", content: "x" });
	});

	it("a failing bash call gives `Exit code N` then its output", () => {
		const failed = {
			content: [{ type: "text", text: "oops\n\nCommand exited with code 1" }],
			structuredContent: { output: "oops\n", exit_code: 1 },
			isError: true,
		};
		expect(toClaudeToolError("bash", failed)).toBe("Exit code 1\noops");
		expect(toClaudeToolError("bash", { ...failed, structuredContent: { output: "", exit_code: 3 } })).toBe(
			"Exit code 3",
		);
		expect(toClaudeToolError("read", { content: [{ type: "text", text: "ENOENT" }], isError: true })).toBe(
			"ENOENT",
		);
	});

	it.each([
		["bash", "plain", "plain"],
		["bash", { stdout: "out", stderr: "" }, "out"],
		["bash", { stdout: "out", stderr: "err" }, "out\nerr"],
		["bash", { filePath: "/x" }, undefined],
		["read", { file: { content: "text" } }, "text"],
		["bash", 42, undefined],
	] as const)("updatedToolOutput for %s %j gives %j", (tool, updated, expected) => {
		expect(fromClaudeToolOutput(tool, updated)).toBe(expected);
	});
});

describe("paths, rewrites and validation", () => {
	it("resolves paths the way pi's file tools do: @ prefix, ~ and relative paths", async () => {
		const { resolveToolPath } = await import("../../../src/engine/events/tool-map.ts");
		const { homedir } = await import("node:os");
		expect(resolveToolPath("~/x", "/p", homedir())).toBe(`${homedir()}/x`);
		expect(resolveToolPath("~", "/p", homedir())).toBe(homedir());
		expect(resolveToolPath("@rel.txt", "/p", homedir())).toBe("/p/rel.txt");
		expect(resolveToolPath("a/../b.txt", "/p", homedir())).toBe("/p/b.txt");
		expect(toClaudeToolInput("write", { path: "~/x", content: "" }, "/p", homedir()).file_path).toBe(
			`${homedir()}/x`,
		);
	});

	it("a hook's old_string/new_string change applies to the first edit of a multi-edit call", () => {
		const cc = toClaudeToolInput(
			"edit",
			{
				path: "/e",
				edits: [
					{ oldText: "ONE", newText: "two" },
					{ oldText: "b", newText: "c" },
				],
			},
			"/",
			"/home/tester",
		);
		expect(fromClaudeToolInput("edit", { ...cc, new_string: "TWO" })).toEqual({
			path: "/e",
			edits: [
				{ oldText: "ONE", newText: "TWO" },
				{ oldText: "b", newText: "c" },
			],
		});
	});

	it.each([
		["bash", { command: "ls" }, undefined],
		["bash", {}, "The required parameter `command` is missing"],
		["bash", { command: 42 }, "The parameter `command` type is expected as `string` but provided as `number`"],
		["write", { path: "/a" }, "The required parameter `content` is missing"],
		[
			"write",
			{ path: 5, content: "" },
			"The parameter `file_path` type is expected as `string` but provided as `number`",
		],
		["edit", { path: "/a", edits: [] }, "The required parameter `old_string` is missing"],
		["edit", { path: "/a", edits: [{ oldText: "a" }] }, "The required parameter `new_string` is missing"],
		["custom_tool", {}, undefined],
	] as const)("pi %s input %j is invalid because %s", async (tool, input, expected) => {
		const { invalidToolInput } = await import("../../../src/engine/events/tool-map.ts");
		expect(invalidToolInput(tool, { ...input })).toBe(expected);
	});
});
