/**
 * The settle and batch flows on a real engine with real hook processes: a completed run is Stop (its last text,
 * `stop_hook_active` after a block, one more turn per block up to the cap), a provider error StopFailure matched on
 * Claude Code's error type (its exit 2 ignored), an interrupted run neither; a tool turn is one PostToolBatch with
 * every call in Claude Code's terms, whose block stops the agent.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { beforeSettle, postToolBatch, type SettleInput } from "../../../src/engine/flow/stop.ts";
import { appendTo, cardKinds, flowEngine, jsonLinesOf } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-stop-"));
const lines = jsonLinesOf;
const kinds = cardKinds;
const completed = (text: string, consecutiveBlocks = 0, cap = 3): SettleInput => ({
	outcome: "completed",
	lastAssistant: { content: [{ type: "text", text }] },
	consecutiveBlocks,
	cap,
});
const blocking = { type: "command", command: "cat >/dev/null; echo 'run the tests' >&2; exit 2" };

describe("beforeSettle", () => {
	it("runs Stop with the last text, stop_hook_active after a block; letting the agent stop restarts", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [appendTo(log)] }] }, root);
		const plan = await beforeSettle(ports, moment, completed("All done.", 1));
		expect(lines(log)).toMatchObject([
			{
				hook_event_name: "Stop",
				stop_hook_active: true,
				last_assistant_message: "All done.",
				background_tasks: [],
			},
		]);
		expect(plan).toEqual({ steps: [], consecutiveBlocks: 0, feedback: undefined });
		await beforeSettle(ports, moment, completed("Again."));
		expect(lines(log)[1]).toMatchObject({ stop_hook_active: false, last_assistant_message: "Again." });
	});

	it("a Stop exit 2 plans one more turn with its feedback and counts it; at the cap the agent stops", async () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [blocking] }] }, dir());
		const more = await beforeSettle(ports, moment, completed("Done.", 2, 3));
		expect(more?.consecutiveBlocks).toBe(3);
		expect(more?.feedback).toMatch(/^Stop hook feedback:\n.*: run the tests/);
		expect(kinds(more?.steps)).toEqual(["stop_continue"]);
		const capped = await beforeSettle(ports, moment, completed("Done.", 3, 3));
		expect(capped).toMatchObject({ consecutiveBlocks: 0, feedback: undefined });
		expect(kinds(capped?.steps)).toEqual(["stop_cap"]);
	});

	it("runs StopFailure, matched on the error type of the provider's text, and ignores its exit 2", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const failing = { type: "command", command: `cat >> '${log}'; echo >> '${log}'; echo no >&2; exit 2` };
		const { ports, moment } = flowEngine(
			{
				Stop: [{ hooks: [appendTo(log)] }],
				StopFailure: [
					{ matcher: "rate_limit", hooks: [failing] },
					{ matcher: "overloaded", hooks: [appendTo(log)] },
				],
			},
			root,
		);
		const plan = await beforeSettle(ports, moment, {
			outcome: "error",
			lastAssistant: { content: [], errorMessage: "429 rate limit hit" },
			consecutiveBlocks: 2,
			cap: 3,
		});
		expect(lines(log)).toMatchObject([
			{
				hook_event_name: "StopFailure",
				error: "rate_limit",
				error_details: "429 rate limit hit",
				last_assistant_message: "429 rate limit hit",
			},
		]);
		expect(lines(log)).toHaveLength(1);
		expect(plan).toMatchObject({ consecutiveBlocks: 0, feedback: undefined });
	});

	it("answers at once, without a promise, for an interrupted run and for an event without hooks", () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [blocking] }] }, dir());
		expect(beforeSettle(ports, moment, { ...completed("x", 2), outcome: "aborted" })).toBeUndefined();
		expect(beforeSettle(ports, moment, { ...completed("x"), outcome: "error" })).toBeUndefined();
	});
});

describe("postToolBatch", () => {
	it("gives the hook every call in Claude Code's terms: names, absolute paths, ids, the results' text", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine({ PostToolBatch: [{ hooks: [appendTo(log)] }] }, root);
		const plan = await postToolBatch(ports, moment, {
			results: [
				{ toolCallId: "c1", toolName: "read", content: [{ type: "text", text: "hello" }] },
				{ toolCallId: "c2", toolName: "mcp__my_srv__do_thing", content: [{ type: "text", text: "ok" }] },
			],
			calls: [
				{ id: "c2", arguments: { a: 1 } },
				{ id: "c1", arguments: { path: "notes.md" } },
			],
			claudeName: (name) => (name === "mcp__my_srv__do_thing" ? "mcp__my-srv__do-thing" : name),
		});
		expect(lines(log)).toMatchObject([
			{
				hook_event_name: "PostToolBatch",
				tool_calls: [
					{
						tool_name: "Read",
						tool_input: { file_path: join(root, "notes.md") },
						tool_use_id: "c1",
						tool_response: "hello",
					},
					{
						tool_name: "mcp__my-srv__do-thing",
						tool_input: { a: 1 },
						tool_use_id: "c2",
						tool_response: "ok",
					},
				],
			},
		]);
		expect(plan).toEqual({ steps: [], context: "", stop: undefined });
	});

	it("a block plans the stop with its reason and a block card; additionalContext is hidden context", async () => {
		const context = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolBatch","additionalContext":"CTX-B"}}'`;
		const { ports, moment } = flowEngine(
			{ PostToolBatch: [{ hooks: [{ type: "command", command: "echo 'too many edits' >&2; exit 2" }] }] },
			dir(),
		);
		const batch = {
			results: [{ toolCallId: "c1", toolName: "bash" }],
			calls: [],
			claudeName: (name: string) => name,
		};
		const plan = await postToolBatch(ports, moment, batch);
		expect(plan?.stop).toMatch(/^PostToolBatch hook stopped the agent: .*: too many edits/);
		expect(kinds(plan?.steps)).toEqual(["block"]);
		const said = flowEngine({ PostToolBatch: [{ hooks: [{ type: "command", command: context }] }] }, dir());
		const withContext = await postToolBatch(said.ports, said.moment, batch);
		expect(withContext?.context).toContain("CTX-B");
		expect(withContext?.stop).toBeUndefined();
	});

	it("answers at once, without a promise, for a turn without tool results or an event without hooks", () => {
		const { ports, moment } = flowEngine({ PostToolBatch: [{ hooks: [blocking] }] }, dir());
		expect(postToolBatch(ports, moment, { results: [], calls: [], claudeName: (name) => name })).toBeUndefined();
		const none = flowEngine({ Stop: [{ hooks: [blocking] }] }, dir());
		const batch = {
			results: [{ toolCallId: "c1", toolName: "bash" }],
			calls: [],
			claudeName: (name: string) => name,
		};
		expect(postToolBatch(none.ports, none.moment, batch)).toBeUndefined();
	});
});
