/**
 * End to end in the real pi binary: the hook events besides tool calls (prompt, session, stop, compaction,
 * batch), http hooks, and live settings edits, against the scripted fake model.
 */

import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonLines, useE2e } from "../support/e2e.ts";
import { type PiSandbox, PROJECT_ROOT, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const HOOKS = join(PROJECT_ROOT, "test", "fixtures", "hooks");
const e2e = useE2e();
let sandbox: PiSandbox;

type Hooks = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;
const setup = (hooks: Hooks, agentSettings: Record<string, unknown> = {}): PiSandbox => {
	sandbox = e2e.sandbox();
	sandbox.writeJson("home/.claude/settings.json", { hooks });
	if (Object.keys(agentSettings).length > 0) {
		const file = join(sandbox.agentDir, "settings.json");
		sandbox.writeJson("agent/settings.json", {
			...(JSON.parse(readFileSync(file, "utf8")) as object),
			...agentSettings,
		});
	}
	return sandbox;
};
const node = (script: string, ...args: string[]) => ({
	type: "command",
	command: ["node", JSON.stringify(join(HOOKS, script)), ...args].join(" "),
});
const sh = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });
const run = async (prompt: string) => {
	const before = e2e.llm.requests.length;
	const result = await runPiPrint(sandbox, piPrintArgs(prompt));
	return { ...result, requests: e2e.llm.requests.slice(before) };
};
/** Every text the model was sent in a request, joined. */
const allText = (request: { messages?: unknown[] } | undefined): string => JSON.stringify(request?.messages ?? []);
const lines = readJsonLines;

describe("Stop", () => {
	it("a gate that blocks once gives exactly one more turn, with stop_hook_active true the second time", async () => {
		const record = join("/tmp", `stop-${process.pid}-${Date.now()}.jsonl`);
		setup({ Stop: [{ hooks: [node("stop-gate.mjs", record, "once")] }] });
		const result = await run("hi");
		expect(result.requests).toHaveLength(2);
		expect(allText(result.requests[1])).toContain("Stop hook feedback:\\nrun the tests before you stop");
		const calls = lines(record);
		expect(calls.map((call) => call.stop_hook_active)).toEqual([false, true]);
		expect(calls[0]?.last_assistant_message).toBe("echo: hi");
		expect(calls[0]).toMatchObject({ hook_event_name: "Stop", background_tasks: [], session_crons: [] });
	});

	it("a hook that always blocks is stopped by the cap of 8, and the user is told", async () => {
		const record = join("/tmp", `stop-always-${process.pid}-${Date.now()}.jsonl`);
		setup({ Stop: [{ hooks: [node("stop-gate.mjs", record, "always")] }] });
		const result = await run("hi");
		expect(result.requests).toHaveLength(9);
		expect(result.stderr).toContain("Stop hooks blocked 8 times in a row");
		expect(lines(record)).toHaveLength(9);
	});
});

describe("UserPromptSubmit", () => {
	it("a block means no model request at all, and the user sees the reason", async () => {
		setup({ UserPromptSubmit: [{ hooks: [sh("echo 'prompt blocked by hook' >&2; exit 2")] }] });
		const result = await run("do the thing");
		expect(result.requests).toHaveLength(0);
		expect(result.stderr).toContain("UserPromptSubmit operation blocked by hook:");
		expect(result.stderr).toContain("prompt blocked by hook");
		expect(result.stderr).toContain("Original prompt: do the thing");
	});

	it("plain stdout and additionalContext reach the model with the prompt, and the hook got the prompt", async () => {
		setup({
			UserPromptSubmit: [
				{ hooks: [sh('cat > "$CLAUDE_PROJECT_DIR/ups.json"; echo CTX-UPS-PLAIN')] },
				{
					hooks: [
						sh(
							`echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit",` +
								`"additionalContext":"CTX-UPS-JSON"}}'`,
						),
					],
				},
			],
		});
		const result = await run("what now");
		expect(result.requests).toHaveLength(1);
		const text = allText(result.requests[0]);
		expect(text).toContain("UserPromptSubmit hook success: CTX-UPS-PLAIN");
		expect(text).toContain("UserPromptSubmit hook additional context: CTX-UPS-JSON");
		expect(JSON.parse(readFileSync(join(sandbox.projectDir, "ups.json"), "utf8"))).toMatchObject({
			hook_event_name: "UserPromptSubmit",
			prompt: "what now",
		});
	});
});

