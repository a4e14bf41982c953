/**
 * `pi-hook-manager why` and `test` run hooks for real (docs/cli.md, "Hooks run for real"), and say so: a formatter
 * (a PostToolUse Write hook that rewrites the file it is given) rewrites the file the fixture names, and the output
 * ends with the note (the built command, a real process, on a project in a temp folder).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_RAN_FOR_REAL } from "../../src/cli/test.ts";
import { RAN_FOR_REAL } from "../../src/cli/why.ts";
import { type CliSandbox, createCliSandbox } from "../support/cli.ts";

let sandbox: CliSandbox | undefined;
afterEach(() => {
	sandbox?.remove();
	sandbox = undefined;
});

/** A formatter: reads the Write's file_path from stdin and rewrites that file. */
const FORMATTER =
	"let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const p=JSON.parse(s).tool_input.file_path;" +
	"require('fs').writeFileSync(p,require('fs').readFileSync(p,'utf8').trim()+' // formatted\\n')})";

/** A project with the formatter, a source file and a fixture of a Write to it. */
const project = (): { box: CliSandbox; source: string; fixture: string } => {
	const box = createCliSandbox();
	sandbox = box;
	mkdirSync(join(box.project, ".claude"), { recursive: true });
	const hook = { type: "command", command: "node", args: ["-e", FORMATTER] };
	writeFileSync(
		join(box.project, ".claude", "settings.json"),
		JSON.stringify({ hooks: { PostToolUse: [{ matcher: "Write", hooks: [hook] }] } }),
	);
	const source = join(box.project, "src", "app.ts");
	mkdirSync(join(source, ".."), { recursive: true });
	writeFileSync(source, "let  x=1\n");
	const fixture = join(box.project, ".pi", "hook-tests", "format.json");
	mkdirSync(join(fixture, ".."), { recursive: true });
	writeFileSync(
		fixture,
		JSON.stringify({
			version: 1,
			name: "formatter",
			event: "PostToolUse",
			input: { tool_name: "Write", tool_input: { file_path: "${CLAUDE_PROJECT_DIR}/src/app.ts", content: "" } },
			expect: { decision: "none" },
		}),
	);
	return { box, source, fixture };
};

describe("pi-hook-manager why and test run hooks for real", () => {
	it("why runs the formatter on the named file, and says the hooks ran for real", async () => {
		const { box, source, fixture } = project();
		const result = await box.run(["why", fixture, "--approve-project-hooks"]);
		expect(result.stdout).toMatch(/^ {2}ran +Write +node -e /m);
		expect(result.stdout.trimEnd().split("\n").at(-1)).toBe(`note: ${RAN_FOR_REAL}`);
		expect(readFileSync(source, "utf8")).toBe("let  x=1 // formatted\n");
		const json = JSON.parse((await box.run(["why", fixture, "--json", "--approve-project-hooks"])).stdout);
		expect(json.ranForReal).toBe(true);
		expect(readFileSync(source, "utf8")).toBe("let  x=1 // formatted // formatted\n");
	});

	it("test runs it too and says so before the count; a run where no hook ran says nothing of it", async () => {
		const { box, source } = project();
		const result = await box.run(["test", "--approve-project-hooks"]);
		const lines = result.stdout.trimEnd().split("\n");
		expect(lines.at(-2)).toBe(`note: ${TEST_RAN_FOR_REAL}`);
		expect(lines.at(-1)).toBe("1 passed, 0 failed");
		expect(readFileSync(source, "utf8")).toBe("let  x=1 // formatted\n");
		const unapproved = await box.run(["test"]);
		expect(unapproved.stdout).not.toContain("note:");
		expect(readFileSync(source, "utf8")).toBe("let  x=1 // formatted\n");
	});
});
