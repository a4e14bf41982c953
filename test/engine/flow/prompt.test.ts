/**
 * The prompt flow on a real engine with real hook processes: a skill or template prompt is UserPromptExpansion
 * and then UserPromptSubmit, a block of the expansion skips UserPromptSubmit, the context of both goes with the
 * prompt, and a prompt that fires nothing (no hooks, an extension's prompt) is answered at once.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { promptInput } from "../../../src/engine/flow/prompt.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import { appendTo, flowEngine, jsonLinesOf } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-prompt-"));
const lines = jsonLinesOf;
const cards = (steps: readonly PlanStep[] | undefined) =>
	(steps ?? []).flatMap((step) => (step.do === "record" ? [[step.record.kind, step.record.event]] : []));
const typed = (text: string, templates: readonly string[] = []) => ({
	text,
	source: "interactive",
	templates: () => templates,
});

describe("promptInput", () => {
	it("runs a skill prompt's expansion (matched by name), then UserPromptSubmit; sends both", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine(
			{
				UserPromptExpansion: [
					{ matcher: "skill:deploy", hooks: [appendTo(log), { type: "command", command: "echo EXPANDED" }] },
				],
				UserPromptSubmit: [{ hooks: [appendTo(log), { type: "command", command: "echo SUBMITTED" }] }],
			},
			root,
		);
		const plan = await promptInput(ports, moment, typed("/skill:deploy to staging"));
		expect(lines(log)).toMatchObject([
			{
				hook_event_name: "UserPromptExpansion",
				expansion_type: "slash_command",
				command_name: "skill:deploy",
				command_args: "to staging",
				command_source: "skill",
				prompt: "/skill:deploy to staging",
			},
			{ hook_event_name: "UserPromptSubmit", prompt: "/skill:deploy to staging" },
		]);
		expect(plan?.blocked).toBe(false);
		expect(plan?.context.join("\n")).toMatch(/EXPANDED[\s\S]*SUBMITTED/);
		expect(cards(plan?.steps)).toEqual([
			["context", "UserPromptExpansion"],
			["context", "UserPromptSubmit"],
		]);
	});

	it("a template's command expands from a prompt; other slash text runs UserPromptSubmit only", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const { ports, moment } = flowEngine(
			{ UserPromptExpansion: [{ hooks: [appendTo(log)] }], UserPromptSubmit: [{ hooks: [appendTo(log)] }] },
			root,
		);
		await promptInput(ports, moment, typed("/unknown thing", ["review"]));
		await promptInput(ports, moment, typed("/review src/", ["review"]));
		expect(lines(log).map((stdin) => [stdin.hook_event_name, stdin.command_source])).toEqual([
			["UserPromptSubmit", undefined],
			["UserPromptExpansion", "prompt"],
			["UserPromptSubmit", undefined],
		]);
	});

	it("a blocked expansion keeps the prompt from the model and runs no UserPromptSubmit", async () => {
		const root = dir();
		const log = join(root, "stdin.jsonl");
		const block = { type: "command", command: `printf '%s' '{"decision": "block", "reason": "not now"}'` };
		const { ports, moment } = flowEngine(
			{ UserPromptExpansion: [{ hooks: [block] }], UserPromptSubmit: [{ hooks: [appendTo(log)] }] },
			root,
		);
		const plan = await promptInput(ports, moment, typed("/skill:deploy"));
		expect(plan).toMatchObject({ blocked: true, context: [] });
		expect(cards(plan?.steps)).toEqual([["prompt_blocked", "UserPromptExpansion"]]);
		expect(plan?.steps.some((step) => step.do === "notify" && step.notice.text.includes("not now"))).toBe(true);
		expect(() => readFileSync(log)).toThrow(/ENOENT/);
	});

	it("UserPromptSubmit's exit 2 blocks with its stderr; a context of the expansion is not sent then", async () => {
		const root = dir();
		const { ports, moment } = flowEngine(
			{
				UserPromptExpansion: [{ hooks: [{ type: "command", command: "echo EXPANDED" }] }],
				UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo 'no secrets' >&2; exit 2" }] }],
			},
			root,
		);
		const plan = await promptInput(ports, moment, typed("/skill:deploy hunter2"));
		expect(plan).toMatchObject({ blocked: true, context: [] });
		expect(cards(plan?.steps)).toEqual([
			["context", "UserPromptExpansion"],
			["prompt_blocked", "UserPromptSubmit"],
		]);
	});

	it("answers at once, without a promise or reading the templates, when nothing fires", () => {
		const root = dir();
		let read = 0;
		const templates = () => {
			read++;
			return ["review"];
		};
		const submitOnly = flowEngine({ UserPromptSubmit: [{ hooks: [{ type: "command", command: "true" }] }] }, root);
		expect(promptInput(submitOnly.ports, submitOnly.moment, { text: "hi", source: "extension", templates })).toBe(
			undefined,
		);
		const none = flowEngine({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }, root);
		expect(promptInput(none.ports, none.moment, { text: "/review", source: "rpc", templates })).toBeUndefined();
		expect(read).toBe(0);
	});
});
