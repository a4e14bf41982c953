/**
 * End to end in the real pi binary (print mode) against the scripted fake model: Claude Code tool hooks
 * from `.claude/settings.json` guard, rewrite, format and log pi's tool calls.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonLines, useE2e } from "../support/e2e.ts";
import { type PiSandbox, PROJECT_ROOT, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { isRunning } from "../support/processes.ts";

const FIXTURES = join(PROJECT_ROOT, "test", "fixtures", "hooks");
const e2e = useE2e();
let sandbox: PiSandbox;

type Handler = Record<string, unknown>;
type Hooks = Record<string, { matcher?: string; hooks: Handler[] }[]>;

/** A sandbox whose project has `.claude/hooks/<fixtures>` and `.claude/settings.json` = `{hooks}`. */
const setup = (hooks: Hooks, extraSettings: Record<string, unknown> = {}): PiSandbox => {
	sandbox = e2e.sandbox();
	const hookDir = join(sandbox.projectDir, ".claude", "hooks");
	mkdirSync(hookDir, { recursive: true });
	for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(hookDir, file));
	sandbox.writeJson("project/.claude/settings.json", { ...extraSettings, hooks });
	return sandbox;
};
const script = (name: string, ...args: string[]): string =>
	[name.endsWith(".py") ? "python3" : "node", `"$CLAUDE_PROJECT_DIR/.claude/hooks/${name}"`, ...args].join(" ");
const command = (cmd: string, extra: Handler = {}): Handler => ({ type: "command", command: cmd, ...extra });