describe("SessionStart and SessionEnd", () => {
	it("SessionStart context is in the first request; a later bash call sees a CLAUDE_ENV_FILE export", async () => {
		setup({
			SessionStart: [
				{
					matcher: "startup|resume|clear|compact",
					hooks: [
						sh(
							`echo 'export ORACLE_FOO=from-session-start' >> "$CLAUDE_ENV_FILE"; ` +
								`echo '{"hookSpecificOutput":{"hookEventName":"SessionStart",` +
								`"additionalContext":"project marker CTX-7f3a"}}'`,
						),
					],
				},
			],
			PreToolUse: [
				{ matcher: "Bash", hooks: [sh(`printf %s "$ORACLE_FOO" > "$CLAUDE_PROJECT_DIR/hook-env.txt"`)] },
			],
		});
		const result = await run("bash: echo value=$ORACLE_FOO");
		expect(allText(result.requests[0])).toContain("SessionStart hook additional context: project marker CTX-7f3a");
		expect(allText(result.requests[1])).toContain("value=from-session-start");
		// As in Claude Code, hooks keep the environment pi started with.
		expect(readFileSync(join(sandbox.projectDir, "hook-env.txt"), "utf8")).toBe("");
	});

	it("quitting does not wait for a SessionEnd hook that sleeps 10 s: it is killed at the 1.5 s budget", async () => {
		setup({
			SessionEnd: [
				{
					hooks: [
						sh(
							`echo $$ > "$CLAUDE_PROJECT_DIR/end.pid"; cat > "$CLAUDE_PROJECT_DIR/end.json"; ` +
								`exec sleep 10`,
						),
					],
				},
			],
		});
		const result = await run("hi");
		expect(result.code).toBe(0);
		expect(JSON.parse(readFileSync(join(sandbox.projectDir, "end.json"), "utf8"))).toMatchObject({
			hook_event_name: "SessionEnd",
			reason: "other",
		});
		expect(result.stderr).toContain("timed out after 1.5 s");
		const pid = Number(readFileSync(join(sandbox.projectDir, "end.pid"), "utf8"));
		expect(existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z")).toBe(false);
	});
});

describe("compaction, batches and http hooks", () => {
	it("/compact is cancelled by a PreCompact hook that exits 2, and the user sees why", async () => {
		setup(
			{
				PreCompact: [
					{
						matcher: "manual",
						hooks: [sh(`cat > "$CLAUDE_PROJECT_DIR/pre.json"; echo 'keep my context' >&2; exit 2`)],
					},
				],
			},
			{ compaction: { keepRecentTokens: 0 } },
		);
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("first");
			await rpc.prompt("second");
			const from = rpc.records.length;
			rpc.send({ id: "c1", type: "compact", customInstructions: "be brief" });
			const response = await rpc.waitFor((r) => r.type === "response" && r.id === "c1", 30_000, from);
			expect(response.success).toBe(false);
			const notice = await rpc.waitFor(
				(r) =>
					r.type === "extension_ui_request" &&
					String(r.message).includes("PreCompact hook cancelled the compaction"),
				10_000,
				from,
			);
			expect(String(notice.message)).toContain("keep my context");
			expect(JSON.parse(readFileSync(join(sandbox.projectDir, "pre.json"), "utf8"))).toMatchObject({
				trigger: "manual",
				custom_instructions: "be brief",
			});
		} finally {
			await rpc.close();
		}
	});

	it("PostToolBatch fires once per batch with every call, before the next model request", async () => {
		setup({
			PostToolBatch: [
				{ hooks: [sh(`cat >> "$CLAUDE_PROJECT_DIR/batch.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/batch.jsonl"`)] },
			],
		});
		await run("bash: echo a\nbash: echo b");
		const batches = lines(join(sandbox.projectDir, "batch.jsonl"));
		expect(batches).toHaveLength(1);
		const calls = batches[0]?.tool_calls as { tool_name: string; tool_input: unknown; tool_response: string }[];
		expect(calls.map((call) => [call.tool_name, call.tool_input, call.tool_response.trim()])).toEqual([
			["Bash", { command: "echo a" }, "a"],
			["Bash", { command: "echo b" }, "b"],
		]);
	});

	it("a PostToolBatch block stops the agent before its next model request, and the user sees why", async () => {
		setup({ PostToolBatch: [{ hooks: [sh("echo 'batch says stop' >&2; exit 2")] }] });
		const result = await run("bash: echo a\nbash: echo b");
		expect(result.requests).toHaveLength(1);
		expect(result.stderr).toContain(
			"PostToolBatch hook stopped the agent: [echo 'batch says stop' >&2; exit 2]: batch says stop",
		);
		expect(result.stderr.split("PostToolBatch hook")).toHaveLength(2); // told once
		// The run ends cleanly, as when a hook's continue: false stops it.
		expect(result.code).toBe(0);
		expect(result.stderr).not.toContain("aborted");
	});

	it("an http hook on loopback gets the JSON by POST and its deny blocks the call", async () => {
		const bodies: unknown[] = [];
		const server: Server = createServer((request, response) => {
			let body = "";
			request.on("data", (chunk) => (body += chunk));
			request.on("end", () => {
				bodies.push({ body: JSON.parse(body), auth: request.headers.authorization });
				response.setHeader("content-type", "application/json");
				response.end(
					JSON.stringify({
						hookSpecificOutput: {
							hookEventName: "PreToolUse",
							permissionDecision: "deny",
							permissionDecisionReason: "denied over http",
						},
					}),
				);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		try {
			const port = (server.address() as { port: number }).port;
			setup({
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{
								type: "http",
								url: `http://127.0.0.1:${port}/hook`,
								headers: { Authorization: "Bearer $HOOK_TOKEN $SECRET" },
								allowedEnvVars: ["HOOK_TOKEN"],
							},
						],
					},
				],
			});
			const before = e2e.llm.requests.length;
			const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi > ran.txt"), {
				env: { HOOK_TOKEN: "t0k", SECRET: "nope" },
			});
			expect(result.code).toBe(0);
			expect(existsSync(join(sandbox.projectDir, "ran.txt"))).toBe(false);
			expect(allText(e2e.llm.requests.at(-1))).toContain("denied over http");
			expect(e2e.llm.requests.length - before).toBe(2);
			expect(bodies).toEqual([
				{
					body: expect.objectContaining({ hook_event_name: "PreToolUse", tool_name: "Bash" }),
					auth: "Bearer t0k",
				},
			]);
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});
});

