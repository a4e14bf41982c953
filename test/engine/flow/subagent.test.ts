/**
 * The SubagentStart and SubagentStop flows on a real engine with real hook processes: Claude Code's stdin (agent_id,
 * agent_type, agent_transcript_path, last_assistant_message, stop_hook_active), the matcher on agent_type, and the
 * notices that a block or context cannot reach a subagent the extension already finished or started.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SubagentMoment } from "../../../src/engine/channel/subagents.ts";
import { subagentFlow } from "../../../src/engine/flow/subagent.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { appendTo, flowEngine } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-subagent-"));

const stop: SubagentMoment = {
	kind: "stop",
	extension: "pi-subagents",
	agentId: "run-1",
	agentType: "scout",
	transcriptPath: "/s/child.jsonl",
	lastMessage: "done",
};

const noticesOf = (steps: readonly { do: string }[] | undefined): string[] =>
	(steps ?? []).flatMap((step) => ("notice" in step ? [(step as { notice: { text: string } }).notice.text] : []));

describe("subagentFlow", () => {
	it("sends SubagentStop's stdin and runs only hooks whose matcher names the agent type", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const other = join(root, "other.jsonl");
		const { ports, moment } = flowEngine(
			{
				SubagentStop: [
					{ matcher: "scout", hooks: [appendTo(log)] },
					{ matcher: "reviewer", hooks: [appendTo(other)] },
				],
			},
			root,
		);
		await subagentFlow(ports, moment, stop);
		const [stdin] = readJsonLines(log);
		expect(stdin).toMatchObject({
			hook_event_name: "SubagentStop",
			agent_id: "run-1",
			agent_type: "scout",
			stop_hook_active: false,
			agent_transcript_path: "/s/child.jsonl",
			last_assistant_message: "done",
			background_tasks: [],
			session_crons: [],
		});
		expect(() => readJsonLines(other)).toThrow();
	});

	it("sends SubagentStart's stdin without permission_mode", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine({ SubagentStart: [{ hooks: [appendTo(log)] }] }, root);
		await subagentFlow(ports, moment, { ...stop, kind: "start", transcriptPath: "", lastMessage: "" });
		const [stdin] = readJsonLines(log);
		expect(stdin).toMatchObject({ hook_event_name: "SubagentStart", agent_id: "run-1", agent_type: "scout" });
		expect(stdin).not.toHaveProperty("permission_mode");
		expect(stdin).not.toHaveProperty("last_assistant_message");
	});

	it("says a block cannot keep the subagent going, and context cannot reach it", async () => {
		const root = dir();
		const block = { type: "command", command: "echo 'keep going' >&2; exit 2" };
		const context = {
			type: "command",
			command: `echo '{"hookSpecificOutput":{"hookEventName":"SubagentStop","additionalContext":"x"}}'`,
		};
		const { ports, moment } = flowEngine({ SubagentStop: [{ hooks: [block, context] }] }, root);
		const notices = noticesOf(await subagentFlow(ports, moment, stop));
		const why = "pi-subagents publishes the stop of its subagents and takes no answer";
		expect(notices).toEqual([
			`SubagentStop hooks cannot keep a subagent going: ${why}`,
			`SubagentStop additionalContext cannot reach the subagent: ${why}`,
		]);
	});

	it("is undefined at once without hooks of the event", () => {
		const { ports, moment } = flowEngine(
			{ SubagentStart: [{ hooks: [{ type: "command", command: "true" }] }] },
			dir(),
		);
		expect(subagentFlow(ports, moment, stop)).toBeUndefined();
	});
});
