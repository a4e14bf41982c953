/**
 * End to end in the real pi binary (print mode): the places where Claude Code 2.1.33x behaves in a way a hook
 * relies on: the environment and `effort` hooks get, path rules, the Stop cap and SessionEnd budget from the
 * environment, SessionStart exit 2, and which names matchers and `if` rules test in which files.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonLines, sessionDecisions, sessionLines, useE2e } from "../support/e2e.ts";
import { FAKE_MODEL, FAKE_PROVIDER, type PiSandbox, PROJECT_ROOT, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { recorder } from "../support/recorder.ts";

const e2e = useE2e();

type Hooks = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;
/** An object field of a recorded hook line (`stdin` or `env`), `{}` when missing. */
const field = (line: Record<string, unknown> | undefined, key: "stdin" | "env"): Record<string, unknown> =>
	(line?.[key] ?? {}) as Record<string, unknown>;
const sh = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });

/** Merges `settings` into the sandbox's agent settings.json. */
const agentSettings = (sandbox: PiSandbox, settings: Record<string, unknown>): void => {
	const file = join(sandbox.agentDir, "settings.json");
	sandbox.writeJson("agent/settings.json", { ...(JSON.parse(readFileSync(file, "utf8")) as object), ...settings });
};

const run = async (sandbox: PiSandbox, prompt: string, env: Record<string, string> = {}) => {
	const before = e2e.llm.requests.length;
	const result = await runPiPrint(sandbox, piPrintArgs(prompt), { env });
	return { ...result, requests: e2e.llm.requests.slice(before) };
};

describe("the environment and stdin Claude Code gives hooks", () => {
	it("sets Claude Code's child-process variables, and CLAUDE_EFFORT and effort.level by thinking level", async () => {
		const sandbox = e2e.sandbox();
		// A reasoning model, so pi's thinking level applies.
		sandbox.writeJson("agent/models.json", {
			providers: {
				[FAKE_PROVIDER]: {
					baseUrl: e2e.llm.url,
					api: "openai-completions",
					apiKey: "test-key",
					models: [
						{
							id: FAKE_MODEL,
							reasoning: true,
							contextWindow: 128_000,
							maxTokens: 4096,
							cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
						},
					],
				},
			},
		});
		agentSettings(sandbox, { defaultThinkingLevel: "high" });
		const pre = join(sandbox.root, "pre.jsonl");
		const stop = join(sandbox.root, "stop.jsonl");
		const prompt = join(sandbox.root, "prompt.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [{ hooks: [recorder(pre)] }],
				Stop: [{ hooks: [recorder(stop)] }],
				UserPromptSubmit: [{ hooks: [recorder(prompt)] }],
			} satisfies Hooks,
		});
		const result = await run(sandbox, "bash: echo hi");
		expect(result.code).toBe(0);
		const [call] = readJsonLines(pre);
		expect(call?.env).toMatchObject({
			COREPACK_ENABLE_AUTO_PIN: "0",
			NoDefaultCurrentDirectoryInExePath: "1",
			CLAUDE_CODE_CHILD_SESSION: "1",
			CLAUDE_EFFORT: "high",
		});
		expect(field(call, "stdin").effort).toEqual({ level: "high" });
		expect(call?.stdinKeys).toEqual([
			"session_id",
			"transcript_path",
			"cwd",
			"prompt_id",
			"permission_mode",
			"effort",
			"hook_event_name",
			"tool_name",
			"tool_input",
			"tool_use_id",
		]);
		const [stopped] = readJsonLines(stop);
		expect(field(stopped, "stdin").effort).toEqual({ level: "high" });
		expect(stopped?.env).toMatchObject({ CLAUDE_EFFORT: "high" });
		// Not on prompt events, as in Claude Code.
		const [submitted] = readJsonLines(prompt);
		expect(field(submitted, "stdin").effort).toBeUndefined();
		expect(submitted?.env).toMatchObject({ CLAUDE_CODE_CHILD_SESSION: "1" });
		expect(field(submitted, "env").CLAUDE_EFFORT).toBeUndefined();
	});

	it("sends no effort while pi's thinking is off", async () => {
		const sandbox = e2e.sandbox();
		const pre = join(sandbox.root, "pre.jsonl");
		sandbox.writeJson("home/.claude/settings.json", { hooks: { PreToolUse: [{ hooks: [recorder(pre)] }] } });
		await run(sandbox, "bash: echo hi");
		const [call] = readJsonLines(pre);
		expect(field(call, "stdin").effort).toBeUndefined();
		expect(field(call, "env").CLAUDE_EFFORT).toBeUndefined();
	});
});

