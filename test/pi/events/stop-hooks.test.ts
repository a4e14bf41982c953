/**
 * Stop and StopFailure on pi's `agent_before_settle`, on a real engine with real hook processes: a completed run
 * is Stop (with the last assistant text), one that ended in a provider error StopFailure (matched on Claude
 * Code's error type), an interrupted one neither; a Stop block keeps the agent going with the feedback. PostToolBatch
 * on `turn_end` takes the calls from pi's message; its context goes hidden, its block to `onStop`.
 */
import { join } from "node:path";
import type { AgentBeforeSettleEvent, TurnEndEvent } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { CONTEXT_MESSAGE_TYPE } from "../../../src/pi/events/hook-context.ts";
import {
	handleBeforeSettle,
	handleTurnEnd,
	STOP_FEEDBACK_TYPE,
	type StopHookState,
} from "../../../src/pi/events/stop-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { type Hooks, printsJson, recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-stop-hooks-");

const settle = (outcome: "completed" | "error" | "aborted", assistant: Record<string, unknown>) =>
	({
		outcome,
		context: {
			contextMessages: [
				{ role: "user", content: "go" },
				{ role: "assistant", ...assistant },
			],
		},
		entries: [],
	}) as unknown as AgentBeforeSettleEvent;

const both = (log: string, failureMatcher = "*"): Hooks => ({
	Stop: [{ hooks: [recordStdinTo(log)] }],
	StopFailure: [{ matcher: failureMatcher, hooks: [recordStdinTo(log)] }],
});

describe("handleBeforeSettle", () => {
	it("runs Stop for a completed run with its last text, stop_hook_active after a block", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc } = await startHookContext(sdk, both(log));
		const state: StopHookState = { consecutiveBlocks: 1, cap: 3 };
		const content = [{ type: "text", text: "All done." }];
		expect(await handleBeforeSettle(settle("completed", { content }), hc, state)).toBeUndefined();
		expect(readJsonLines(log)).toMatchObject([
			{ hook_event_name: "Stop", stop_hook_active: true, last_assistant_message: "All done." },
		]);
		expect(state.consecutiveBlocks).toBe(0);
	});

	it("runs StopFailure, matched on the error type, for a run that ended in a provider error", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc } = await startHookContext(sdk, both(log, "rate_limit"));
		const state: StopHookState = { consecutiveBlocks: 2, cap: 3 };
		await handleBeforeSettle(settle("error", { content: [], errorMessage: "429 rate limit hit" }), hc, state);
		expect(readJsonLines(log)).toMatchObject([
			{ hook_event_name: "StopFailure", error: "rate_limit", error_details: "429 rate limit hit" },
		]);
		expect(state.consecutiveBlocks).toBe(0);
	});

	it("runs neither for a run the user interrupted", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc } = await startHookContext(sdk, both(log));
		const state: StopHookState = { consecutiveBlocks: 2, cap: 3 };
		await handleBeforeSettle(settle("aborted", { content: [] }), hc, state);
		expect(() => readJsonLines(log)).toThrow(/ENOENT/);
		expect(state.consecutiveBlocks).toBe(0);
	});

	it("a Stop hook's exit 2 keeps the agent going with its feedback, counted toward the cap", async () => {
		const blocking = { type: "command", command: "cat >/dev/null; echo 'run the tests' >&2; exit 2" };
		const { hc, records } = await startHookContext(sdk, { Stop: [{ hooks: [blocking] }] });
		const state: StopHookState = { consecutiveBlocks: 0, cap: 3 };
		const result = await handleBeforeSettle(settle("completed", { content: "Done." }), hc, state);
		expect(result).toMatchObject({
			continue: true,
			entries: [{ type: "custom_message", customType: STOP_FEEDBACK_TYPE, display: false }],
		});
		expect(JSON.stringify(result)).toContain("run the tests");
		expect(state.consecutiveBlocks).toBe(1);
		expect(records.map((record) => record.kind)).toEqual(["stop_continue"]);
	});
});

/** A `turn_end` whose assistant message called `read` on `notes.md` and got `hello`. */
const turnEnd = () =>
	({
		message: {
			role: "assistant",
			content: [
				{ type: "text", text: "Reading." },
				{ type: "toolCall", id: "c1", name: "read", arguments: { path: "notes.md" } },
			],
		},
		toolResults: [{ toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "hello" }] }],
		entries: [],
	}) as unknown as TurnEndEvent;

describe("handleTurnEnd", () => {
	it("gives PostToolBatch the turn's calls from pi's message and sends its context hidden", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const context = { hookSpecificOutput: { hookEventName: "PostToolBatch", additionalContext: "BATCH-CTX" } };
		const { hc } = await startHookContext(sdk, {
			PostToolBatch: [{ hooks: [recordStdinTo(log), { type: "command", command: printsJson(context) }] }],
		});
		let stopped: string | undefined;
		const result = await handleTurnEnd(turnEnd(), hc, (text) => {
			stopped = text;
		});
		expect(readJsonLines(log)).toMatchObject([
			{
				tool_calls: [
					{
						tool_name: "Read",
						tool_input: { file_path: join(hc.session.cwd, "notes.md") },
						tool_use_id: "c1",
						tool_response: "hello",
					},
				],
			},
		]);
		expect(result).toMatchObject({
			entries: [{ type: "custom_message", customType: CONTEXT_MESSAGE_TYPE, display: false }],
		});
		expect(JSON.stringify(result)).toContain("BATCH-CTX");
		expect(stopped).toBeUndefined();
	});

	it("a block hands the stop text to onStop, with a block card and no entries", async () => {
		const blockingBatch = { type: "command", command: "cat >/dev/null; echo 'too many edits' >&2; exit 2" };
		const { hc, records } = await startHookContext(sdk, { PostToolBatch: [{ hooks: [blockingBatch] }] });
		let stopped: string | undefined;
		const result = await handleTurnEnd(turnEnd(), hc, (text) => {
			stopped = text;
		});
		expect(result).toBeUndefined();
		expect(stopped).toMatch(/^PostToolBatch hook stopped the agent: .*too many edits/);
		expect(records.map((record) => record.kind)).toEqual(["block"]);
	});
});
