/**
 * The PostModelSwitch flow on a real engine with real hook processes: pi's source and mode become Claude Code's
 * `source`, the hooks match the new model's id, plain stdout and `additionalContext` are the context to send, a
 * block decides nothing, and an event without hooks is answered at once.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { postModelSwitch } from "../../../src/engine/flow/model-switch.ts";
import type { PlanStep } from "../../../src/engine/plan/steps.ts";
import { flowEngine } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-model-"));

const cardKinds = (steps: readonly PlanStep[] | undefined): string[] =>
	(steps ?? []).flatMap((step) => (step.do === "record" ? [step.record.kind] : []));

/** Runs PostModelSwitch over one hook writing its stdin to a file; returns the stdin and the plan. */
const switchOnce = async (change: { from: string | undefined; source: string; mode: string }, matcher?: string) => {
	const root = dir();
	const log = join(root, "stdin.json");
	const { ports, moment } = flowEngine(
		{
			PostModelSwitch: [
				{ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command: `cat > '${log}'` }] },
			],
		},
		root,
	);
	const plan = await postModelSwitch(ports, moment, { ...change, to: "opus-9" });
	let stdin: unknown;
	try {
		stdin = JSON.parse(readFileSync(log, "utf8"));
	} catch {
		stdin = undefined;
	}
	return { stdin, plan };
};

describe("postModelSwitch", () => {
	it("gives the hook the old, new and requested model and the source", async () => {
		const { stdin, plan } = await switchOnce({ from: "haiku-1", source: "set", mode: "print" });
		expect(stdin).toMatchObject({
			hook_event_name: "PostModelSwitch",
			from_model: "haiku-1",
			to_model: "opus-9",
			requested_model: "opus-9",
			source: "sdk",
		});
		expect(plan).toEqual({ steps: [], context: [] });
	});

	it.each([
		["set", "tui", "picker"],
		["set", "rpc", "sdk"],
		["cycle", "print", "picker"],
		["restore", "tui", "resume"],
	])("calls pi's %s source in %s mode %s", async (source, mode, expected) => {
		const { stdin } = await switchOnce({ from: "haiku-1", source, mode });
		expect(stdin).toMatchObject({ source: expected });
	});

	it("sends from_model null when there was no model before", async () => {
		const { stdin } = await switchOnce({ from: undefined, source: "set", mode: "print" });
		expect(stdin).toMatchObject({ from_model: null, to_model: "opus-9" });
	});

	it("matches the hooks on the new model's id", async () => {
		expect((await switchOnce({ from: "opus-9", source: "set", mode: "print" }, "haiku-1")).stdin).toBeUndefined();
		expect(
			(await switchOnce({ from: "haiku-1", source: "set", mode: "print" }, "opus-9|other")).stdin,
		).toBeDefined();
	});

	it("plans plain stdout and additionalContext as context, in order, with one context card", async () => {
		const context = { hookSpecificOutput: { hookEventName: "PostModelSwitch", additionalContext: "FROM-JSON" } };
		const { ports, moment } = flowEngine(
			{
				PostModelSwitch: [
					{
						hooks: [
							{ type: "command", command: "echo PLAIN" },
							{ type: "command", command: `printf '%s' '${JSON.stringify(context)}'` },
						],
					},
				],
			},
			dir(),
		);
		const plan = await postModelSwitch(ports, moment, { from: "a", to: "b", source: "set", mode: "print" });
		expect(plan?.context).toEqual([expect.stringContaining("PLAIN"), expect.stringContaining("FROM-JSON")]);
		expect(cardKinds(plan?.steps)).toEqual(["context"]);
	});

	it("cannot block: exit 2 is one error card and a decision block no context", async () => {
		const { ports, moment } = flowEngine(
			{
				PostModelSwitch: [
					{
						hooks: [
							{ type: "command", command: "echo 'no switching' >&2; exit 2" },
							{ type: "command", command: `printf '%s' '{"decision": "block", "reason": "NOPE"}'` },
						],
					},
				],
			},
			dir(),
		);
		const plan = await postModelSwitch(ports, moment, { from: "a", to: "b", source: "set", mode: "print" });
		expect(plan?.context).toEqual([]);
		expect(cardKinds(plan?.steps)).toEqual(["error"]);
	});

	it("plans a failing hook (exit 1) as one error card", async () => {
		const { ports, moment } = flowEngine(
			{ PostModelSwitch: [{ hooks: [{ type: "command", command: "exit 1" }] }] },
			dir(),
		);
		const plan = await postModelSwitch(ports, moment, { from: "a", to: "b", source: "set", mode: "print" });
		expect(cardKinds(plan?.steps)).toEqual(["error"]);
	});

	it("answers at once, without a promise, when PostModelSwitch has no hooks", () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(postModelSwitch(ports, moment, { from: "a", to: "b", source: "set", mode: "tui" })).toBeUndefined();
	});
});