describe("limits Claude Code reads from the environment", () => {
	it("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP sets how often Stop hooks may block in a row", async () => {
		const sandbox = e2e.sandbox();
		const gate = join(PROJECT_ROOT, "test", "fixtures", "hooks", "stop-gate.mjs");
		const record = join(sandbox.root, "stop.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { Stop: [{ hooks: [sh(`node ${JSON.stringify(gate)} ${JSON.stringify(record)} always`)] }] },
		});
		const result = await run(sandbox, "hi", { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" });
		expect(result.requests).toHaveLength(3);
		expect(result.stderr).toContain("Stop hooks blocked 2 times in a row");
		expect(readJsonLines(record)).toHaveLength(3);
	});

	it("CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS gives SessionEnd hooks without a timeout a longer budget", async () => {
		const sandbox = e2e.sandbox();
		const marker = join(sandbox.root, "session-end-done");
		// Longer than Claude Code's default 1.5 s SessionEnd budget.
		const slow = sh(`sleep 2.5; touch ${JSON.stringify(marker)}`);
		sandbox.writeJson("home/.claude/settings.json", { hooks: { SessionEnd: [{ hooks: [slow] }] } });
		const result = await run(sandbox, "hi", { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "20000" });
		expect(result.code).toBe(0);
		expect(existsSync(marker)).toBe(true);
	});
});

describe("SessionStart exit 2", () => {
	it("shows the hook's stderr to the user and in the transcript, and the session goes on", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { SessionStart: [{ hooks: [sh("echo 'setup script missing' >&2; exit 2")] }] },
		});
		const result = await run(sandbox, "hi");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("hi");
		expect(result.stderr).toContain("setup script missing");
		const [card] = sessionDecisions(sandbox);
		expect(card).toMatchObject({ kind: "error", event: "SessionStart" });
		expect(String(card?.reason)).toContain(
			"SessionStart:startup hook error: [echo 'setup script missing' >&2; exit 2]: setup script missing",
		);
	});
});

describe("which names matchers test", () => {
	it("a Claude Code file's matcher tests Claude Code names only; a pi file's accepts pi's names too", async () => {
		const sandbox = e2e.sandbox();
		const claude = join(sandbox.root, "claude.jsonl");
		const piFile = join(sandbox.root, "pi.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "bash", hooks: [recorder(claude)] }] },
		});
		agentSettings(sandbox, { hooks: { PreToolUse: [{ matcher: "bash", hooks: [recorder(piFile)] }] } });
		await run(sandbox, "bash: echo hi");
		expect(existsSync(claude)).toBe(false);
		expect(readJsonLines(piFile)).toHaveLength(1);
	});

	it("an if rule in a Claude Code file names Claude Code's tools only; a pi file's takes pi's too", async () => {
		const sandbox = e2e.sandbox();
		const claudePi = join(sandbox.root, "claude-pi-name.jsonl");
		const claudeOwn = join(sandbox.root, "claude-own-name.jsonl");
		const piFile = join(sandbox.root, "pi.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{ hooks: [{ ...recorder(claudePi), if: "bash(echo *)" }] },
					{ hooks: [{ ...recorder(claudeOwn), if: "Bash(echo *)" }] },
				],
			},
		});
		agentSettings(sandbox, { hooks: { PreToolUse: [{ hooks: [{ ...recorder(piFile), if: "bash(echo *)" }] }] } });
		await run(sandbox, "bash: echo hi");
		expect(existsSync(claudePi)).toBe(false);
		expect(readJsonLines(claudeOwn)).toHaveLength(1);
		expect(readJsonLines(piFile)).toHaveLength(1);
	});
});

