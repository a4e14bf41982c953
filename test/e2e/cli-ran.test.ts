/**
 * `pi-hook-manager test` passes a case only when the hooks it is about ran (the built command, a real process, on
 * a real project in a temp folder): a case no hook ran for fails with its reason code (settings_unparsable,
 * rejected_by_lint, not_approved, switched_off, not_matched, no_hook) and the `why` trace in one line; `expect.ran`
 * names the hooks that must run, or `0` for a case about nothing running. `why` and `list` name what lint rejected
 * where the hook would have been, and exit 1 on a settings file that does not parse.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliSandbox, createCliSandbox, SAMPLE_PROJECT } from "../support/cli.ts";

let sandbox: CliSandbox | undefined;
afterEach(() => {
	sandbox?.remove();
	sandbox = undefined;
});

/** The sample project (a Bash guard, guard.mjs) in a temp folder. */
const sample = (): CliSandbox => {
	sandbox = createCliSandbox(SAMPLE_PROJECT);
	return sandbox;
};

/** Writes a file of the project, JSON unless a string. */
const put = (box: CliSandbox, path: string, value: unknown): string => {
	const file = join(box.project, path);
	mkdirSync(join(file, ".."), { recursive: true });
	writeFileSync(file, typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`);
	return file;
};

/** An allow case: a Bash command (or another tool's input) the guard lets through. */
const allowCase = (extra: Record<string, unknown> = {}, tool = "Bash") => ({
	version: 1,
	name: "harmless",
	event: "PreToolUse",
	input: { tool_name: tool, tool_input: tool === "Bash" ? { command: "ls" } : { file_path: "a.txt", content: "" } },
	expect: { decision: "none", ...extra },
});

describe("pi-hook-manager test: a case passes only if its hooks ran", () => {
	it("passes an allow case whose guard ran, and fails it with not_approved without the approval", async () => {
		const box = sample();
		const file = put(box, ".pi/cases/allow.json", allowCase());
		const approved = await box.run(["test", file, "--approve-project-hooks"]);
		expect(approved.stdout).toContain("PASS harmless");
		expect(approved.code).toBe(0);
		const unapproved = await box.run(["test", file]);
		const lines = unapproved.stdout.split("\n");
		expect(lines[0]).toBe("FAIL harmless (.pi/cases/allow.json)");
		expect(lines[1]).toMatch(/^ {4}no hook ran: not_approved \(a project hook that matches is not approved/);
		expect(lines[2]).toMatch(
			/^ {4}why: skipped node .*guard\.mjs.* \(\.claude\/settings\.json:7:6\): a project hook not approved in pi/,
		);
		expect(unapproved.stdout.trimEnd().split("\n").at(-1)).toBe("0 passed, 1 failed");
		expect(unapproved.code).toBe(1);
	});

	it.each([
		[
			"a matcher that misses",
			"not_matched",
			{ PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "true" }] }] },
			/why: not run true \(\.claude\/settings\.json:\d+:\d+\): matcher "Write" did not match "Bash"/,
		],
		[
			"no hook for the event",
			"no_hook",
			{ Stop: [{ hooks: [{ type: "command", command: "true" }] }] },
			/why: no hook is configured for this event/,
		],
		[
			"a misspelt event",
			"rejected_by_lint",
			{ PreToolUSe: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
			/why: rejected PreToolUSe \(\.claude\/settings\.json:3:5\): unknown hook event "PreToolUSe": did you mean/,
		],
		[
			"a matcher that is no regular expression",
			"rejected_by_lint",
			{ PreToolUse: [{ matcher: "Bash(", hooks: [{ type: "command", command: "true" }] }] },
			/why: rejected PreToolUse \(\.claude\/settings\.json:5:9\): matcher "Bash\(" is not a valid regular/,
		],
	])("fails an allow case with %s: %s", async (_what, code, hooks, why) => {
		const box = sample();
		put(box, ".claude/settings.json", { hooks });
		const file = put(box, ".pi/cases/allow.json", allowCase());
		const result = await box.run(["test", file, "--approve-project-hooks"]);
		expect(result.stdout).toMatch(new RegExp(`^ {4}no hook ran: ${code} \\(`, "m"));
		expect(result.stdout).toMatch(why);
		expect(result.code).toBe(1);
		const json = JSON.parse((await box.run(["test", file, "--approve-project-hooks", "--json"])).stdout);
		expect(json.cases[0]).toMatchObject({ status: "fail", noHookRan: expect.arrayContaining([code]) });
	});

	it("fails with settings_unparsable at file:line:col when the guard's settings file does not parse", async () => {
		const box = sample();
		put(box, ".claude/settings.json", '{"hooks": {"PreToolUse": [{"matcher": "Bash",\n  "hooks": [}]}}\n');
		const file = put(box, ".pi/cases/allow.json", allowCase());
		const result = await box.run(["test", file, "--approve-project-hooks"]);
		expect(result.stdout).toMatch(/^ {4}no hook ran: settings_unparsable \(a settings file does not parse/m);
		expect(result.stdout).toMatch(
			/why: unparsable \(\.claude\/settings\.json:2:13\): invalid JSON: .*the file is skipped/,
		);
		expect(result.code).toBe(1);
	});

	it("fails with switched_off when disableAllHooks is on", async () => {
		const box = sample();
		put(box, ".claude/settings.local.json", { disableAllHooks: true });
		const file = put(box, ".pi/cases/allow.json", allowCase());
		const result = await box.run(["test", file, "--approve-project-hooks"]);
		expect(result.stdout).toMatch(/^ {4}no hook ran: switched_off \(/m);
		expect(result.code).toBe(1);
	});

	it('"ran": 0 passes a case about nothing running, and fails it when a hook ran', async () => {
		const box = sample();
		const write = put(box, ".pi/cases/write.json", allowCase({ ran: 0 }, "Write"));
		expect((await box.run(["test", write, "--approve-project-hooks"])).stdout).toContain("PASS harmless");
		const bash = put(box, ".pi/cases/bash.json", allowCase({ ran: 0 }));
		const result = await box.run(["test", bash, "--approve-project-hooks"]);
		expect(result.stdout).toMatch(/^ {4}ran: expected no hook to run, got 1: node .*guard\.mjs/m);
		expect(result.code).toBe(1);
	});

	it('"ran": [...] names the hooks that must run: a part of the command, or the id', async () => {
		const box = sample();
		put(box, ".claude/settings.local.json", {
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo other >/dev/null" }] }],
			},
		});
		const named = put(box, ".pi/cases/named.json", allowCase({ ran: ["guard.mjs", "echo other"] }));
		expect((await box.run(["test", named, "--approve-project-hooks"])).stdout).toContain("PASS harmless");
		const id = JSON.parse((await box.run(["list", "--json", "--approve-project-hooks"])).stdout).hooks;
		expect(id).toHaveLength(2);
		const missing = put(box, ".pi/cases/missing.json", allowCase({ ran: ["formatter.sh"] }));
		const result = await box.run(["test", missing, "--approve-project-hooks"]);
		expect(result.stdout).toMatch(
			/^ {4}ran: expected "formatter\.sh" to run, it did not \(no configured hook has that id or command\)/m,
		);
		expect(result.code).toBe(1);
	});

	it("--update records nothing for a case no hook ran for, and says how to state that", async () => {
		const box = sample();
		const case_ = { ...allowCase({}, "Write"), expect: undefined };
		const file = put(box, ".pi/cases/new.json", case_);
		const before = readFileSync(file, "utf8");
		const result = await box.run(["test", file, "--update", "--approve-project-hooks"]);
		expect(result.stdout).toMatch(/^ {4}no hook ran: not_matched /m);
		expect(result.stdout).toContain(
			'nothing recorded: no hook ran (if the case is about nothing running, write "ran": 0',
		);
		expect(readFileSync(file, "utf8")).toBe(before);
		expect(result.code).toBe(1);
	});
});

describe("pi-hook-manager why and list: what lint rejected where the hook would have been", () => {
	it("why names the rejected entry and the parse error at file:line:col, and exits 1 on that error", async () => {
		const box = sample();
		put(box, ".claude/settings.json", {
			hooks: { PostToolUSe: [{ matcher: "Write", hooks: [{ type: "command", command: "true" }] }] },
		});
		put(box, ".claude/settings.local.json", '{"hooks": {\n');
		const file = put(box, ".pi/cases/post.json", {
			version: 1,
			event: "PostToolUse",
			input: { tool_name: "Write", tool_input: { file_path: "a.txt", content: "" } },
		});
		const why = await box.run(["why", file, "--approve-project-hooks"]);
		const lines = why.stdout.trimEnd().split("\n");
		expect(lines[1]).toMatch(
			/^ {2}rejected +PostToolUSe +- +\.claude\/settings\.json:3:5 +unknown hook event "PostToolUSe"/,
		);
		expect(lines[2]).toMatch(/^ {2}unparsable +- +- +\.claude\/settings\.local\.json:2:1 +invalid JSON: /);
		expect(lines[3]).toBe("  no hook ran: settings_unparsable, rejected_by_lint, no_hook");
		expect(why.code).toBe(1);
		const list = await box.run(["list", "--approve-project-hooks"]);
		expect(list.stdout).toMatch(
			/^rejected +- +PostToolUSe +- +- +- +\.claude\/settings\.json:3:5 hooks\.PostToolUSe$/m,
		);
		expect(list.stdout).toMatch(/^unparsable: \.claude\/settings\.local\.json:2:1: invalid JSON: /m);
		expect(list.code).toBe(1);
		const json = JSON.parse((await box.run(["why", file, "--json", "--approve-project-hooks"])).stdout);
		expect(json.cases[0].noHookRan).toEqual(["settings_unparsable", "rejected_by_lint", "no_hook"]);
		expect(json.cases[0].hooks.map((row: { verdict: string }) => row.verdict)).toEqual(["rejected", "unparsable"]);
	});

	it("list and why exit 0 when every settings file parses", async () => {
		const box = sample();
		expect((await box.run(["list"])).code).toBe(0);
		expect((await box.run(["why", ".pi/hook-tests/rm-rf.json"])).code).toBe(0);
	});
});
