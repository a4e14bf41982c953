/**
 * A session's CLAUDE_ENV_FILE on disk: created empty in a folder per session, content told from none; its exports go
 * into pi's environment, and the hooks' base environment leaves them out (also when copied again later).
 */
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyExports, createEnvFile, envFileHasContent, hookBaseEnv } from "../../../src/pi/session/env-file.ts";

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "phm-pi-env-file-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("createEnvFile", () => {
	it("creates an empty sessionstart-hook.sh in session-env/<session id>, making the folders", () => {
		const file = createEnvFile(join(root, "agent"), "0b5e-41");
		expect(file).toBe(join(root, "agent", "session-env", "0b5e-41", "sessionstart-hook.sh"));
		expect(readFileSync(file as string, "utf8")).toBe("");
	});

	it("empties the file of an earlier run of the same session", () => {
		const first = createEnvFile(root, "s") as string;
		appendFileSync(first, "export A=1\n");
		expect(createEnvFile(root, "s")).toBe(first);
		expect(readFileSync(first, "utf8")).toBe("");
	});

	it("keeps a hostile session id inside session-env: separators and dots become _", () => {
		const file = createEnvFile(root, "../../etc/x y") as string;
		expect(file).toBe(join(root, "session-env", "______etc_x_y", "sessionstart-hook.sh"));
		expect(readdirSync(root)).toEqual(["session-env"]);
	});

	it("is undefined when the folder cannot be made (a file is in the way)", () => {
		writeFileSync(join(root, "session-env"), "not a folder");
		expect(createEnvFile(root, "s")).toBeUndefined();
	});
});

describe("envFileHasContent", () => {
	it("is false for a missing or empty file, true once a hook wrote to it", () => {
		const file = join(root, "env.sh");
		expect(envFileHasContent(file)).toBe(false);
		writeFileSync(file, "");
		expect(envFileHasContent(file)).toBe(false);
		appendFileSync(file, "export A=1\n");
		expect(envFileHasContent(file)).toBe(true);
		expect(existsSync(file)).toBe(true);
	});
});

describe("applyExports and hookBaseEnv", () => {
	it("puts exports into pi's environment; a later base copy has each variable as it was before", () => {
		// Names no other test uses: the record is kept for the whole process.
		const env: Record<string, string | undefined> = { PHM_TEST_PATH: "/usr/bin", KEEP: "k" };
		applyExports(env, { PHM_TEST_PATH: "/repo/bin:/usr/bin", PHM_TEST_NEW: "x" });
		applyExports(env, { PHM_TEST_PATH: "/other:/repo/bin:/usr/bin" });
		expect(env).toMatchObject({ PHM_TEST_PATH: "/other:/repo/bin:/usr/bin", PHM_TEST_NEW: "x" });
		expect(hookBaseEnv(env)).toEqual({ PHM_TEST_PATH: "/usr/bin", KEEP: "k" });
	});
});