/** Runs one prompt and returns pi's result plus the requests the model received during the run. */
const run = async (prompt: string, timeoutMs?: number) => {
	const before = e2e.llm.requests.length;
	// The project's hooks are approved explicitly; change-aware trust has its own tests (trust.test.ts).
	const env = { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" };
	const result = await runPiPrint(
		sandbox,
		piPrintArgs(prompt),
		timeoutMs === undefined ? { env } : { env, timeoutMs },
	);
	return { ...result, requests: e2e.llm.requests.slice(before) };
};
/** The tool messages the model was sent, as text. */
const toolMessages = (requests: readonly { messages?: unknown[] }[]): string[] => {
	const last = requests.at(-1)?.messages ?? [];
	return last
		.filter((m): m is { role: string; content: unknown } => (m as { role?: string }).role === "tool")
		.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
};
const readLines = readJsonLines;

describe("PreToolUse in the real pi", () => {
	it("a guard that exits 2 blocks rm -rf: the command did not run and the model saw the reason", async () => {
		setup({
			PreToolUse: [{ matcher: "Bash", hooks: [command(script("block_dangerous_bash.py"), { timeout: 10 })] }],
		});
		mkdirSync(join(sandbox.projectDir, "victim"));
		const result = await run("bash: rm -rf victim");
		expect(result.code).toBe(0);
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
		const [toolText] = toolMessages(result.requests);
		expect(toolText).toContain("PreToolUse:Bash hook error: [");
		expect(toolText).toContain(
			"Dangerous command blocked: recursive forced delete (rm -rf). Command: rm -rf victim",
		);
		const allowed = await run("bash: ls -la");
		expect(toolMessages(allowed.requests)[0]).toContain("victim");
	});

	it("a JSON deny blocks with its reason; ask without a UI blocks and says why; legacy approve runs", async () => {
		setup({ PreToolUse: [{ matcher: "Bash", hooks: [command(script("bash_policy.py"))] }] });
		const denied = await run("bash: git push --force origin x > pushed.txt");
		expect(toolMessages(denied.requests)).toEqual(["force-push is not allowed here"]);
		expect(existsSync(join(sandbox.projectDir, "pushed.txt"))).toBe(false);

		const asked = await run("bash: git push origin feature-x > pushed.txt");
		expect(toolMessages(asked.requests)[0]).toContain(
			"asked for the user's confirmation (git push publishes commits - confirm?)",
		);
		expect(asked.stderr).toContain("without a UI");
		expect(existsSync(join(sandbox.projectDir, "pushed.txt"))).toBe(false);

		const approved = await run("bash: echo approved");
		expect(toolMessages(approved.requests)).toEqual(["approved\n"]);
	});

	it("updatedInput replaces the whole input: the rewritten command runs, the original does not", async () => {
		const rewrite = JSON.stringify({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "allow",
				updatedInput: { command: "echo rewritten | tee rewritten.txt" },
			},
		});
		const record = join("..", "post.jsonl");
		setup({
			PreToolUse: [{ matcher: "Bash", hooks: [command(script("hook.mjs", "--stdout", `'${rewrite}'`))] }],
			PostToolUse: [{ matcher: "Bash", hooks: [command(script("hook.mjs", "--record", record))] }],
		});
		const result = await run("bash: echo hi | tee ran.txt");
		expect(existsSync(join(sandbox.projectDir, "rewritten.txt"))).toBe(true);
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolMessages(result.requests)).toEqual(["rewritten\n"]);
		const [post] = readLines(join(sandbox.root, "post.jsonl"));
		expect((post?.stdin as Record<string, unknown> | undefined)?.tool_input).toEqual({
			command: "echo rewritten | tee rewritten.txt",
		});
	});

	it("sends Claude Code's stdin and environment: keys in order, Claude names, absolute paths", async () => {
		setup({
			PreToolUse: [
				{ matcher: "Write|Edit|Read", hooks: [command(script("hook.mjs", "--record", "../pre.jsonl"))] },
			],
			PostToolUse: [{ matcher: "Write", hooks: [command(script("hook.mjs", "--record", "../post.jsonl"))] }],
		});
		await run('tool: write {"path":"notes.txt","content":"alpha\\n"}');
		await run('tool: edit {"path":"notes.txt","edits":[{"oldText":"alpha","newText":"gamma"}]}');
		await run('tool: read {"path":"notes.txt"}');
		const pre = readLines(join(sandbox.root, "pre.jsonl"));
		const file = join(sandbox.projectDir, "notes.txt");
		expect(pre.map((line) => (line.stdin as Record<string, unknown>).tool_name)).toEqual(["Write", "Edit", "Read"]);
		expect(pre.map((line) => (line.stdin as Record<string, unknown>).tool_input)).toEqual([
			{ file_path: file, content: "alpha\n" },
			{ file_path: file, old_string: "alpha", new_string: "gamma", replace_all: false },
			{ file_path: file },
		]);
		const common = [
			"session_id",
			"transcript_path",
			"cwd",
			"prompt_id",
			"permission_mode",
			"hook_event_name",
			"tool_name",
			"tool_input",
		];
		expect(pre[0]?.stdinKeys).toEqual([...common, "tool_use_id"]);
		const stdin = pre[0]?.stdin as Record<string, unknown>;
		expect(stdin.cwd).toBe(sandbox.projectDir);
		expect(stdin.hook_event_name).toBe("PreToolUse");
		expect(String(stdin.transcript_path)).toMatch(/\.jsonl$/);
		expect(existsSync(String(stdin.transcript_path))).toBe(true);
		expect(pre[0]?.env).toMatchObject({
			CLAUDE_PROJECT_DIR: sandbox.projectDir,
			CLAUDECODE: "1",
			CLAUDE_CODE_SESSION_ID: stdin.session_id,
		});
		const [post] = readLines(join(sandbox.root, "post.jsonl"));
		expect(post?.stdinKeys).toEqual([...common, "tool_response", "tool_use_id", "duration_ms"]);
		expect((post?.stdin as Record<string, unknown> | undefined)?.tool_response).toMatchObject({
			type: "create",
			filePath: file,
			content: "alpha\n",
		});
	});
});

