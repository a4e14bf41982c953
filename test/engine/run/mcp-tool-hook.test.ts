import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/engine.ts";
import type { McpToolReply, McpToolSpec } from "../../../src/engine/ports.ts";
import { runHookHandler, UNAVAILABLE_RUNNERS } from "../../../src/engine/run/handler.ts";
import { mcpToolOutcome, mcpToolSpec, substituteMcpInput } from "../../../src/engine/run/mcp-tool-hook.ts";
import type { HookEntry } from "../../../src/engine/types.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { commandEntry } from "../../support/entries.ts";

const hookInput = {
	tool_name: "Write",
	tool_input: { file_path: "/p/a.ts", content: "x", lines: [3, 4], opts: { force: true } },
	tool_calls: [{ tool_name: "Bash" }],
};

describe("substituteMcpInput", () => {
	it.each([
		["${tool_input.file_path}", "/p/a.ts"],
		["scan ${tool_input.file_path} for ${tool_name}", "scan /p/a.ts for Write"],
		["${ tool_name }", "Write"],
		["${tool_calls.0.tool_name}", "Bash"],
		// Other JSON values are inserted as JSON; a path that leads nowhere as "".
		["${tool_input.lines}", "[3,4]"],
		["${tool_input.opts}", '{"force":true}'],
		["${tool_input.nope}", ""],
		["${tool_input.file_path.length}", ""],
		["no placeholders", "no placeholders"],
		["$tool_name and {tool_name}", "$tool_name and {tool_name}"],
	])("%j becomes %j", (template, expected) => {
		expect(substituteMcpInput(template, hookInput)).toBe(expected);
	});

	it("substitutes strings at any depth and keeps other values", () => {
		const template = { path: "${tool_input.file_path}", n: 3, on: true, none: null, list: ["${tool_name}", 1] };
		expect(substituteMcpInput(template, hookInput)).toEqual({
			path: "/p/a.ts",
			n: 3,
			on: true,
			none: null,
			list: ["Write", 1],
		});
	});

	it("does not read inherited properties", () => {
		expect(substituteMcpInput("${tool_input.constructor}", hookInput)).toBe("");
	});
});

describe("mcpToolSpec", () => {
	it("takes server, tool and the substituted input from the handler and the stdin JSON", () => {
		const raw = { type: "mcp_tool", server: "sem", tool: "scan", input: { path: "${tool_input.file_path}" } };
		expect(mcpToolSpec(raw, `${JSON.stringify(hookInput)}\n`, 5000)).toEqual({
			server: "sem",
			tool: "scan",
			input: { path: "/p/a.ts" },
			timeoutMs: 5000,
		});
	});

	it("calls with {} without input, and substitutes nothing from stdin that is not JSON", () => {
		expect(mcpToolSpec({ server: "s", tool: "t" }, "{}", 1).input).toEqual({});
		expect(mcpToolSpec({ server: "s", tool: "t", input: { a: "<${x}>" } }, "not json", 1).input).toEqual({
			a: "<>",
		});
	});
});

describe("mcpToolOutcome", () => {
	const spec: McpToolSpec = { server: "my-srv", tool: "do-thing", input: {}, timeoutMs: 7000 };
	/** A reply without its duration (each kind of the union on its own). */
	type Reply = McpToolReply extends infer R ? (R extends unknown ? Omit<R, "durationMs"> : never) : never;
	const at = (reply: Reply) => mcpToolOutcome(spec, { ...reply, durationMs: 12 } as McpToolReply, 64);

	it("a tool's text is stdout of exit 0, read like a command hook's", () => {
		expect(at({ kind: "answered", text: '{"decision":"block"}', isError: false })).toMatchObject({
			kind: "exited",
			code: 0,
			stdout: { text: '{"decision":"block"}', truncated: false },
			stderr: { text: "" },
			durationMs: 12,
		});
	});

	it("caps the text like command stdout, saying how much there was", () => {
		const outcome = at({ kind: "answered", text: "é".repeat(100), isError: false });
		if (outcome.kind !== "exited") throw new Error(outcome.kind);
		expect(outcome.stdout).toMatchObject({ bytes: 200, truncated: true });
		expect(outcome.stdout.text).toBe(
			`${"é".repeat(32)}\n[pi-hook-manager: output truncated: kept 64 of 200 bytes]`,
		);
	});

	it.each([
		[{ kind: "answered", text: " boom ", isError: true }, "MCP tool my-srv/do-thing returned an error: boom"],
		[{ kind: "answered", text: "", isError: true }, "MCP tool my-srv/do-thing returned an error"],
		[{ kind: "no_server" }, 'MCP server "my-srv" is not connected'],
		[{ kind: "no_tool" }, 'MCP server "my-srv" has no tool "do-thing"'],
		[
			{ kind: "failed", message: 'MCP server "my-srv" is still starting.' },
			'MCP tool my-srv/do-thing failed: MCP server "my-srv" is still starting.',
		],
	] as const)("%j is a non-blocking error: %s", (reply, message) => {
		expect(at(reply)).toEqual({ kind: "request_failed", message, durationMs: 12 });
	});

	it("names the bridge tool when pi never showed the tools", () => {
		const outcome = at({ kind: "no_bridge" });
		expect(outcome).toMatchObject({ kind: "request_failed" });
		expect(outcome.kind === "request_failed" && outcome.message).toContain("pi_hook_manager_mcp_bridge");
	});

	it("a timeout or Esc decides nothing", () => {
		expect(at({ kind: "timed_out" })).toMatchObject({ kind: "timed_out", timeoutMs: 7000 });
		expect(at({ kind: "aborted" })).toMatchObject({ kind: "aborted" });
	});
});

