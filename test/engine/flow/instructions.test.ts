/**
 * The InstructionsLoaded flow on a real engine with real hook processes: one run per context file of pi's system
 * prompt, in order, with Claude Code's memory type and load reason (matched on it); output and exit 2 are ignored,
 * a failing hook is a card; nothing runs, at once, without hooks or without files.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextFilePaths, instructionsLoaded } from "../../../src/engine/flow/instructions.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import { appendTo, flowEngine, jsonLinesOf } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-instructions-"));
const lines = jsonLinesOf;
const block = (path: string) => `<project_instructions path="${path}">\nrules\n</project_instructions>`;
const kinds = (steps: readonly PlanStep[] | undefined) =>
	(steps ?? []).flatMap((step) => (step.do === "record" ? [step.record.kind] : [step.do]));

describe("contextFilePaths", () => {
	it("lists the files of pi's project_instructions blocks in order, and nothing for other text", () => {
		const prompt = ["You are pi.", block("/h/.pi/agent/AGENTS.md"), block("/w/p/CLAUDE.md"), block("")].join("\n");
		expect(contextFilePaths(prompt)).toEqual(["/h/.pi/agent/AGENTS.md", "/w/p/CLAUDE.md"]);
		expect(contextFilePaths("")).toEqual([]);
		expect(contextFilePaths('<project_instructions path="unterminated>')).toEqual([]);
	});
});

describe("instructionsLoaded", () => {
	it("runs once per file, in order, with the memory type and load reason it matches on", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine(
			{
				InstructionsLoaded: [
					{ matcher: "compact", hooks: [appendTo(log)] },
					{ matcher: "session_start", hooks: [appendTo(`${log}.start`)] },
				],
			},
			root,
		);
		const prompt = [block("/a/agent/AGENTS.md"), block("/w/p/CLAUDE.md"), block("/w/p/CLAUDE.local.md")].join("\n");
		const steps = await instructionsLoaded(ports, moment, {
			systemPrompt: prompt,
			agentDir: "/a/agent",
			loadReason: "compact",
		});
		expect(lines(log).map((run) => [run.hook_event_name, run.file_path, run.memory_type, run.load_reason])).toEqual(
			[
				["InstructionsLoaded", "/a/agent/AGENTS.md", "User", "compact"],
				["InstructionsLoaded", "/w/p/CLAUDE.md", "Project", "compact"],
				["InstructionsLoaded", "/w/p/CLAUDE.local.md", "Local", "compact"],
			],
		);
		expect(() => readFileSync(`${log}.start`)).toThrow(/ENOENT/);
		expect(steps).toEqual([]);
	});

	it("ignores exit 2 and output, systemMessage included; a failing hook is one error card per file", async () => {
		const { ports, moment } = flowEngine(
			{
				InstructionsLoaded: [
					{
						hooks: [
							{ type: "command", command: "echo 'no' >&2; exit 2" },
							{ type: "command", command: "echo broke >&2; exit 1" },
							{ type: "command", command: `printf '%s' '{"systemMessage": "rules read"}'` },
						],
					},
				],
			},
			dir(),
		);
		const loaded = { systemPrompt: block("/w/p/AGENTS.md"), agentDir: "/a", loadReason: "session_start" };
		expect(kinds(await instructionsLoaded(ports, moment, loaded))).toEqual(["error"]);
	});

	it("answers at once without hooks and without files", () => {
		const loaded = { systemPrompt: block("/w/p/AGENTS.md"), agentDir: "/a", loadReason: "compact" };
		const none = flowEngine({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(instructionsLoaded(none.ports, none.moment, loaded)).toBeUndefined();
		const some = flowEngine({ InstructionsLoaded: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(instructionsLoaded(some.ports, some.moment, { ...loaded, systemPrompt: "no files" })).toBeUndefined();
	});
});