describe("PostToolUse and PostToolUseFailure in the real pi", () => {
	it("a formatter after a write rewrites the file and the model sees its additional context", async () => {
		setup({
			PostToolUse: [
				{ matcher: "Write|Edit|MultiEdit", hooks: [command(script("format_after_edit.py"), { timeout: 30 })] },
			],
		});
		const result = await run('tool: write {"path":"data.json","content":"{\\"b\\":1,\\"a\\":[1,2]}"}');
		const file = join(sandbox.projectDir, "data.json");
		expect(readFileSync(file, "utf8")).toBe('{\n  "b": 1,\n  "a": [\n    1,\n    2\n  ]\n}\n');
		const [toolText] = toolMessages(result.requests);
		expect(toolText).toContain("Successfully wrote");
		expect(toolText).toContain(
			`<system-reminder>\n` +
				`PostToolUse:Write hook additional context: Formatter rewrote ${file}; re-read it before ` +
				`editing it again.\n</system-reminder>`,
		);
	});

	it("a logger writes one line per event with Claude Code field names; both handlers of a group run", async () => {
		const logger = script("log_tool_events.py");
		setup({
			PreToolUse: [
				{
					matcher: "",
					hooks: [command(logger), command(script("log_tool_events.py", "--log", "tool-events-copy"))],
				},
			],
			PostToolUse: [{ matcher: "", hooks: [command(logger)] }],
			PostToolUseFailure: [{ matcher: "", hooks: [command(logger)] }],
		});
		await run("bash: echo one\nbash: echo oops >&2; exit 3");
		const logDir = join(sandbox.projectDir, ".claude", "logs");
		const lines = readLines(join(logDir, "tool-events.jsonl"));
		const byId = (id: unknown) =>
			lines.filter((line) => line.tool_use_id === id).map((line) => line.hook_event_name);
		const ids = [...new Set(lines.map((line) => line.tool_use_id))];
		expect(ids).toHaveLength(2);
		expect(byId(ids[0]).sort()).toEqual(["PostToolUse", "PreToolUse"]);
		expect(byId(ids[1]).sort()).toEqual(["PostToolUseFailure", "PreToolUse"]);
		expect(lines.every((line) => line.tool_name === "Bash" && line.project_dir_env === true)).toBe(true);
		expect(lines.find((line) => line.hook_event_name === "PostToolUseFailure")?.error).toBe("Exit code 3\noops");
		const copy = readLines(join(logDir, "tool-events-copy.jsonl"));
		expect(copy.map((line) => line.tool_use_id).sort()).toEqual([...ids].sort());
	});

	it("PostToolUse block feedback and updatedToolOutput reach the model; exit 1 only tells the user", async () => {
		const replace = JSON.stringify({
			hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stdout: "REDACTED", stderr: "" } },
		});
		setup({
			PostToolUse: [
				{ matcher: "Bash", hooks: [command(script("hook.mjs", "--stdout", `'${replace}'`))] },
				{ matcher: "Bash", hooks: [command(script("hook.mjs", "--stderr", "'post says no'", "--exit", "2"))] },
				{
					matcher: "Bash",
					hooks: [command(script("hook.mjs", "--stderr", "'warn: exit one'", "--exit", "1"))],
				},
			],
		});
		const result = await run("bash: echo secret");
		const [toolText] = toolMessages(result.requests);
		expect(toolText).toContain("REDACTED");
		expect(toolText).not.toContain("secret");
		expect(toolText).toContain("PostToolUse:Bash hook blocking error from command:");
		expect(toolText).toContain("post says no");
		expect(toolText).not.toContain("warn: exit one");
		expect(result.stderr).toContain("Failed with non-blocking status code 1: warn: exit one");
	});
});

