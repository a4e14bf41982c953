/**
 * `pi-hook-manager list` (the built command, a real process) with a settings file it cannot read: the file's
 * hooks are gone, and `list` says there are lint findings instead of a bare "no hooks configured".
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliSandbox, createCliSandbox } from "../support/cli.ts";

let sandbox: CliSandbox | undefined;
afterEach(() => {
	sandbox?.remove();
	sandbox = undefined;
});

describe("pi-hook-manager list with a broken settings file", () => {
	it("points at lint when the only settings file is invalid JSON", async () => {
		sandbox = createCliSandbox();
		mkdirSync(join(sandbox.home, ".claude"), { recursive: true });
		writeFileSync(join(sandbox.home, ".claude", "settings.json"), '{"hooks": {"PreToolUse": [');
		const result = await sandbox.run(["list"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("no hooks configured");
		expect(result.stdout).toMatch(/1 lint finding\(s\), 1 error\(s\) and 0 warning\(s\): run pi-hook-manager lint/);
	});
});
