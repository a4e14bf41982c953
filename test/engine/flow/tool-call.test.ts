/**
 * The PreToolUse flow on a real engine with real hook processes: pi's call in, Claude Code's name, input and stdin
 * out; a no-match call answered at once, building nothing; deny, rewrite (replacing the whole input), ask with its
 * answer, failures as cards first, and MCP tools under their real names.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { preToolUse } from "../../../src/engine/flow/tool-call.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import { FLOW_CLOCK, flowEngine } from "../../support/flow-engine.ts";
import { answeringHooks, printsJson } from "../../support/hook-context.ts";
import { toolMoment } from "../../support/tool-moment.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-tool-call-"));

/** The ports of {@link flowEngine} with MCP names known for `names` (pi name -> real name). */
const withNames = (ports: ReturnType<typeof flowEngine>["ports"], names: Record<string, string> = {}) => {
	const asked: string[] = [];
	return {
		asked,
		ports: {
			...ports,
			mcpNames: {
				claudeName: (piName: string) => {
					asked.push(piName);
					return names[piName];
				},
			},
		},
	};
};

const bash = (command: string, extra: Record<string, unknown> = {}) => ({
	toolName: "bash",
	toolCallId: "call-1",
	input: { command, ...extra },
});

/** The kinds of the records in `steps`, in order. */
const cardKinds = (steps: readonly PlanStep[]): string[] =>
	steps.flatMap((step) => (step.do === "record" ? [step.record.kind] : []));