describe("MCP tools in the real pi", () => {
	it("hooks see and matchers test real server and tool names; pi files also take pi's sanitised name", async () => {
		const sandbox = e2e.sandbox();
		const server = join(PROJECT_ROOT, "test", "fixtures", "mcp", "tiny-server.mjs");
		sandbox.writeJson("agent/mcp.json", {
			mcpServers: { "my-srv": { command: process.execPath, args: [server], exposure: "direct" } },
		});
		const real = join(sandbox.root, "real.jsonl");
		const sanitised = join(sandbox.root, "sanitised.jsonl");
		const post = join(sandbox.root, "post.jsonl");
		const batch = join(sandbox.root, "batch.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{ matcher: "mcp__my-srv__.*", hooks: [recorder(real)] },
					// Claude Code never calls it this, so a Claude Code file's matcher does not fire.
					{ matcher: "mcp__my_srv__do_thing", hooks: [recorder(join(sandbox.root, "never.jsonl"))] },
				],
				PostToolUse: [{ matcher: "mcp__my-srv__do-thing", hooks: [recorder(post)] }],
				PostToolBatch: [{ hooks: [recorder(batch)] }],
			},
		});
		agentSettings(sandbox, {
			hooks: { PreToolUse: [{ matcher: "mcp__my_srv__do_thing", hooks: [recorder(sanitised)] }] },
		});
		const result = await run(sandbox, 'tool: mcp__my_srv__do_thing {"text":"MCP-ANSWER"}');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("MCP-ANSWER");
		const [pre] = readJsonLines(real);
		// The real names from the first call on (pi's loadout labels the tool `my-srv/do-thing`).
		expect(field(pre, "stdin").tool_name).toBe("mcp__my-srv__do-thing");
		expect(readJsonLines(sanitised)).toHaveLength(1);
		expect(existsSync(join(sandbox.root, "never.jsonl"))).toBe(false);
		const [after] = readJsonLines(post);
		expect(field(after, "stdin")).toMatchObject({
			tool_name: "mcp__my-srv__do-thing",
			tool_input: { text: "MCP-ANSWER" },
		});
		const [batched] = readJsonLines(batch);
		expect(field(batched, "stdin").tool_calls).toMatchObject([{ tool_name: "mcp__my-srv__do-thing" }]);
	});
});

describe("transcript_path", () => {
	it("names a file that exists after the run even when UserPromptSubmit blocked the first prompt", async () => {
		const sandbox = e2e.sandbox();
		const record = join(sandbox.root, "prompt.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { UserPromptSubmit: [{ hooks: [recorder(record, "--stderr", "no prompts today", "--exit", "2")] }] },
		});
		const result = await run(sandbox, "do the thing");
		expect(result.requests).toHaveLength(0);
		const path = String(field(readJsonLines(record)[0], "stdin").transcript_path);
		expect(path).toMatch(/\.jsonl$/);
		expect(existsSync(path)).toBe(true);
		const [header, ...entries] = readJsonLines(path);
		expect(header).toMatchObject({ type: "session", id: field(readJsonLines(record)[0], "stdin").session_id });
		expect(entries.some((entry) => entry.customType === "pi-hook-manager/decision")).toBe(true);
	});
});

/** models.json with the fake provider's two models, `fake-model` and `fake-model-2`. */
const twoModels = (sandbox: PiSandbox): void => {
	const model = (id: string) => ({
		id,
		contextWindow: 128_000,
		maxTokens: 4096,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	});
	sandbox.writeJson("agent/models.json", {
		providers: {
			[FAKE_PROVIDER]: {
				baseUrl: e2e.llm.url,
				api: "openai-completions",
				apiKey: "test-key",
				models: [model(FAKE_MODEL), model("fake-model-2")],
			},
		},
	});
};

