/**
 * The flow after pi's compaction on a real engine with real hook processes: PostCompact, SessionStart with source
 * `compact` and InstructionsLoaded with `load_reason: "compact"` run in Claude Code's order, SessionStart's context
 * is planned for the next prompt, the cards of all three are merged in order, and nothing is built without hooks.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompactedInput, compacted } from "../../../src/engine/flow/compacted.ts";
import { appendTo, flowEngine, jsonLinesOf } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-compacted-"));
const lines = jsonLinesOf;
const done: CompactedInput = {
	reason: "manual",
	summary: "We fixed it.",
	model: "faux-1",
	systemPrompt: '<project_instructions path="/w/p/AGENTS.md">\nrules\n</project_instructions>',
	agentDir: "/a/agent",
};

describe("compacted", () => {
	it("runs PostCompact, SessionStart compact and InstructionsLoaded compact in that order", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine(
			{
				InstructionsLoaded: [{ matcher: "compact", hooks: [appendTo(log)] }],
				SessionStart: [{ matcher: "compact", hooks: [appendTo(log)] }],
				PostCompact: [{ matcher: "manual", hooks: [appendTo(log)] }],
			},
			root,
		);
		const plan = await compacted(ports, moment, done);
		expect(lines(log)).toMatchObject([
			{ hook_event_name: "PostCompact", trigger: "manual", compact_summary: "We fixed it." },
			{ hook_event_name: "SessionStart", source: "compact", model: "faux-1" },
			{ hook_event_name: "InstructionsLoaded", file_path: "/w/p/AGENTS.md", load_reason: "compact" },
		]);
		expect(plan).toEqual({ steps: [], context: [] });
	});

	it("plans SessionStart's context and every event's cards, in the events' order", async () => {
		const context = `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"AFTER"}}'`;
		const { ports, moment } = flowEngine(
			{
				InstructionsLoaded: [{ hooks: [{ type: "command", command: "exit 1" }] }],
				SessionStart: [{ hooks: [{ type: "command", command: context }] }],
				PostCompact: [{ hooks: [{ type: "command", command: "exit 1" }] }],
			},
			dir(),
		);
		const plan = await compacted(ports, moment, done);
		expect(plan?.context.join("\n")).toContain("SessionStart hook additional context: AFTER");
		expect(
			plan?.steps.flatMap((step) => (step.do === "record" ? [[step.record.kind, step.record.event]] : [])),
		).toEqual([
			["error", "PostCompact"],
			["context", "SessionStart"],
			["error", "InstructionsLoaded"],
		]);
	});

	it("gives SessionStart's watchPaths as FileChanged's new watch list", async () => {
		const output = { hookSpecificOutput: { hookEventName: "SessionStart", watchPaths: ["/w/p/.envrc"] } };
		const { ports, moment } = flowEngine(
			{ SessionStart: [{ hooks: [{ type: "command", command: `printf '%s' '${JSON.stringify(output)}'` }] }] },
			dir(),
		);
		expect((await compacted(ports, moment, done))?.watchPaths).toEqual(["/w/p/.envrc"]);
	});

	it("answers at once, without a promise, when none of the three events has hooks", () => {
		const { ports, moment } = flowEngine(
			{ PreCompact: [{ hooks: [{ type: "command", command: "true" }] }] },
			dir(),
		);
		expect(compacted(ports, moment, done)).toBeUndefined();
	});
});