describe("runHookHandler for mcp_tool hooks", () => {
	const base = commandEntry("unused", "PreToolUse");
	const entry: HookEntry = {
		...base,
		handler: {
			type: "mcp_tool",
			raw: { type: "mcp_tool", server: "my-srv", tool: "do-thing", input: { text: "${tool_input.command}" } },
		},
	};
	const context = {
		event: "PreToolUse" as const,
		cwd: "/p",
		stdin: JSON.stringify({ tool_input: { command: "ls" } }),
		env: {},
		config: { entries: [], skipped: [], issues: [], disableAllHooks: false },
		signal: undefined,
	};
	const options = { maxOutputBytes: 1024, killGraceMs: 10 };
	const noProcess = async () => {
		throw new Error("no process for an mcp_tool hook");
	};

	it("calls the runner with the substituted input and the event's default timeout", async () => {
		const specs: McpToolSpec[] = [];
		const outcome = await runHookHandler(
			entry,
			context,
			{
				...UNAVAILABLE_RUNNERS,
				process: noProcess,
				mcpTool: async (spec) => {
					specs.push(spec);
					return { kind: "answered", text: "fine", isError: false, durationMs: 1 };
				},
			},
			options,
		);
		expect(specs).toEqual([
			{ server: "my-srv", tool: "do-thing", input: { text: "ls" }, timeoutMs: 600_000, project: true },
		]);
		expect(outcome).toMatchObject({ kind: "exited", code: 0, stdout: { text: "fine" } });
	});

	it("fails with a clear message where MCP tools are not available", async () => {
		const outcome = await runHookHandler(entry, context, { ...UNAVAILABLE_RUNNERS, process: noProcess }, options);
		expect(outcome).toEqual({
			kind: "request_failed",
			message: "mcp_tool hooks are not available here",
			durationMs: 0,
		});
	});
});

describe("mcp_tool hooks in the engine", () => {
	const config = mergeSources(
		[
			parseSettingsText(
				JSON.stringify({
					hooks: {
						SessionStart: [
							{
								hooks: [
									{
										type: "mcp_tool",
										server: "my-srv",
										tool: "do-thing",
										input: { text: "${source}" },
									},
								],
							},
						],
					},
				}),
				{ scope: "claude-user", file: "/u/settings.json", project: false },
			),
		],
		true,
	);
	const calls: McpToolSpec[] = [];
	const engine = createEngine(
		engineDeps({
			config: () => config,
			baseEnv: {},
			runners: {
				process: async () => {
					throw new Error("no process for an mcp_tool hook");
				},
				mcpTool: async (spec) => {
					calls.push(spec);
					return { kind: "answered", text: "context from MCP", isError: false, durationMs: 1 };
				},
			},
		}),
	);
	const start = (source: string, atLaunch: boolean) =>
		engine.dispatch({
			event: "SessionStart",
			matchValues: [source],
			payload: { hook_event_name: "SessionStart", source },
			...(atLaunch ? { atLaunch } : {}),
			session: {
				sessionId: "S",
				transcriptPath: "/t.jsonl",
				cwd: "/p",
				projectDir: "/p",
				promptId: undefined,
				home: "/h",
			},
		});

	it.each(["startup", "resume"])(
		"skips them on the SessionStart of pi's start (%s), before MCP servers connect (as Claude Code does)",
		async (source) => {
			calls.length = 0;
			const result = await start(source, true);
			expect(result.verdicts).toEqual([]);
			expect(result.record?.notRun.map((hook) => hook.reason)).toEqual(["mcp_at_launch"]);
			expect(calls).toEqual([]);
		},
	);

	it("runs them on a later SessionStart (/resume), with ${path} from the stdin", async () => {
		calls.length = 0;
		const result = await start("resume", false);
		expect(result.verdicts.map((verdict) => verdict.status)).toEqual(["success"]);
		expect(calls.map((spec) => spec.input)).toEqual([{ text: "resume" }]);
	});
});
