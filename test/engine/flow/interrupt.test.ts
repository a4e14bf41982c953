/**
 * The Interrupt flow on a real engine with real hook processes: pi's abort becomes Claude Code's Interrupt with
 * `via` from where it came, the matcher is tested against `reason`, the hooks' output decides nothing (only a
 * failure is a card), and an event without hooks is answered at once.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { interrupt } from "../../../src/engine/flow/interrupt.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { flowEngine } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-interrupt-"));

/** A hook that appends its stdin as one line to `log`. */
const recordTo = (log: string) => ({ type: "command", command: `cat >> '${log}'; echo >> '${log}'` });

describe("interrupt", () => {
	it("fires with source user, reason stop and via terminal or client; a matcher on the reason", async () => {
		const root = dir();
		const log = join(root, "runs.jsonl");
		const { ports, moment } = flowEngine(
			{
				Interrupt: [
					{ hooks: [recordTo(log)] },
					{ matcher: "rewind", hooks: [{ type: "command", command: `echo rewind >> '${log}.no'` }] },
				],
			},
			root,
		);
		await interrupt(ports, moment, "terminal");
		await interrupt(ports, moment, "client");
		expect(readJsonLines(log)).toEqual([
			expect.objectContaining({ hook_event_name: "Interrupt", source: "user", reason: "stop", via: "terminal" }),
			expect.objectContaining({ hook_event_name: "Interrupt", source: "user", reason: "stop", via: "client" }),
		]);
	});

	it("decides nothing on exit 2 or a JSON block (its output is ignored), plans a failing hook's card", async () => {
		const { ports, moment } = flowEngine(
			{
				Interrupt: [
					{
						hooks: [
							{ type: "command", command: "echo nope >&2; exit 2" },
							{ type: "command", command: "exit 3" },
							{ type: "command", command: `printf '%s' '{"continue": false, "systemMessage": "S"}'` },
						],
					},
				],
			},
			dir(),
		);
		const steps = await interrupt(ports, moment, "terminal");
		expect(steps?.map((step) => (step.do === "record" ? [step.record.kind, step.record.event] : step.do))).toEqual([
			["error", "Interrupt"],
		]);
	});

	it("answers at once, without a promise, when Interrupt has no hooks", () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }, dir());
		expect(interrupt(ports, moment, "client")).toBeUndefined();
	});
});
