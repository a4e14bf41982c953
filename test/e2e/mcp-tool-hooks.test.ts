/**
 * End to end in the real pi binary (print mode) with the tiny stdio MCP server connected through pi's `mcp.json`:
 * `mcp_tool` hooks call a tool of that server (its one connection, not a second copy) with `${path}` taken from
 * the hook input, and its text answer decides like a command hook's stdout; a server pi has not connected is a
 * non-blocking error. The helper tool that reaches the server never reaches the model.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonLines, sessionDecisions, sessionLines, useE2e } from "../support/e2e.ts";
import { type PiSandbox, PROJECT_ROOT, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { recorder } from "../support/recorder.ts";

const e2e = useE2e();
const SERVER = join(PROJECT_ROOT, "test", "fixtures", "mcp", "tiny-server.mjs");
/** The name of the tool through which the extension reaches MCP servers (src/pi/runners/mcp-tools.ts). */
const HELPER = "pi_hook_manager_mcp_bridge";

type Hooks = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;

/**
 * A sandbox with the tiny server connected as `my-srv` (its calls logged) and `hooks` (or what `hooks` makes of the
 * sandbox) in the user's Claude file.
 */
const setup = (hooks: Hooks | ((sandbox: PiSandbox) => Hooks)): { sandbox: PiSandbox; calls: string } => {
	const sandbox = e2e.sandbox();
	const calls = join(sandbox.root, "mcp-calls.jsonl");
	sandbox.writeJson("agent/mcp.json", {
		mcpServers: {
			"my-srv": { command: process.execPath, args: [SERVER], env: { TINY_MCP_LOG: calls }, exposure: "direct" },
		},
	});
	sandbox.writeJson("home/.claude/settings.json", { hooks: typeof hooks === "function" ? hooks(sandbox) : hooks });
	return { sandbox, calls };
};
/** An `mcp_tool` hook calling the tiny server's `do-thing`, which answers with its `text` argument. */
const doThing = (text: string, extra: Record<string, unknown> = {}) => ({
	type: "mcp_tool",
	server: "my-srv",
	tool: "do-thing",
	input: { text },
	...extra,
});

const run = async (sandbox: PiSandbox, prompt: string, extraArgs: readonly string[] = []) => {
	const before = e2e.llm.requests.length;
	const result = await runPiPrint(sandbox, [...extraArgs, ...piPrintArgs(prompt)]);
	return { ...result, requests: e2e.llm.requests.slice(before) };
};
/** The tool messages of the last request the model received, as text. */
const toolMessages = (requests: readonly { messages?: unknown[] }[]): string[] =>
	(requests.at(-1)?.messages ?? [])
		.filter((m): m is { role: string; content: unknown } => (m as { role?: string }).role === "tool")
		.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));

