/**
 * `pi-hook-manager list` (the built command, a real process) with a settings file it cannot read: the file's
 * hooks are gone, and `list` names the file with the parser's line and column, points at lint, and exits 1.
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
		expect(result.code).toBe(1);
		expect(result.stdout).not.toContain("no hooks configured");
		expect(result.stdout).toMatch(/^unparsable +- +- +- +- +- +~\/\.claude\/settings\.json:1:\d+$/m);
		expect(result.stdout).toMatch(
			/^unparsable: ~\/\.claude\/settings\.json:1:\d+: invalid JSON: .*the file is skipped$/m,
		);
		const json = JSON.parse((await sandbox.run(["list", "--json"])).stdout);
		expect(json.rejected).toEqual([
			expect.objectContaining({
				kind: "unparsable",
				file: join(sandbox.home, ".claude", "settings.json"),
				line: 1,
			}),
		]);
		expect(result.stdout).toMatch(/1 lint finding\(s\), 1 error\(s\) and 0 warning\(s\): run pi-hook-manager lint/);
	});
});
