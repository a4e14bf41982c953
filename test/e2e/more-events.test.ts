/**
 * End to end in the real pi binary: prompt expansion, StopFailure, compaction hooks, notifications,
 * background (async) hooks, prompt hooks, unsupported handler types and JSON mode.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readJsonLines } from "../support/e2e.ts";
import { type ChatRequest, type FakeLlm, type FakeStep, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, EXTENSION_PATH, type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

let llm: FakeLlm | undefined;
let sandbox: PiSandbox | undefined;
afterEach(async () => {
	sandbox?.cleanup();
	await llm?.close();
	llm = undefined;
});

type Hooks = Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;
const start = async (hooks: Hooks, options: { script?: FakeStep[]; agentSettings?: Record<string, unknown> } = {}) => {
	llm = await startFakeLlm(options.script ? { script: options.script } : {});
	const box = createPiSandbox({ fakeUrl: llm.url });
	sandbox = box;
	box.writeJson("home/.claude/settings.json", { hooks });
	if (options.agentSettings) {
		const current = JSON.parse(readFileSync(join(box.agentDir, "settings.json"), "utf8")) as object;
		box.writeJson("agent/settings.json", { ...current, ...options.agentSettings });
	}
	return box;
};
const sh = (command: string, extra: Record<string, unknown> = {}) => ({ type: "command", command, ...extra });
/** A Notification group on idle_prompt whose hook writes its stdin to `name` in the project dir. */
const idleHookWriting = (name: string) => ({
	matcher: "idle_prompt",
	hooks: [sh(`cat > "$CLAUDE_PROJECT_DIR/${name}"`)],
});
const readJson = (box: PiSandbox, name: string) =>
	JSON.parse(readFileSync(join(box.projectDir, name), "utf8")) as Record<string, unknown>;
const lines = (box: PiSandbox, name: string) => readJsonLines(join(box.projectDir, name));
const requestText = (request: ChatRequest | undefined) => JSON.stringify(request?.messages ?? []);

describe("UserPromptExpansion", () => {
	it("fires for a prompt template with command_name and command_args, and its block stops the prompt", async () => {
		const box = await start({
			UserPromptExpansion: [
				{
					matcher: "review",
					hooks: [sh(`cat > "$CLAUDE_PROJECT_DIR/upe.json"; echo 'no reviews today' >&2; exit 2`)],
				},
			],
		});
		box.writeFile("agent/prompts/review.md", "Review the code in $1 carefully.\n");
		const result = await runPiPrint(box, piPrintArgs("/review src/app.ts"));
		expect(llm?.requests).toHaveLength(0);
		expect(readJson(box, "upe.json")).toMatchObject({
			hook_event_name: "UserPromptExpansion",
			expansion_type: "slash_command",
			command_name: "review",
			command_args: "src/app.ts",
			command_source: "prompt",
		});
		expect(result.stderr).toContain("UserPromptExpansion operation blocked by hook:");
		expect(result.stderr).toContain("no reviews today");
	});
});

describe("StopFailure", () => {
	it("fires instead of Stop when the run ends in a provider error", async () => {
		const box = await start(
			{
				Stop: [{ hooks: [sh(`echo stop >> "$CLAUDE_PROJECT_DIR/stop.txt"`)] }],
				StopFailure: [{ hooks: [sh(`cat > "$CLAUDE_PROJECT_DIR/failure.json"`)] }],
			},
			{ script: [{ error: "rate limit exceeded", status: 429 }] },
		);
		await runPiPrint(box, piPrintArgs("hi"));
		expect(existsSync(join(box.projectDir, "stop.txt"))).toBe(false);
		expect(readJson(box, "failure.json")).toMatchObject({ hook_event_name: "StopFailure", error: "rate_limit" });
	});
});

