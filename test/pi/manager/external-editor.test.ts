/** external-editor.ts: which editor command runs, and the argv that opens a file at a line. */
import { describe, expect, it } from "vitest";
import { editorArgv, editorCommand } from "../../../src/pi/manager/external-editor.ts";

describe("editorCommand", () => {
	it.each([
		[{ VISUAL: "vim", EDITOR: "nano" }, "vim"],
		[{ VISUAL: "  ", EDITOR: "nano" }, "nano"],
		[{ EDITOR: " emacs -nw " }, "emacs -nw"],
		[{}, undefined],
	])("%j -> %s", (env, command) => {
		expect(editorCommand(env)).toBe(command);
	});
});

describe("editorArgv", () => {
	it.each([
		["vim", 12, ["vim", "+12", "/f.json"]],
		["emacs -nw", 3, ["emacs", "-nw", "+3", "/f.json"]],
		["/usr/bin/nano", undefined, ["/usr/bin/nano", "/f.json"]],
		["code --wait", 12, ["code", "--wait", "/f.json"]],
	] as const)("%s at line %s -> %j", (command, line, argv) => {
		expect(editorArgv(command, "/f.json", line)).toEqual(argv);
	});
});
