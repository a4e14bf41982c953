/** The command line: what each form means, and the usage error (exit 2) of each mistake. */
import { describe, expect, it } from "vitest";
import { parseArgs, UsageError } from "../../src/cli/args.ts";

describe("parseArgs", () => {
	it.each([
		[["list"], { command: "list", json: false }],
		[["list", "--json"], { command: "list", json: true }],
		[["lint", "--json", "--cwd", "p"], { command: "lint", json: true, cwd: "p" }],
		[["test"], { command: "test", operands: [], update: false }],
		[["test", "a.json", "dir", "--update"], { command: "test", operands: ["a.json", "dir"], update: true }],
		[["--home=/h", "test", "--approve-project-hooks"], { command: "test", home: "/h", approveProjectHooks: true }],
		[["why", "a.json"], { command: "why", operands: ["a.json"] }],
		[["test", "--agent-dir", "/a"], { command: "test", agentDir: "/a" }],
		[["test", "--timeout", "3"], { command: "test", timeoutSeconds: 3 }],
		[["test", "--json", "--junit", "r.xml"], { command: "test", json: true, junit: "r.xml", format: "text" }],
		[["lint", "--format=github"], { command: "lint", format: "github" }],
		[["why", "a.json", "--json"], { command: "why", json: true }],
		[["why", "a.json", "--timeout=0.5"], { command: "why", timeoutSeconds: 0.5 }],
		[["test"], { timeoutSeconds: undefined }],
		[["test", "--", "--odd.json"], { command: "test", operands: ["--odd.json"] }],
		[["--help"], { command: "help" }],
		[["test", "-h"], { command: "help" }],
		[["help"], { command: "help" }],
		[["--version"], { command: "version" }],
	])("%j", (argv, expected) => {
		expect(parseArgs(argv)).toMatchObject(expected);
	});

	it.each([
		[[], "no command given"],
		[["run"], 'unknown command "run" (commands: list, lint, test, why)'],
		[["list", "--update"], "list does not take --update"],
		[["why", "a.json", "--junit", "r.xml"], "why does not take --junit"],
		[["list", "--format", "github"], "list does not take --format"],
		[["lint", "--format", "gitlab"], '--format takes "github" or "text" (got "gitlab")'],
		[["test", "--junit"], "--junit needs a file to write"],
		[["test", "--verbose"], "unknown option --verbose"],
		[["test", "-x"], "unknown option -x"],
		[["list", "--cwd"], "--cwd needs a folder"],
		[["test", "--agent-dir"], "--agent-dir needs a folder"],
		[["list", "--timeout", "3"], "list does not take --timeout"],
		[["test", "--timeout"], "--timeout needs a number of seconds"],
		[["test", "--timeout", "0"], '--timeout needs a number of seconds above 0 (got "0")'],
		[["test", "--timeout", "3s"], '--timeout needs a number of seconds above 0 (got "3s")'],
		[["list", "--json=1"], "--json takes no value"],
		[["list", "extra"], 'list takes no operands (got "extra")'],
		[["why"], "why takes exactly one FIXTURE file"],
		[["why", "a.json", "b.json"], "why takes exactly one FIXTURE file"],
	])("refuses %j", (argv, message) => {
		expect(() => parseArgs(argv)).toThrow(new UsageError(message));
	});
});
