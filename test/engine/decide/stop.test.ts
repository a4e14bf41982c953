/** decideBlockEvent: Stop, PostToolBatch and PreCompact decisions. */
import { describe, expect, it } from "vitest";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import { decideBlockEvent, stopFeedbackText } from "../../../src/engine/decide/stop.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { commandEntry, exited } from "../../support/entries.ts";

const verdicts = (event: HookEventName, ...outcomes: ProcessOutcome[]) =>
	outcomes.map((outcome, index) => interpretOutcome(commandEntry(`hook${index}.sh`, event), event, outcome));

describe("decideBlockEvent (Stop, PostToolBatch, PreCompact)", () => {
	it("a Stop block becomes the model's next instruction (Claude Code: the reason keeps the agent going)", () => {
		const block = decideBlockEvent(
			verdicts("Stop", exited(0, JSON.stringify({ decision: "block", reason: "stop reason: please continue" }))),
			"Stop",
		);
		expect(stopFeedbackText(block)).toBe("Stop hook feedback:\nstop reason: please continue");
		const exit2 = decideBlockEvent(verdicts("Stop", exited(2, "", "stop stderr: not finished yet\n")), "Stop");
		expect(stopFeedbackText(exit2)).toBe("Stop hook feedback:\n[hook0.sh]: stop stderr: not finished yet\n");
	});

	it("additionalContext on Stop continues without a block", () => {
		const json = JSON.stringify({
			hookSpecificOutput: { hookEventName: "Stop", additionalContext: "one more check" },
		});
		const decision = decideBlockEvent(verdicts("Stop", exited(0, json)), "Stop");
		expect(decision.blocked).toBe(false);
		expect(decision.context?.texts).toEqual(["one more check"]);
	});

	it("plain stdout and exit 1 never block", () => {
		expect(
			decideBlockEvent(verdicts("PreCompact", exited(0, "text"), exited(1, "", "oops")), "PreCompact").blocked,
		).toBe(false);
	});

	it("a block names the hooks that blocked, its context the hooks that added it; no block carries no reasons", () => {
		const context = JSON.stringify({ hookSpecificOutput: { hookEventName: "Stop", additionalContext: "check" } });
		const decision = decideBlockEvent(verdicts("Stop", exited(0, context), exited(2, "", "not yet\n")), "Stop");
		const commands = (by: readonly { entry: { handler: unknown } }[]) => by.map((verdict) => verdict.entry.handler);
		if (!decision.blocked) throw new Error("expected a block");
		expect(decision.reasons).toEqual(["[hook1.sh]: not yet\n"]);
		expect(commands(decision.by)).toMatchObject([{ command: "hook1.sh" }]);
		expect(commands(decision.context?.by ?? [])).toMatchObject([{ command: "hook0.sh" }]);
		const calm = decideBlockEvent(verdicts("Stop", exited(0)), "Stop");
		expect(calm).toMatchObject({ blocked: false, context: undefined, stop: undefined });
		expect("reasons" in calm).toBe(false);
	});
});