describe("model, instruction and message events", () => {
	it("PostModelSwitch fires on a model change with both models; its stdout reaches the next request", async () => {
		const sandbox = e2e.sandbox();
		twoModels(sandbox);
		const record = join(sandbox.root, "switch.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PostModelSwitch: [{ matcher: "fake-model-2", hooks: [recorder(record, "--stdout", "SWITCH-CTX")] }],
			},
		});
		const rpc = startPiRpc(sandbox);
		try {
			const from = rpc.records.length;
			rpc.send({ id: "m1", type: "set_model", provider: FAKE_PROVIDER, modelId: "fake-model-2" });
			await rpc.waitFor((r) => r.type === "response" && r.id === "m1", 30_000, from);
			const before = e2e.llm.requests.length;
			await rpc.prompt("after the switch");
			const [line] = readJsonLines(record);
			expect(field(line, "stdin")).toMatchObject({
				hook_event_name: "PostModelSwitch",
				from_model: FAKE_MODEL,
				to_model: "fake-model-2",
				source: "sdk",
			});
			const request = JSON.stringify(e2e.llm.requests.slice(before)[0]?.messages ?? []);
			expect(request).toContain("PostModelSwitch hook success: SWITCH-CTX");
		} finally {
			await rpc.close();
		}
	});

	it("PreModelSwitch hooks are listed as skipped: pi lets no extension refuse a model change", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", { hooks: { PreModelSwitch: [{ hooks: [sh("exit 2")] }] } });
		const result = await run(sandbox, "hi");
		expect(result.stderr).toContain("pi lets no extension refuse a model change");
	});

	it("InstructionsLoaded fires once per context file pi loaded, with Claude Code's fields, first", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeFile("project/AGENTS.md", "Be brief.\n");
		sandbox.writeFile("agent/AGENTS.md", "Global rules.\n");
		const record = join(sandbox.root, "events.jsonl");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				InstructionsLoaded: [{ matcher: "session_start", hooks: [recorder(record)] }],
				UserPromptSubmit: [{ hooks: [recorder(record)] }],
			},
		});
		await run(sandbox, "hi");
		const lines = readJsonLines(record).map((line) => field(line, "stdin"));
		expect(lines.map((stdin) => stdin.hook_event_name)).toEqual([
			"InstructionsLoaded",
			"InstructionsLoaded",
			"UserPromptSubmit",
		]);
		expect(lines[0]).toMatchObject({ file_path: join(sandbox.agentDir, "AGENTS.md"), memory_type: "User" });
		expect(lines[1]).toMatchObject({
			file_path: join(sandbox.projectDir, "AGENTS.md"),
			memory_type: "Project",
			load_reason: "session_start",
		});
		expect(Object.keys(lines[1] ?? {})).toEqual([
			"session_id",
			"transcript_path",
			"cwd",
			"hook_event_name",
			"file_path",
			"memory_type",
			"load_reason",
		]);
	});

	it("events that discard systemMessage do not show it; a failing MessageDisplay hook is only logged", async () => {
		const sandbox = e2e.sandbox();
		const say = (text: string) => sh(`echo '${JSON.stringify({ systemMessage: text })}'`);
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				MessageDisplay: [{ hooks: [say("DISPLAY-SAYS"), sh("echo display broke >&2; exit 1")] }],
				SessionEnd: [{ hooks: [say("END-SAYS")] }],
				UserPromptSubmit: [{ hooks: [say("PROMPT-SAYS")] }],
			} satisfies Hooks,
		});
		const result = await run(sandbox, "hello there");
		expect(result.code).toBe(0);
		// UserPromptSubmit shows its systemMessage; MessageDisplay and SessionEnd discard theirs (Claude Code).
		expect(result.stderr).toContain("UserPromptSubmit says: PROMPT-SAYS");
		expect(result.stderr).not.toContain("says: DISPLAY-SAYS");
		expect(result.stderr).not.toContain("says: END-SAYS");
		// The lint tells the user why it was not shown.
		expect(result.stderr).toContain('MessageDisplay discards "systemMessage"');
		expect(result.stderr).not.toContain("display broke");
		expect(sessionDecisions(sandbox).filter((record) => record.event === "MessageDisplay")).toEqual([]);
	});

	it("MessageDisplay fires once per assistant message with its text in print mode", async () => {
		const sandbox = e2e.sandbox();
		const record = join(sandbox.root, "display.jsonl");
		sandbox.writeJson("home/.claude/settings.json", { hooks: { MessageDisplay: [{ hooks: [recorder(record)] }] } });
		const result = await run(sandbox, "hello there");
		expect(result.code).toBe(0);
		const lines = readJsonLines(record).map((line) => field(line, "stdin"));
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatchObject({ hook_event_name: "MessageDisplay", index: 0, final: true });
		expect(String(lines[0]?.delta)).toContain("hello there");
		expect(typeof lines[0]?.message_id).toBe("string");
	});
});