describe("compaction", () => {
	it("/compact fires PreCompact, PostCompact with the summary, then SessionStart with source compact", async () => {
		const box = await start(
			{
				PreCompact: [
					{
						hooks: [
							sh(`cat >> "$CLAUDE_PROJECT_DIR/events.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/events.jsonl"`),
						],
					},
				],
				PostCompact: [
					{
						hooks: [
							sh(`cat >> "$CLAUDE_PROJECT_DIR/events.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/events.jsonl"`),
						],
					},
				],
				SessionStart: [
					{
						matcher: "compact",
						hooks: [
							sh(
								`cat >> "$CLAUDE_PROJECT_DIR/events.jsonl"; echo >> ` +
									`"$CLAUDE_PROJECT_DIR/events.jsonl"; echo AFTER-COMPACT-CTX`,
							),
						],
					},
				],
			},
			{ agentSettings: { compaction: { keepRecentTokens: 0 } } },
		);
		const rpc = startPiRpc(box);
		try {
			await rpc.prompt("first");
			await rpc.prompt("second");
			const from = rpc.records.length;
			rpc.send({ id: "c1", type: "compact" });
			const response = await rpc.waitFor((r) => r.type === "response" && r.id === "c1", 30_000, from);
			expect(response.success).toBe(true);
			await rpc.prompt("third");
			const events = lines(box, "events.jsonl");
			expect(events.map((e) => [e.hook_event_name, e.trigger ?? e.source])).toEqual([
				["PreCompact", "manual"],
				["PostCompact", "manual"],
				["SessionStart", "compact"],
			]);
			expect(typeof events[1]?.compact_summary).toBe("string");
			expect(requestText(llm?.requests.at(-1))).toContain("SessionStart:compact hook success: AFTER-COMPACT-CTX");
		} finally {
			await rpc.close();
		}
	});
});

describe("Notification", () => {
	/** The Notification stdin lines the hook wrote so far; [] before the file exists. */
	const notes = (box: PiSandbox): Record<string, unknown>[] => {
		try {
			return lines(box, "notes.jsonl");
		} catch {
			return [];
		}
	};
	const askHooks = () => {
		const ask = JSON.stringify({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "ask",
				permissionDecisionReason: "sure?",
			},
		});
		return {
			PreToolUse: [{ matcher: "Bash", hooks: [sh(`echo '${ask}'`)] }],
			Notification: [
				{ hooks: [sh(`cat >> "$CLAUDE_PROJECT_DIR/notes.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/notes.jsonl"`)] },
			],
		};
	};

	it("permission_prompt fires when a hook's ask dialog stays unanswered (Claude Code: after 6 s)", async () => {
		const box = await start(askHooks());
		const rpc = startPiRpc(box, [], { PI_HOOK_MANAGER_PERMISSION_PROMPT_MS: "300" });
		try {
			const from = rpc.records.length;
			rpc.send({ id: "p1", type: "prompt", message: "bash: echo yes > ran.txt" });
			const dialog = await rpc.waitFor(
				(r) => r.type === "extension_ui_request" && r.method === "confirm",
				30_000,
				from,
			);
			// The dialog stays open until the notification has come.
			await expect
				.poll(() => notes(box)[0], { timeout: 10_000 })
				.toMatchObject({ hook_event_name: "Notification", notification_type: "permission_prompt" });
			expect(String(notes(box)[0]?.message)).toContain("Hook asks: allow Bash?");
			rpc.send({ type: "extension_ui_response", id: dialog.id, confirmed: true });
			await rpc.waitFor((r) => r.type === "agent_settled", 30_000, from);
			expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(true);
		} finally {
			await rpc.close();
		}
	});

	it("a dialog answered at once gives no permission_prompt; the idle_prompt after it still comes", async () => {
		const box = await start(askHooks());
		// The permission wait (300 ms from the dialog) ends long before the idle period (1.5 s after the run).
		const rpc = startPiRpc(box, [], {
			PI_HOOK_MANAGER_PERMISSION_PROMPT_MS: "300",
			PI_HOOK_MANAGER_IDLE_PROMPT_MS: "1500",
		});
		try {
			const from = rpc.records.length;
			rpc.send({ id: "p1", type: "prompt", message: "bash: echo yes > ran.txt" });
			const dialog = await rpc.waitFor(
				(r) => r.type === "extension_ui_request" && r.method === "confirm",
				30_000,
				from,
			);
			rpc.send({ type: "extension_ui_response", id: dialog.id, confirmed: true });
			await rpc.waitFor((r) => r.type === "agent_settled", 30_000, from);
			await expect
				.poll(() => notes(box).map((note) => note.notification_type), { timeout: 10_000 })
				.toContain("idle_prompt");
			expect(notes(box).map((note) => note.notification_type)).toEqual(["idle_prompt"]);
		} finally {
			await rpc.close();
		}
	}, 30_000);

	it("idle_prompt fires when the user has not typed for the idle period", async () => {
		const box = await start({
			Notification: [idleHookWriting("idle.json")],
		});
		const rpc = startPiRpc(box, [], { PI_HOOK_MANAGER_IDLE_PROMPT_MS: "500" });
		try {
			await rpc.prompt("hello");
			// The hook writes the file with `cat >`: wait until it holds the whole JSON, not just until it exists.
			const parsed = () => {
				try {
					return readJson(box, "idle.json");
				} catch {
					return undefined;
				}
			};
			await expect.poll(parsed, { timeout: 10_000 }).toMatchObject({ notification_type: "idle_prompt" });
		} finally {
			await rpc.close();
		}
	}, 30_000);
	it("idle_prompt reads the settings first: a removed hook stays silent, a changed one runs as it is", async () => {
		const box = await start({
			Notification: [idleHookWriting("old.json")],
		});
		// The idle period is long enough for the files to be rewritten after the run settles and before it ends.
		const rpc = startPiRpc(box, [], { PI_HOOK_MANAGER_IDLE_PROMPT_MS: "2500" });
		try {
			await rpc.prompt("hello");
			// pi checks the files once the run's last event is done: a round trip lets that check pass first, so
			// no pi event comes after these edits and only the idle timer can see them.
			const from = rpc.records.length;
			rpc.send({ id: "state", type: "get_state" });
			await rpc.waitFor((r) => r.type === "response" && r.id === "state", 10_000, from);
			box.writeJson("home/.claude/settings.json", { hooks: {} });
			const current = JSON.parse(readFileSync(join(box.agentDir, "settings.json"), "utf8")) as object;
			box.writeJson("agent/settings.json", {
				...current,
				hooks: { Notification: [idleHookWriting("new.json")] },
			});
			await expect.poll(() => existsSync(join(box.projectDir, "new.json")), { timeout: 15_000 }).toBe(true);
			expect(existsSync(join(box.projectDir, "old.json"))).toBe(false);
		} finally {
			await rpc.close();
		}
	}, 40_000);
});