describe("preToolUse", () => {
	it("answers a call no hook matches at once, without a promise, reading nothing of pi and recording it", () => {
		const root = dir();
		const engine = flowEngine(
			{ PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "exit 2" }] }] },
			root,
		);
		const { ports, asked } = withNames(engine.ports);
		const moment = toolMoment(root);
		expect(preToolUse(ports, bash("ls"), moment)).toBeUndefined();
		expect(moment.reads).toEqual({ session: 0, signal: 0, hasUI: 0 });
		expect(asked).toEqual([]);
		expect(engine.records.map((record) => [record.event, record.matchQuery, record.summary])).toEqual([
			["PreToolUse", "Bash", "ls"],
		]);
		// The stdin of the log's row is built when read, in Claude Code's terms.
		expect(JSON.parse(engine.records[0]?.stdin ?? "{}")).toMatchObject({
			tool_name: "Bash",
			tool_use_id: "call-1",
		});
		expect(moment.reads.session).toBe(1);
	});

	it("builds a no-match row's stdin in Claude Code's terms: read's path as an absolute file_path", () => {
		const root = dir();
		const engine = flowEngine(
			{ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 2" }] }] },
			root,
		);
		const read = { toolName: "read", toolCallId: "call-2", input: { path: "notes.txt" } };
		expect(preToolUse(withNames(engine.ports).ports, read, toolMoment(root))).toBeUndefined();
		expect(JSON.parse(engine.records[0]?.stdin ?? "{}")).toMatchObject({
			tool_name: "Read",
			tool_input: { file_path: join(root, "notes.txt") },
		});
	});

	it("answers at once and records nothing when PreToolUse has no hooks", () => {
		const root = dir();
		const engine = flowEngine({ PostToolUse: [{ hooks: [{ type: "command", command: "true" }] }] }, root);
		expect(preToolUse(withNames(engine.ports).ports, bash("ls"), toolMoment(root))).toBeUndefined();
		expect(engine.records).toEqual([]);
	});

	it("gives the hook Claude Code's name, absolute input and call id; exit 2 blocks with the stderr", async () => {
		const root = dir();
		const log = join(root, "stdin.json");
		const { ports } = withNames(
			flowEngine(
				{
					PreToolUse: [
						{
							matcher: "Read",
							hooks: [{ type: "command", command: `cat > '${log}'; echo 'not that file' >&2; exit 2` }],
						},
					],
				},
				root,
			).ports,
		);
		const plan = await preToolUse(
			ports,
			{ toolName: "read", toolCallId: "r-7", input: { path: "src/a.ts" } },
			toolMoment(root),
		);
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			hook_event_name: "PreToolUse",
			tool_name: "Read",
			tool_input: { file_path: join(root, "src/a.ts") },
			tool_use_id: "r-7",
		});
		expect(plan?.outcome).toMatchObject({
			action: "block",
			reason: expect.stringMatching(/^PreToolUse:Read hook error: .*not that file/s),
		});
		expect(
			plan?.steps.flatMap((step) => (step.do === "record" ? [[step.record.kind, step.record.time]] : [])),
		).toEqual([["block", FLOW_CLOCK]]);
	});

	it("plans a rewrite that replaces the whole input: a key the hook left out is gone", async () => {
		const root = dir();
		const { ports } = withNames(
			flowEngine(
				answeringHooks("PreToolUse", "Bash", {
					hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { command: "echo safe" } },
				}),
				root,
			).ports,
		);
		const plan = await preToolUse(ports, bash("rm -rf x", { timeout: 30 }), toolMoment(root));
		expect(plan?.outcome).toEqual({ action: "proceed", input: { command: "echo safe" }, context: [] });
		expect(cardKinds(plan?.steps ?? [])).toEqual(["rewrite"]);
	});

	it("plans an ask as a confirm; the answer plans the block or the run, each recorded with the answer", async () => {
		const root = dir();
		const engine = flowEngine(
			answeringHooks("PreToolUse", "Bash", {
				hookSpecificOutput: {
					hookEventName: "PreToolUse",
					permissionDecision: "ask",
					permissionDecisionReason: "publish?",
				},
			}),
			root,
		);
		const plan = await preToolUse(withNames(engine.ports).ports, bash("git push"), toolMoment(root));
		expect(plan?.outcome).toMatchObject({ action: "confirm", message: "git push\n\npublish?" });
		// The call's firing record (the log's row) learns the answer: none yet, then the last one given.
		expect(engine.records.map((record) => record.answer)).toEqual([undefined]);
		const no = plan?.answer(false);
		expect(engine.records.map((record) => record.answer)).toEqual(["denied"]);
		expect(no?.outcome.action).toBe("block");
		expect(no?.steps.map((step) => (step.do === "record" ? step.record.answer : undefined))).toEqual(["denied"]);
		const yes = plan?.answer(true);
		expect(yes?.outcome).toEqual({ action: "proceed", input: undefined, context: [] });
		expect(yes?.steps.map((step) => (step.do === "record" ? step.record.answer : undefined))).toEqual(["allowed"]);
	});

	it("blocks an ask nobody can answer (no UI) and says why", async () => {
		const root = dir();
		const { ports, records } = flowEngine(
			answeringHooks("PreToolUse", "Bash", {
				hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" },
			}),
			root,
		);
		const moment = toolMoment(root, { hasUI: false });
		const plan = await preToolUse(withNames(ports).ports, bash("git push"), moment);
		expect(plan?.outcome).toMatchObject({ action: "block" });
		expect(records.map((record) => record.answer)).toEqual(["no_ui"]);
		expect(plan?.outcome.action === "block" && plan.outcome.reason).toContain("without a UI");
		expect(moment.reads.hasUI).toBe(1);
	});

	it("puts a failing hook's error card before the decision's steps, and the call runs", async () => {
		const root = dir();
		const { ports } = withNames(
			flowEngine(
				{
					PreToolUse: [
						{
							matcher: "Bash",
							hooks: [
								{ type: "command", command: "cat >/dev/null; exit 1" },
								{
									type: "command",
									command: printsJson({
										hookSpecificOutput: {
											hookEventName: "PreToolUse",
											additionalContext: "lint first",
										},
									}),
								},
							],
						},
					],
				},
				root,
			).ports,
		);
		const plan = await preToolUse(ports, bash("make"), toolMoment(root));
		expect(cardKinds(plan?.steps ?? [])).toEqual(["error", "context"]);
		expect(plan?.outcome.action === "proceed" && plan.outcome.context.join("")).toContain("lint first");
	});

	it("names an MCP tool by its real server and tool names for matchers and stdin", async () => {
		const root = dir();
		const log = join(root, "stdin.json");
		const { ports, asked } = withNames(
			flowEngine(
				{
					PreToolUse: [
						{ matcher: "mcp__my-srv__do-thing", hooks: [{ type: "command", command: `cat > '${log}'` }] },
					],
				},
				root,
			).ports,
			{ mcp__my_srv__do_thing: "mcp__my-srv__do-thing" },
		);
		const call = { toolName: "mcp__my_srv__do_thing", toolCallId: "m-1", input: { a: 1 } };
		const plan = await preToolUse(ports, call, toolMoment(root));
		expect(plan).toBeDefined();
		expect(asked).toEqual(["mcp__my_srv__do_thing"]);
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			tool_name: "mcp__my-srv__do-thing",
			tool_input: { a: 1 },
		});
	});

	it("stops the call's hooks on the moment's signal", async () => {
		const root = dir();
		const { ports } = withNames(
			flowEngine(
				{ PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sleep 120; exit 2" }] }] },
				root,
			).ports,
		);
		// Already fired: without it the hook would sleep past the test's 60 s timeout.
		const moment = toolMoment(root, { signal: AbortSignal.abort() });
		const plan = await preToolUse(ports, bash("ls"), moment);
		expect(plan?.outcome.action).toBe("proceed");
		expect(moment.reads.signal).toBe(1);
	});
});
