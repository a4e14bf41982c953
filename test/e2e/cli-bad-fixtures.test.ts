/**
 * Bad fixtures in `pi-hook-manager test` (the built command, a real process, on the sample project in a temp
 * folder): a huge fixture file is an error for that file and the other cases still run; escape sequences in a
 * case's name or a fixture's file name reach no output raw (text, annotations, JUnit); `--update` never writes
 * outside the fixture folder (a fixture named through a symlink to a file elsewhere is left alone).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliSandbox, createCliSandbox, SAMPLE_PROJECT } from "../support/cli.ts";

let sandbox: CliSandbox | undefined;
afterEach(() => {
	sandbox?.remove();
	sandbox = undefined;
});

const sample = (): CliSandbox => {
	sandbox = createCliSandbox(SAMPLE_PROJECT);
	return sandbox;
};

/** A case the guard denies, without an expect unless given. */
const rmCase = (name: string, expect?: unknown) => ({
	version: 1,
	name,
	event: "PreToolUse",
	input: { tool_name: "Bash", tool_input: { command: "rm -rf x" } },
	...(expect === undefined ? {} : { expect }),
});

describe("pi-hook-manager test with bad fixtures", () => {
	it("reports a fixture file over 16 MiB as an error for that file, and runs the other cases", async () => {
		const box = sample();
		const huge = join(box.project, ".pi", "hook-tests", "huge.json");
		const padding = "x".repeat(17 * 1024 * 1024);
		writeFileSync(huge, JSON.stringify({ ...rmCase("huge"), description: padding }));
		const result = await box.run(["test", "--approve-project-hooks"]);
		expect(result.stdout).toMatch(
			/^ERROR \.pi\/hook-tests\/huge\.json: is \d+ bytes; fixtures over 16777216 bytes/m,
		);
		expect(result.stdout.split("\n").filter((line) => line.startsWith("PASS "))).toHaveLength(4);
		expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("4 passed, 1 failed");
		expect(result.code).toBe(2);
	});

	it("prints escape sequences in a case's name and a file's name as visible text, never raw", async () => {
		const box = sample();
		const file = join(box.project, ".pi", "hook-tests", "\u001b]0;owned\u0007x.json");
		writeFileSync(file, JSON.stringify(rmCase("\u001b[2J\u001b[31mfake PASS", { decision: "allow" })));
		const report = join(box.root, "junit.xml");
		const result = await box.run(["test", "--approve-project-hooks", "--format", "github", "--junit", report]);
		expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
		expect(result.stdout).toContain("FAIL \\e[2J\\e[31mfake PASS (.pi/hook-tests/\\e]0;owned\\x07x.json)");
		expect(result.stdout).toMatch(/^::error file=\.pi\/hook-tests\/.*title=pi-hook-manager%3A \\e\[2J/m);
		expect(readFileSync(report, "utf8")).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
		expect(result.code).toBe(1);
	});

	it("--update does not write through a fixture symlinked to a file outside its folder", async () => {
		const box = sample();
		const outside = join(box.root, "elsewhere", "case.json");
		mkdirSync(join(outside, ".."), { recursive: true });
		const text = `${JSON.stringify(rmCase("linked"))}\n`;
		writeFileSync(outside, text);
		const link = join(box.project, ".pi", "linked.json");
		symlinkSync(outside, link);
		const result = await box.run(["test", link, "--update", "--approve-project-hooks"]);
		expect(result.stderr).toContain(`ERROR ${link}: not updated: it is a link to ${outside}, outside its folder`);
		expect(readFileSync(outside, "utf8")).toBe(text);
		expect(result.code).toBe(2);
	});
});