describe("handler types per event", () => {
	// A PreToolUse prompt hook still runs next to them.
	it("prompt, agent and http hooks on events where Claude Code refuses them never run; pi says why", async () => {
		const sandbox = e2e.sandbox();
		const hits: string[] = [];
		const server = createServer((request, response) => {
			hits.push(request.url ?? "");
			response.end("{}");
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		try {
			const port = (server.address() as AddressInfo).port;
			sandbox.writeJson("home/.claude/settings.json", {
				hooks: {
					SessionStart: [{ hooks: [{ type: "http", url: `http://127.0.0.1:${port}/start` }] }],
					MessageDisplay: [{ hooks: [{ type: "prompt", prompt: "DISPLAY-JUDGE $ARGUMENTS" }] }],
					Notification: [{ hooks: [{ type: "agent", prompt: "NOTIFY-JUDGE $ARGUMENTS" }] }],
					PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "TOOL-JUDGE $ARGUMENTS" }] }],
				} satisfies Hooks,
			});
			const result = await run(sandbox, "bash: echo hi");
			expect(result.code).toBe(0);
			const file = join(sandbox.home, ".claude", "settings.json");
			expect(result.stderr).toContain(
				`MessageDisplay hook in ${file} (hooks.MessageDisplay[0].hooks[0]) is skipped: ` +
					'"prompt" hooks do not run on MessageDisplay: ' +
					'Claude Code accepts only "command", "http" and "mcp_tool" hooks there',
			);
			expect(result.stderr).toContain(
				`SessionStart hook in ${file} (hooks.SessionStart[0].hooks[0]) is skipped: ` +
					'"http" hooks do not run on SessionStart: ' +
					'Claude Code accepts only "command" and "mcp_tool" hooks there',
			);
			expect(result.stderr).toContain('"agent" hooks do not run on Notification');
			const asked = result.requests.map((request) => JSON.stringify(request.messages ?? []));
			expect(asked.some((text) => text.includes("TOOL-JUDGE"))).toBe(true);
			expect(asked.some((text) => text.includes("DISPLAY-JUDGE"))).toBe(false);
			expect(hits).toEqual([]);
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});
});

/** The tool results the model was sent in the last request, as text. */
const toolResults = (requests: readonly { messages?: unknown[] }[]): string[] =>
	(requests.at(-1)?.messages ?? [])
		.filter((m): m is { role: string; content: unknown } => (m as { role?: string }).role === "tool")
		.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));

describe("PreToolUse failures and rewrites that Claude Code refuses", () => {
	const guard = (sandbox: PiSandbox, handler: Record<string, unknown>) =>
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] },
		});

	it('onFailure "block": a crashing guard blocks the call in Claude Code\'s words; nothing runs', async () => {
		const sandbox = e2e.sandbox();
		const command = "echo 'guard crashed: config missing' >&2; exit 1";
		guard(sandbox, sh(command, { onFailure: "block" }));
		const result = await run(sandbox, "bash: touch ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolResults(result.requests)[0]).toBe(
			`PreToolUse:Bash hook error: [${command}]: failed; blocking because onFailure is "block"\n` +
				`guard crashed: config missing`,
		);
	});

	it('onFailure "block": a guard that times out blocks the call', async () => {
		const sandbox = e2e.sandbox();
		guard(sandbox, sh("sleep 30", { onFailure: "block", timeout: 1 }));
		const result = await run(sandbox, "bash: touch ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolResults(result.requests)[0]).toBe(
			'PreToolUse:Bash hook error: [sleep 30]: timed out; blocking because onFailure is "block"',
		);
	});

	it("without onFailure a crashing guard lets the call run, as in Claude Code", async () => {
		const sandbox = e2e.sandbox();
		guard(sandbox, sh("exit 1"));
		await run(sandbox, "bash: touch ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(true);
	});

	it("exit 2 blocks even when stdout holds JSON that fails validation; the model sees the stderr", async () => {
		const sandbox = e2e.sandbox();
		const command =
			`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe"}}'; ` +
			`echo 'stderr reason' >&2; exit 2`;
		guard(sandbox, sh(command));
		const result = await run(sandbox, "bash: touch ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolResults(result.requests)[0]).toBe(`PreToolUse:Bash hook error: [${command}]: stderr reason\n`);
	});

	it("an updatedInput failing the tool's schema rejects the call; the original never runs", async () => {
		const sandbox = e2e.sandbox();
		const output = {
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "allow",
				updatedInput: { timeout: 5000 },
			},
		};
		guard(sandbox, sh(`echo '${JSON.stringify(output)}'`));
		const result = await run(sandbox, "bash: touch ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolResults(result.requests)[0]).toBe(
			"PreToolUse hook for Bash returned updatedInput that failed schema validation: Bash failed due to " +
				"the following issue:\nThe required parameter `command` is missing\n" +
				"The tool input from the model was valid; the hook's rewrite of it was not.",
		);
	});
});

