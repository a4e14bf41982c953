/** The layout of a settings file that inserted JSON copies: indentation unit and line end. */
import { describe, expect, it } from "vitest";
import { detectLayout } from "../../../src/engine/config/json-text.ts";

describe("detectLayout", () => {
	it.each([
		["tabs", '{\n\t"a": 1\n}\n', { unit: "\t", eol: "\n" }],
		["four spaces and CRLF", '{\r\n    "a": 1\r\n}\r\n', { unit: "    ", eol: "\r\n" }],
		["one line", '{"a": 1}', { unit: "  ", eol: "\n" }],
	])("detects %s", (_name, text, layout) => {
		expect(detectLayout(text)).toEqual(layout);
	});
});