describe("running hooks in the real pi", () => {
	it("two slow hooks on one call run at the same time", async () => {
		const slow = (name: string) => command(script("hook.mjs", "--sleep", "1000", "--record", `../${name}.jsonl`));
		setup({
			PreToolUse: [
				{ matcher: "Bash", hooks: [slow("a")] },
				{ matcher: "*", hooks: [slow("b")] },
			],
		});
		await run("bash: echo both");
		const [a] = readLines(join(sandbox.root, "a.jsonl"));
		const [b] = readLines(join(sandbox.root, "b.jsonl"));
		// Overlap: each started before the other ended.
		expect(Number(a?.start)).toBeLessThan(Number(b?.end));
		expect(Number(b?.start)).toBeLessThan(Number(a?.end));
	});

	it("a hook past its 1 s timeout is killed, the user is told, and the tool still runs", async () => {
		const deny = JSON.stringify({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "deny",
				permissionDecisionReason: "late",
			},
		});
		setup({
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						command(
							script(
								"hook.mjs",
								"--pid-file",
								"../sleeper.pid",
								"--sleep",
								"30000",
								"--stdout",
								`'${deny}'`,
							),
							{ timeout: 1 },
						),
					],
				},
			],
		});
		const result = await run("bash: echo ran > ran.txt; echo ran");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(true);
		expect(toolMessages(result.requests)).toEqual(["ran\n"]);
		expect(result.stderr).toContain("timed out after 1 s and was killed");
		const pid = Number(readFileSync(join(sandbox.root, "sleeper.pid"), "utf8"));
		expect(isRunning(pid)).toBe(false);
	});

	it("the same command in two groups and two files runs once", async () => {
		const once = command(script("hook.mjs", "--record", "../once.jsonl"));
		setup({
			PreToolUse: [
				{ matcher: "Bash", hooks: [once] },
				{ matcher: "*", hooks: [once] },
			],
		});
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [once] }] },
		});
		await run("bash: echo once");
		expect(readLines(join(sandbox.root, "once.jsonl"))).toHaveLength(1);
	});

	it("a copy differing only in timeout runs once with the user's, as in Claude Code (oracle l3)", async () => {
		const once = command(script("hook.mjs", "--record", "../once.jsonl"));
		setup({ PreToolUse: [{ matcher: "Bash", hooks: [once] }] });
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ ...once, timeout: 99 }] }] },
		});
		await run("bash: echo once");
		expect(readLines(join(sandbox.root, "once.jsonl"))).toHaveLength(1);
	});

	it("continue:false lets the tool finish, then the agent stops and the user sees the stop reason", async () => {
		const stop = JSON.stringify({ continue: false, stopReason: "halted by hook", systemMessage: "note from hook" });
		setup({ PreToolUse: [{ matcher: "Bash", hooks: [command(script("hook.mjs", "--stdout", `'${stop}'`))] }] });
		const result = await run("bash: echo hi > ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(true);
		expect(result.requests).toHaveLength(1);
		// Claude Code: the run ends cleanly, exit 0, not with pi's "aborted".
		expect(result.code).toBe(0);
		expect(result.stderr).not.toContain("aborted");
		expect(result.stderr).toContain("PreToolUse:Bash hook stopped continuation: halted by hook");
		expect(result.stderr).toContain("PreToolUse:Bash says: note from hook");
	});
});

describe("configuration in the real pi", () => {
	it("a broken project file does not stop the user's hooks, and the user gets file, path and reason", async () => {
		setup({ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command" }] }], PreTooluse: [] } as unknown as Hooks);
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [command("node -e 'process.stderr.write(\"user guard\");process.exit(2)'")],
					},
				],
			},
		});
		sandbox.writeFile("project/.claude/settings.local.json", '{"hooks": {');
		const result = await run("bash: echo hi > ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolMessages(result.requests)[0]).toContain("user guard");
		expect(result.stderr).toContain(
			`${join(sandbox.projectDir, ".claude", "settings.json")} at hooks.PreToolUse[0].hooks[0].command`,
		);
		expect(result.stderr).toContain('unknown hook event "PreTooluse"');
		expect(result.stderr).toContain(`${join(sandbox.projectDir, ".claude", "settings.local.json")}: invalid JSON`);
	});

	it("project hooks do not run in an untrusted project, and the user is told which were skipped", async () => {
		setup({});
		sandbox.writeJson("project/.pi/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command("exit 2")] }] },
		});
		const result = await run("bash: echo hi > ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(true);
		expect(result.stderr).toContain("project is not trusted, so 1 project hook(s) will not run");
		expect(result.stderr).toContain('PreToolUse "exit 2" (pi project)');
	});

	it("pi's global settings and disableAllHooks are honoured", async () => {
		setup({});
		const settingsFile = join(sandbox.agentDir, "settings.json");
		const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>;
		sandbox.writeJson("agent/settings.json", {
			...settings,
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command("echo global >&2; exit 2")] }] },
		});
		const blocked = await run("bash: echo hi");
		expect(toolMessages(blocked.requests)[0]).toContain("global");
		sandbox.writeJson("project/.claude/settings.json", { disableAllHooks: true });
		const off = await run("bash: echo hi");
		expect(toolMessages(off.requests)).toEqual(["hi\n"]);
		expect(off.stderr).toContain("disableAllHooks is set");
	});
});