describe("context over 10,000 characters", () => {
	it("reaches the model capped, and the card says it was cut, with the original length", async () => {
		const sandbox = e2e.sandbox();
		const output = { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "y".repeat(25_000) } };
		const file = sandbox.writeFile("big.json", JSON.stringify(output));
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [sh(`cat ${JSON.stringify(file)}`)] }] },
		});
		const result = await run(sandbox, "bash: echo hi");
		const [toolText] = toolResults(result.requests);
		// The model, the card and the user's notice count the same characters: the hook's context.
		expect(toolText).toContain("hook output truncated: showing 10,000 of 25,000 characters]");
		expect(toolText?.length).toBeLessThan(12_000);
		const card = sessionDecisions(sandbox).find((record) => record.kind === "context");
		expect(card?.contextCut).toEqual({ shown: 10_000, original: 25_000 });
		expect(result.stderr).toContain("output is cut before the model sees it:");
		expect(result.stderr).toContain("the context is 25,000 characters: the model sees only the first 10,000");
		expect(result.stderr).not.toContain("output is ignored by Claude Code");
	});
});

describe("an interrupted tool call", () => {
	it("fires PostToolUseFailure with is_interrupt true when the user aborts mid-tool, and the hook runs", async () => {
		const sandbox = e2e.sandbox();
		const record = join(sandbox.root, "failure.jsonl");
		const context = {
			hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "INTERRUPT-CTX" },
		};
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PostToolUseFailure: [
					{ matcher: "Bash", hooks: [recorder(record), sh(`echo '${JSON.stringify(context)}'`)] },
				],
			},
		});
		const rpc = startPiRpc(sandbox);
		try {
			const from = rpc.records.length;
			rpc.send({ id: "p1", type: "prompt", message: "bash: sleep 30" });
			await rpc.waitFor((r) => r.type === "tool_execution_start", 30_000, from);
			rpc.send({ id: "a1", type: "abort" });
			await rpc.waitFor((r) => r.type === "agent_settled", 30_000, from);
			const [line] = readJsonLines(record);
			expect(field(line, "stdin")).toMatchObject({
				hook_event_name: "PostToolUseFailure",
				tool_name: "Bash",
				is_interrupt: true,
			});
			// The hooks' result reaches the session: their context is in the interrupted call's tool result.
			const results = sessionLines(sandbox).filter(
				(entry) => (entry.message as { role?: string } | undefined)?.role === "toolResult",
			);
			expect(JSON.stringify(results)).toContain("INTERRUPT-CTX");
		} finally {
			await rpc.close();
		}
	});
});