describe("handler types", () => {
	it("an async hook does not hold up the call; its additionalContext arrives on the next turn", async () => {
		const context = JSON.stringify({
			hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ASYNC-CTX-42" },
		});
		const box = await start({
			PostToolUse: [{ matcher: "Bash", hooks: [sh(`sleep 0.3; echo '${context}'`, { async: true })] }],
		});
		const rpc = startPiRpc(box);
		try {
			await rpc.prompt("bash: echo one");
			await new Promise((resolve) => setTimeout(resolve, 600)); // let the background hook finish
			await rpc.prompt("next question");
			expect(requestText(llm?.requests.at(-1))).toContain(
				"PostToolUse:Bash hook additional context: ASYNC-CTX-42",
			);
		} finally {
			await rpc.close();
		}
	});

	it("an async SessionStart project hook approved by the one-run opt-in runs once, not again as late", async () => {
		const box = await start({});
		box.writeJson("project/.claude/settings.json", {
			hooks: {
				SessionStart: [{ hooks: [sh('echo started >> "$CLAUDE_PROJECT_DIR/starts.log"', { async: true })] }],
			},
		});
		// The tool call's second gives a second start of the hook (the late-approval path) time to show.
		const result = await runPiPrint(box, piPrintArgs("bash: sleep 1"), {
			env: { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" },
		});
		expect(result.code, result.stderr).toBe(0);
		expect(readFileSync(join(box.projectDir, "starts.log"), "utf8")).toBe("started\n");
	});

	it("a background hook still running when pi ends is killed with the session, and pi exits cleanly", async () => {
		const box = await start({
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [sh(`echo $$ > "$CLAUDE_PROJECT_DIR/async.pid"; exec sleep 5`, { async: true })],
				},
			],
			PostToolUse: [{ matcher: "Bash", hooks: [sh("sleep 2; echo '{}'", { asyncRewake: true })] }],
		});
		const result = await runPiPrint(box, piPrintArgs("bash: ls"));
		expect(result.code).toBe(0);
		expect(result.stderr).not.toContain("uncaughtException");
		const pid = Number(readFileSync(join(box.projectDir, "async.pid"), "utf8"));
		const alive = existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z");
		expect(alive).toBe(false);
	});

	it("an asyncRewake hook that exits 2 wakes the agent with its stderr after the run has settled", async () => {
		const box = await start({
			PostToolUse: [
				{
					matcher: "Bash",
					hooks: [sh("sleep 0.5; echo 'wake up: tests failed' >&2; exit 2", { asyncRewake: true })],
				},
			],
		});
		const rpc = startPiRpc(box);
		try {
			const from = rpc.records.length;
			await rpc.prompt("bash: echo one");
			const settled = rpc.records.findIndex((r, i) => i >= from && r.type === "agent_settled");
			await rpc.waitFor((r) => r.type === "agent_settled", 10_000, settled + 1);
			expect(requestText(llm?.requests.at(-1))).toContain("wake up: tests failed");
		} finally {
			await rpc.close();
		}
	});

	it("Stop does not fire after an aborted run", async () => {
		const box = await start({ Stop: [{ hooks: [sh(`echo stop >> "$CLAUDE_PROJECT_DIR/stop.txt"`)] }] });
		const rpc = startPiRpc(box);
		try {
			const from = rpc.records.length;
			rpc.send({ id: "p1", type: "prompt", message: "bash: sleep 20" });
			await rpc.waitFor((r) => r.type === "tool_execution_start", 10_000, from);
			rpc.send({ id: "a1", type: "abort" });
			await rpc.waitFor((r) => r.type === "agent_settled", 20_000, from);
			expect(existsSync(join(box.projectDir, "stop.txt"))).toBe(false);
			await rpc.prompt("hello again");
			expect(readFileSync(join(box.projectDir, "stop.txt"), "utf8")).toBe("stop\n");
		} finally {
			await rpc.close();
		}
	});

	it("a prompt hook asks the model and its ok:false denies the tool call", async () => {
		const judge = (body: ChatRequest) =>
			JSON.stringify(body.messages ?? []).includes("You are a hook in a coding agent")
				? { text: '{"ok": false, "reason": "the judge says no"}' }
				: undefined;
		const box = await start(
			{
				PreToolUse: [
					{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is this command safe? $ARGUMENTS" }] },
				],
			},
			{ script: Array.from({ length: 10 }, () => judge) },
		);
		const result = await runPiPrint(box, piPrintArgs("bash: echo hi > ran.txt"));
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(false);
		const hookRequest = llm?.requests.find((r) => requestText(r).includes("Is this command safe?"));
		expect(requestText(hookRequest)).toContain('\\"tool_name\\":\\"Bash\\"');
		expect(result.stdout).toContain("the judge says no");
	});

	it("mcp_tool hooks run (not listed as skipped); one naming a server pi has not is a hook error", async () => {
		const box = await start({
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "mcp_tool", server: "s", tool: "t" }] }],
		});
		const result = await runPiPrint(box, piPrintArgs("bash: echo hi > ran.txt"));
		expect(result.stderr).not.toContain("is skipped");
		expect(result.stderr).toContain('failed Bash · mcp_tool s/t · MCP server "s" is not connected');
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(true);
	});
});

describe("modes", () => {
	it("JSON mode runs the same hooks and reports the block on stderr", async () => {
		const box = await start({
			PreToolUse: [{ matcher: "Bash", hooks: [sh("echo 'json mode guard' >&2; exit 2")] }],
		});
		const json = await runPiPrint(box, ["--mode", "json", "-e", EXTENSION_PATH, "bash: echo hi > ran.txt"]);
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(false);
		expect(json.stdout).toContain("json mode guard");
		expect(json.stderr).toContain("PreToolUse:Bash hook blocked the call: PreToolUse:Bash hook error:");
	});
});