describe("live configuration", () => {
	it("an edit mid-session applies to the next prompt; a broken one keeps the last good hooks, says why", async () => {
		setup({});
		const rpc = startPiRpc(sandbox);
		const settings = join("home", ".claude", "settings.json");
		try {
			await rpc.prompt("bash: echo first > first.txt");
			expect(existsSync(join(sandbox.projectDir, "first.txt"))).toBe(true);
			sandbox.writeJson(settings, {
				hooks: { PreToolUse: [{ matcher: "Bash", hooks: [sh("echo 'guard added mid-session' >&2; exit 2")] }] },
			});
			await rpc.prompt("bash: echo second > second.txt");
			expect(existsSync(join(sandbox.projectDir, "second.txt"))).toBe(false);
			sandbox.writeFile(settings, '{"hooks": {');
			const from = rpc.records.length;
			await rpc.prompt("bash: echo third > third.txt");
			expect(existsSync(join(sandbox.projectDir, "third.txt"))).toBe(false);
			const notice = await rpc.waitFor(
				(r) => r.type === "extension_ui_request" && String(r.message).includes("keeping the 1 hook(s)"),
				10_000,
				from,
			);
			expect(String(notice.message)).toContain("invalid JSON");
		} finally {
			await rpc.close();
		}
	});
});
