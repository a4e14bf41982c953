/** CLAUDE_ENV_FILE is evaluated by a real /bin/sh through the real process runner, never blocking pi. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envChanges, evaluateEnvFile } from "../../../src/engine/run/env-file.ts";
import { runProcess } from "../../../src/engine/run/process.ts";

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), "env-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const envFile = (text: string): string => {
	const file = join(dir, "sessionstart-hook.sh");
	writeFileSync(file, text);
	return file;
};

describe("evaluateEnvFile", () => {
	it("returns the variables the file exports or changes, not the ones it leaves alone", async () => {
		const file = envFile("export NEW_VAR='two words'\nexport KEPT=same\nexport CHANGED=after\n");
		const result = await evaluateEnvFile(
			file,
			{ PATH: process.env.PATH, KEPT: "same", CHANGED: "before" },
			runProcess,
			dir,
		);
		expect(result).toEqual({ vars: { NEW_VAR: "two words", CHANGED: "after" } });
	});

	it("a file the shell cannot finish is an error, not a crash", async () => {
		const result = await evaluateEnvFile(join(dir, "missing.sh"), { PATH: process.env.PATH }, runProcess, dir);
		expect(result).toMatchObject({ error: expect.stringContaining("could not evaluate") });
	});
});

describe("envChanges", () => {
	it.each([
		["A=1\0B=2\0", { A: "1" }, { B: "2" }],
		["_=/bin/env\0SHLVL=2\0PWD=/x\0", {}, {}],
		["X=a=b\0", {}, { X: "a=b" }],
		["=odd\0", {}, {}],
	])("%j against %j", (output, env, expected) => {
		expect(envChanges(output, env)).toEqual(expected);
	});
});
