/**
 * The tool hooks on their own in a real pi (pi's SDK in-process, the faux model, the real bash tool and real
 * hook processes), wired to a real engine without the rest of the extension: PreToolUse blocks a call or
 * rewrites its input, PostToolUse adds context to the result or replaces it, and each decision is recorded once.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/engine.ts";
import type { Card } from "../../../src/engine/plan/card.ts";
import {
	createToolHookState,
	handleToolCall,
	handleToolResult,
	type ToolHookState,
} from "../../../src/pi/events/tool-hooks.ts";
import { createMcpNames } from "../../../src/pi/runners/mcp-names.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { answeringHooks, type Hooks, printsJson } from "../../support/hook-context.ts";
import { type SdkRuntime, useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-tool-hooks-");
const CLOCK = 1_700_000_000_000;

interface Wired {
	readonly records: Card[];
	readonly state: ToolHookState;
}

/**
 * Starts pi with only the tool hooks, over a user settings file holding `hooks`; `seen` gets each call's input as
 * an extension loaded after this one sees it (pi runs an event's handlers in load order).
 */
const start = async (hooks: Hooks, seen?: Record<string, unknown>[]): Promise<{ pi: SdkRuntime } & Wired> => {
	const parsed = parseSettingsText(JSON.stringify({ hooks }), {
		scope: "claude-user",
		file: join(sdk.root, "home", ".claude", "settings.json"),
		project: false,
	});
	const config = mergeSources([parsed], true);
	const engine = createEngine(engineDeps({ config: () => config, baseEnv: { ...process.env } }));
	const wired: Wired = { records: [], state: createToolHookState() };
	const factory = (api: ExtensionAPI) => {
		const deps = {
			engine,
			state: wired.state,
			sessionOf: (ctx: { cwd: string }) => ({
				sessionId: "s-1",
				transcriptPath: "",
				cwd: ctx.cwd,
				projectDir: ctx.cwd,
				promptId: undefined,
				home: join(sdk.root, "home"),
			}),
			onCard: (record: Card) => wired.records.push(record),
			clock: () => CLOCK,
			mcpNames: createMcpNames(api),
		};
		api.on("tool_call", (event, ctx) => handleToolCall(event, ctx, deps));
		api.on("tool_result", (event, ctx) => handleToolResult(event, ctx, deps));
	};
	const after = (api: ExtensionAPI) => {
		api.on("tool_call", (event) => {
			seen?.push({ ...event.input });
		});
	};
	const pi = await sdk.start({ extensions: [factory, after] });
	return { pi, ...wired };
};

/** Has the faux model run `command` in bash once, then finish. */
const runBash = async (runtime: SdkRuntime, command: string): Promise<void> => {
	runtime.faux.setResponses([
		fauxAssistantMessage(fauxToolCall("bash", { command }), { stopReason: "toolUse" }),
		fauxAssistantMessage("done"),
	]);
	await runtime.session().prompt("run it");
};

/** The text the model was given as the tool's result. */
const toolResultText = (runtime: SdkRuntime): string => {
	const message = runtime
		.session()
		.messages.find((candidate) => (candidate as { role?: string }).role === "toolResult") as
		| { content: { type: string; text?: string }[] }
		| undefined;
	return (message?.content ?? []).map((part) => part.text ?? "").join("\n");
};

