/**
 * The compaction flows on a real engine with real hook processes: pi's reasons become Claude Code's triggers,
 * a PreCompact exit 2 plans a cancelled compaction with its card, PostCompact only reports, and an event without
 * hooks is answered at once.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { postCompact, preCompact } from "../../../src/engine/flow/compact.ts";
import { flowEngine } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-compact-"));

describe("preCompact", () => {
	it("gives a manual compaction's hook the trigger and instructions; exit 2 plans a cancel with a card", async () => {
		const root = dir();
		const log = join(root, "stdin.json");
		const { ports, moment, records } = flowEngine(
			{
				PreCompact: [
					{
						matcher: "manual",
						hooks: [{ type: "command", command: `cat > '${log}'; echo 'not now' >&2; exit 2` }],
					},
				],
			},
			root,
		);
		const plan = await preCompact(ports, moment, { reason: "manual", customInstructions: "keep the notes" });
		expect(plan?.cancel).toBe(true);
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			hook_event_name: "PreCompact",
			trigger: "manual",
			custom_instructions: "keep the notes",
		});
		const cards = plan?.steps.flatMap((step) => (step.do === "record" ? [step.record.kind] : []));
		expect(cards).toEqual(["compact_cancelled"]);
		expect(records).toHaveLength(1);
	});

	it("calls pi's threshold compaction auto: a manual-only hook does not run, nothing is cancelled", async () => {
		const root = dir();
		const { ports, moment } = flowEngine(
			{ PreCompact: [{ matcher: "manual", hooks: [{ type: "command", command: "exit 2" }] }] },
			root,
		);
		const plan = await preCompact(ports, moment, { reason: "threshold" });
		expect(plan).toEqual({ steps: [], cancel: false });
	});

	it("answers at once, without a promise, when PreCompact has no hooks", () => {
		const { ports, moment } = flowEngine(
			{ PostCompact: [{ hooks: [{ type: "command", command: "true" }] }] },
			dir(),
		);
		expect(preCompact(ports, moment, { reason: "manual" })).toBeUndefined();
	});
});

describe("postCompact", () => {
	it("gives the hook the trigger and pi's summary; a failing hook is one error card step", async () => {
		const root = dir();
		const log = join(root, "stdin.json");
		const { ports, moment } = flowEngine(
			{ PostCompact: [{ matcher: "auto", hooks: [{ type: "command", command: `cat > '${log}'; exit 1` }] }] },
			root,
		);
		const steps = await postCompact(ports, moment, { reason: "overflow", summary: "We fixed it." });
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			hook_event_name: "PostCompact",
			trigger: "auto",
			compact_summary: "We fixed it.",
		});
		expect(steps?.flatMap((step) => (step.do === "record" ? [step.record.kind] : []))).toEqual(["error"]);
	});
});