describe("mcp_tool hooks in the real pi", () => {
	it("a tool answering a deny JSON blocks the call: the command does not run, the model sees why", async () => {
		const deny = JSON.stringify({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "deny",
				permissionDecisionReason: "the MCP guard refuses: ${tool_input.command}",
			},
		});
		const { sandbox, calls } = setup((sandbox) => ({
			PreToolUse: [
				{ matcher: "Bash", hooks: [doThing(deny)] },
				// The hook's own call is no tool call of pi's: hooks on MCP tools do not see it.
				{ matcher: "mcp__.*", hooks: [recorder(join(sandbox.root, "mcp-pre.jsonl"))] },
			],
			PostToolUse: [{ matcher: "mcp__.*", hooks: [recorder(join(sandbox.root, "mcp-post.jsonl"))] }],
		}));
		const result = await run(sandbox, "bash: echo ran > ran.txt");
		expect(result.code).toBe(0);
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolMessages(result.requests)).toEqual(["the MCP guard refuses: echo ran > ran.txt"]);
		// One call, on the server pi connected, with the hook input substituted.
		const [call, ...more] = readJsonLines(calls);
		expect(more).toHaveLength(0);
		expect(call).toMatchObject({
			name: "do-thing",
			arguments: { text: expect.stringContaining("echo ran > ran.txt") },
		});
		expect(existsSync(join(sandbox.root, "mcp-pre.jsonl"))).toBe(false);
		expect(existsSync(join(sandbox.root, "mcp-post.jsonl"))).toBe(false);
		const [card] = sessionDecisions(sandbox);
		expect(card).toMatchObject({ kind: "block", event: "PreToolUse" });
		expect(card?.hooks).toMatchObject([{ command: "mcp_tool my-srv/do-thing" }]);
	});

	it("additionalContext from the tool reaches the model; the helper tool is never declared or recorded", async () => {
		const context = JSON.stringify({
			hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "MCP-CONTEXT for ${tool_name}" },
		});
		const { sandbox } = setup({ PreToolUse: [{ matcher: "Bash", hooks: [doThing(context)] }] });
		const result = await run(sandbox, "bash: echo hi");
		expect(result.code).toBe(0);
		expect(toolMessages(result.requests)[0]).toMatch(/^hi\n[\s\S]*MCP-CONTEXT for Bash/);
		// The model sees the MCP tool but never the helper: not in the tools, not in the system prompt.
		const [first] = result.requests;
		const tools = (first?.tools as { function?: { name?: string } }[] | undefined) ?? [];
		expect(tools.map((tool) => tool.function?.name)).toContain("mcp__my_srv__do_thing");
		expect(JSON.stringify(result.requests)).not.toContain(HELPER);
		// Nor does the hook's call show in the session: the only tool result is bash's.
		const results = sessionLines(sandbox)
			.map((line) => line.message as { role?: string; toolName?: string } | undefined)
			.filter((message) => message?.role === "toolResult");
		expect(results.map((message) => message?.toolName)).toEqual(["bash"]);
	});

	it("plain text from the tool on UserPromptSubmit is added as context, once the server is connected", async () => {
		const { sandbox, calls } = setup({ UserPromptSubmit: [{ hooks: [doThing("MCP-NOTE for ${prompt}")] }] });
		const rpc = startPiRpc(sandbox);
		try {
			// The first prompt waits for the server (pi waits for servers whose tools are declared).
			await rpc.prompt("first");
			const before = e2e.llm.requests.length;
			await rpc.prompt("second");
			const [request] = e2e.llm.requests.slice(before);
			expect(JSON.stringify(request?.messages)).toContain("MCP-NOTE for second");
			expect(readJsonLines(calls).map((call) => call.arguments)).toContainEqual({ text: "MCP-NOTE for second" });
		} finally {
			await rpc.close();
		}
	});

	it("a server pi has not connected is a non-blocking error with a clear message, and the call goes on", async () => {
		const { sandbox } = setup({
			PreToolUse: [
				{ matcher: "Bash", hooks: [{ type: "mcp_tool", server: "no-such-srv", tool: "check", input: {} }] },
			],
		});
		const result = await run(sandbox, "bash: echo still-ran");
		expect(result.code).toBe(0);
		expect(toolMessages(result.requests)).toEqual(["still-ran\n"]);
		const [card] = sessionDecisions(sandbox);
		expect(card).toMatchObject({ kind: "error", event: "PreToolUse" });
		expect(String(card?.reason)).toContain('MCP server "no-such-srv" is not connected');
		expect(result.stderr).not.toContain('"mcp_tool" hooks do not run');
	});

	it('onFailure "block": a guard whose server is stopped blocks the call; without it the call goes on', async () => {
		const { sandbox, calls } = setup({
			PreToolUse: [{ matcher: "Bash", hooks: [doThing("{}", { onFailure: "block" })] }],
		});
		// The server is configured but stopped (switched off in pi's mcp.json): pi never connects it.
		sandbox.writeJson("agent/mcp.json", {
			mcpServers: { "my-srv": { command: process.execPath, args: [SERVER], enabled: false } },
		});
		const blocked = await run(sandbox, "bash: echo ran > ran.txt");
		expect(blocked.code).toBe(0);
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		expect(toolMessages(blocked.requests)).toEqual([
			'PreToolUse:Bash hook error: [mcp_tool my-srv/do-thing]: failed; blocking because onFailure is "block"\n' +
				'MCP server "my-srv" is not connected',
		]);
		expect(sessionDecisions(sandbox)[0]).toMatchObject({ kind: "block", event: "PreToolUse" });
		expect(existsSync(calls)).toBe(false);
		// The same guard without onFailure fails open, as in Claude Code.
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [doThing("{}")] }] },
		});
		const open = await run(sandbox, "bash: echo ran > ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(true);
		expect(toolMessages(open.requests)).toEqual(["(no output)"]);
	});

	it('onFailure "block": a guard whose server died at start blocks the call when its wait times out', async () => {
		const { sandbox } = setup({
			PreToolUse: [{ matcher: "Bash", hooks: [doThing("{}", { onFailure: "block", timeout: 2 })] }],
		});
		sandbox.writeJson("agent/mcp.json", {
			mcpServers: { "my-srv": { command: process.execPath, args: ["-e", "process.exit(1)"] } },
		});
		const result = await run(sandbox, "bash: echo ran > ran.txt");
		expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
		// The hook waits for the server pi is meant to connect, up to its own timeout: the timeout is the failure.
		expect(toolMessages(result.requests)).toEqual([
			'PreToolUse:Bash hook error: [mcp_tool my-srv/do-thing]: timed out; blocking because onFailure is "block"',
		]);
	});

	it("a --tools list without the bridge tool leaves the hook without servers, and says so", async () => {
		const { sandbox, calls } = setup({ PreToolUse: [{ matcher: "Bash", hooks: [doThing("never")] }] });
		const result = await run(sandbox, "bash: echo still-ran", ["--tools", "bash"]);
		expect(toolMessages(result.requests)).toEqual(["still-ran\n"]);
		expect(result.stderr).toContain(`pi did not activate pi-hook-manager's ${HELPER} tool`);
		expect(existsSync(calls)).toBe(false);
		// Naming it in the list brings the servers back.
		const named = await run(sandbox, "bash: echo named", ["--tools", `bash,${HELPER}`]);
		expect(toolMessages(named.requests)).toEqual(["named\n"]);
		expect(readJsonLines(calls)).toHaveLength(1);
	});

	it("does not run on the SessionStart of pi's start, before MCP servers connect (as in Claude Code)", async () => {
		const { sandbox, calls } = setup({ SessionStart: [{ hooks: [doThing("MCP-START")] }] });
		const result = await run(sandbox, "say hi");
		expect(result.code).toBe(0);
		expect(existsSync(calls)).toBe(false);
		expect(result.stderr).not.toContain("my-srv");
		expect(JSON.stringify(result.requests)).not.toContain("MCP-START");
	});
});