describe("PreToolUse on pi's tool_call", () => {
	it("blocks the call on exit 2 with the hook's stderr as the reason, and records one block", async () => {
		const marker = join(sdk.root, "ran.txt");
		const { pi, records } = await start({
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [{ type: "command", command: "cat >/dev/null; echo 'no writing here' >&2; exit 2" }],
				},
			],
		});
		await runBash(pi, `echo hi > '${marker}'`);
		expect(existsSync(marker)).toBe(false);
		expect(toolResultText(pi)).toContain("no writing here");
		expect(records).toHaveLength(1);
		expect(records[0]).toMatchObject({ kind: "block", tool: "Bash", time: CLOCK });
	});

	it("runs the call with the input a hook rewrote", async () => {
		const marker = join(sdk.root, "out.txt");
		const { pi, records } = await start(
			answeringHooks("PreToolUse", "Bash", {
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					permissionDecision: "allow",
					updatedInput: { command: `echo rewritten > '${marker}'` },
				},
			}),
		);
		await runBash(pi, `echo original > '${marker}'`);
		expect(readFileSync(marker, "utf8")).toBe("rewritten\n");
		expect(records.map((record) => record.kind)).toEqual(["rewrite"]);
	});

	it("replaces the whole input with the rewrite: a key the hook left out is gone", async () => {
		const marker = join(sdk.root, "two-keys.txt");
		const seen: Record<string, unknown>[] = [];
		const { pi } = await start(
			answeringHooks("PreToolUse", "Bash", {
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					updatedInput: { command: `echo rewritten > '${marker}'` },
				},
			}),
			seen,
		);
		pi.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("bash", { command: `echo original > '${marker}'`, timeout: 30 }), {
				stopReason: "toolUse",
			}),
			fauxAssistantMessage("done"),
		]);
		await pi.session().prompt("run it");
		expect(seen.map((input) => Object.keys(input))).toEqual([["command"]]);
		expect(seen[0]?.command).toContain("echo rewritten");
		expect(readFileSync(marker, "utf8")).toBe("rewritten\n");
	});

	it("leaves a call alone when no hook matches it, recording nothing", async () => {
		const marker = join(sdk.root, "free.txt");
		const { pi, records } = await start({
			PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "exit 2" }] }],
		});
		await runBash(pi, `echo free > '${marker}'`);
		expect(readFileSync(marker, "utf8")).toBe("free\n");
		expect(records).toEqual([]);
	});

	it("gives PreToolUse context to the model with the call's result", async () => {
		const { pi, state } = await start(
			answeringHooks("PreToolUse", "Bash", {
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					additionalContext: "remember the lint rule",
				},
			}),
		);
		await runBash(pi, "echo body");
		const text = toolResultText(pi);
		expect(text).toContain("body");
		expect(text).toContain("remember the lint rule");
		expect(state.pendingContext.size).toBe(0);
		expect(state.startedAt.size).toBe(0);
	});
});

describe("PostToolUse on pi's tool_result", () => {
	it("appends a hook's context after the tool's output", async () => {
		const stdin = join(sdk.root, "stdin.json");
		const { pi, records } = await start({
			PostToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{
							type: "command",
							command: `cat > '${stdin}'; ${printsJson({
								hookSpecificOutput: {
									hookEventName: "PostToolUse",
									additionalContext: "tests still pass",
								},
							})}`,
						},
					],
				},
			],
		});
		await runBash(pi, "echo the-output");
		const text = toolResultText(pi);
		expect(text.indexOf("the-output")).toBeGreaterThanOrEqual(0);
		expect(text.indexOf("tests still pass")).toBeGreaterThan(text.indexOf("the-output"));
		expect(records.map((record) => record.kind)).toEqual(["context"]);
		const payload = JSON.parse(readFileSync(stdin, "utf8"));
		expect(payload).toMatchObject({
			hook_event_name: "PostToolUse",
			tool_name: "Bash",
			tool_input: { command: "echo the-output" },
		});
		expect(typeof payload.duration_ms).toBe("number");
	});

	it("runs PostToolUseFailure hooks, not PostToolUse ones, for a failed call", async () => {
		const post = join(sdk.root, "post.txt");
		const failure = join(sdk.root, "failure.json");
		const { pi } = await start({
			PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `touch '${post}'` }] }],
			PostToolUseFailure: [{ matcher: "Bash", hooks: [{ type: "command", command: `cat > '${failure}'` }] }],
		});
		await runBash(pi, "echo failing >&2; exit 3");
		expect(existsSync(post)).toBe(false);
		expect(JSON.parse(readFileSync(failure, "utf8"))).toMatchObject({
			hook_event_name: "PostToolUseFailure",
			tool_name: "Bash",
		});
	});
});
