/** Where a configuration JSON path is in a file's text (line and column from 1). */
import { describe, expect, it } from "vitest";
import { jsonPathPosition, jsonPathSegments } from "../../../src/engine/config/json-position.ts";

const TEXT = [
	"{",
	'  "hooks": {',
	'    "PreToolUse": [',
	'      { "matcher": "Bash", "hooks": [{ "command": "x", "timeout": 5 }] }',
	"    ]",
	"  }",
	"}",
].join("\n");

describe("jsonPathSegments", () => {
	it.each([
		["", []],
		["hooks", ["hooks"]],
		["hooks.PreToolUse[0].hooks[1].timeout", ["hooks", "PreToolUse", 0, "hooks", 1, "timeout"]],
		["a[0][2]", ["a", 0, 2]],
	])("%j", (path, segments) => {
		expect(jsonPathSegments(path)).toEqual(segments);
	});
});

describe("jsonPathPosition", () => {
	it.each([
		["", { line: 1, column: 1 }],
		["hooks", { line: 2, column: 3 }],
		["hooks.PreToolUse[0]", { line: 4, column: 7 }],
		["hooks.PreToolUse[0].matcher", { line: 4, column: 9 }],
		["hooks.PreToolUse[0].hooks[0]", { line: 4, column: 38 }],
		["hooks.PreToolUse[0].hooks[0].timeout", { line: 4, column: 56 }],
		["hooks.PreToolUse[0].hooks[0].missing", { line: 4, column: 38 }],
		["nothing.here", { line: 1, column: 1 }],
	])("%s", (path, position) => {
		expect(jsonPathPosition(TEXT, path)).toEqual(position);
	});

	it("gives the file's start for text that is not JSON", () => {
		expect(jsonPathPosition("{ nope", "hooks")).toEqual({ line: 1, column: 1 });
	});
});