describe("continue: false", () => {
	it("in print mode no request follows the tool; pi keeps its aborted request as an empty message", async () => {
		const sandbox = e2e.sandbox();
		const stop = JSON.stringify({ continue: false, stopReason: "halted by hook" });
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [sh(`echo '${stop}'`)] }] },
		});
		const result = await run(sandbox, "bash: echo hi > ran.txt");
		expect(result.code).toBe(0);
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(true);
		expect(result.requests).toHaveLength(1);
		// What pi 1.6 leaves (docs/compatibility.md says why): the tool result, pi's aborted next request (empty,
		// never sent to a model), and the hook's stop as the last message.
		const tail = sessionLines(sandbox)
			.filter((line) => line.type === "message" || line.type === "custom_message")
			.slice(-3)
			.map((line) => {
				const message = (line.message ?? {}) as Record<string, unknown>;
				return line.type === "custom_message"
					? { custom: line.customType, content: line.content }
					: {
							role: message.role,
							stopReason: message.stopReason,
							content: message.role === "assistant" ? message.content : "…",
						};
			});
		expect(tail).toEqual([
			{ role: "toolResult", stopReason: undefined, content: "…" },
			{ role: "assistant", stopReason: "aborted", content: [] },
			{ custom: "pi-hook-manager/stopped", content: "PreToolUse:Bash hook stopped continuation: halted by hook" },
		]);
	});

	it("on Stop the agent settles and print mode shows the stopReason once, with the systemMessage", async () => {
		const sandbox = e2e.sandbox();
		const stop = JSON.stringify({
			continue: false,
			stopReason: "STOP-HOOK-REASON",
			systemMessage: "STOP-SYSMSG",
			decision: "block",
			reason: "keep going",
		});
		sandbox.writeJson("home/.claude/settings.json", { hooks: { Stop: [{ hooks: [sh(`echo '${stop}'`)] }] } });
		const result = await run(sandbox, "hi");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("echo: hi");
		// continue: false wins over the block: no further request.
		expect(result.requests).toHaveLength(1);
		expect(result.stderr.split("Stop hook stopped continuation: STOP-HOOK-REASON")).toHaveLength(2);
		expect(result.stderr).toContain("Stop says: STOP-SYSMSG");
	});

	it("the note that a hook stopped the agent is for the user: the model never sees it on the next turn", async () => {
		const sandbox = e2e.sandbox();
		const stop = JSON.stringify({ continue: false, stopReason: "halted by hook" });
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [sh(`echo '${stop}'`)] }] },
		});
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("bash: echo one");
			const before = e2e.llm.requests.length;
			await rpc.prompt("second prompt");
			const request = JSON.stringify(e2e.llm.requests.slice(before)[0]?.messages ?? []);
			expect(request).toContain("second prompt");
			expect(request).not.toContain("stopped continuation");
		} finally {
			await rpc.close();
		}
	});
});

describe("the user's ! commands (optional)", () => {
	const guarded = (sandbox: PiSandbox) =>
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [sh("echo 'not even you' >&2; exit 2")] }] },
		});
	const userBash = async (sandbox: PiSandbox, env: Record<string, string>) => {
		const rpc = startPiRpc(sandbox, [], env);
		try {
			const from = rpc.records.length;
			rpc.send({ id: "b1", type: "bash", command: "touch ran.txt" });
			return await rpc.waitFor((r) => r.type === "response" && r.id === "b1", 30_000, from);
		} finally {
			await rpc.close();
		}
	};

	it("go through PreToolUse Bash hooks with PI_HOOK_MANAGER_USER_BASH_HOOKS=1: a block stops it", async () => {
		const sandbox = e2e.sandbox();
		guarded(sandbox);
		const response = await userBash(sandbox, { PI_HOOK_MANAGER_USER_BASH_HOOKS: "1" });
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(JSON.stringify(response.data)).toContain("not even you");
	});

	it("a rewrite runs the rewritten command, and PostToolUse context follows the command's output", async () => {
		const sandbox = e2e.sandbox();
		const rewrite = {
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				updatedInput: { command: "touch rewritten.txt; echo done" },
			},
		};
		const context = { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "POST-CTX" } };
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: [sh(`echo '${JSON.stringify(rewrite)}'`)] }],
				PostToolUse: [{ matcher: "Bash", hooks: [sh(`echo '${JSON.stringify(context)}'`)] }],
			},
		});
		const response = await userBash(sandbox, { PI_HOOK_MANAGER_USER_BASH_HOOKS: "1" });
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(existsSync(join(sandbox.projectDir, "rewritten.txt"))).toBe(true);
		expect(JSON.stringify(response.data)).toContain("POST-CTX");
	});

	it("are not hooked by default, as in Claude Code", async () => {
		const sandbox = e2e.sandbox();
		guarded(sandbox);
		await userBash(sandbox, {});
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(true);
	});
});
