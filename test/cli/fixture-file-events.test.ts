/**
 * Fixtures of ConfigChange and FileChanged in `pi-hook-manager why` (the built command, real files in a temp
 * folder): the matcher tests ConfigChange's `source` and the name of FileChanged's `file_path`, as in pi and Claude
 * Code, so a hook for another file or source does not run.
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

const writeJson = (file: string, value: unknown): string => {
	mkdirSync(join(file, ".."), { recursive: true });
	writeFileSync(file, JSON.stringify(value));
	return file;
};

describe("why with ConfigChange and FileChanged fixtures", () => {
	it.each([
		["FileChanged", { file_path: "${CLAUDE_PROJECT_DIR}/Makefile", event: "change" }, "Makefile", "notes.txt"],
		[
			"ConfigChange",
			{ source: "local_settings", file_path: "/p/.claude/settings.local.json" },
			"local_settings",
			"user_settings",
		],
	])("%s: the hook whose matcher names it runs, the other does not", async (event, input, hit, miss) => {
		const box = createCliSandbox();
		sandbox = box;
		writeJson(join(box.home, ".claude", "settings.json"), {
			hooks: {
				[event]: [
					{ matcher: hit, hooks: [{ type: "command", command: "echo hit" }] },
					{ matcher: miss, hooks: [{ type: "command", command: "echo miss" }] },
				],
			},
		});
		const fixture = writeJson(join(box.project, "case.json"), { version: 1, name: "case", event, input });
		const result = await box.run(["why", fixture]);
		const lines = result.stdout.split("\n");
		expect(lines.find((line) => line.includes("echo hit"))).toMatch(/\bran\b/);
		expect(lines.find((line) => line.includes("echo miss"))).toMatch(/not run/);
	});
});
