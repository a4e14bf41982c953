/** Outcomes of request hooks (http, prompt, agent): their answer as captured text, a stop as timeout or abort. */
import { describe, expect, it } from "vitest";
import { answeredOutcome, capturedText, stoppedOutcome } from "../../../src/engine/run/request-outcome.ts";

describe("request outcomes", () => {
	it("captures text whole, with its UTF-8 byte length", () => {
		expect(capturedText("é!")).toEqual({ text: "é!", bytes: 3, truncated: false });
	});

	it("a stop is a timeout when the hook's own timeout fired, else an abort", () => {
		expect(stoppedOutcome(true, 30_000, 12)).toMatchObject({
			kind: "timed_out",
			timeoutMs: 30_000,
			durationMs: 12,
		});
		expect(stoppedOutcome(false, 30_000, 5)).toMatchObject({ kind: "aborted", durationMs: 5 });
	});

	it("an answer is exit 0 with the hook JSON it stands for on the event", () => {
		const denied = answeredOutcome("PreToolUse", { ok: false, reason: "no" }, 7);
		expect(denied).toMatchObject({ kind: "exited", code: 0, durationMs: 7 });
		expect(denied.kind === "exited" ? JSON.parse(denied.stdout.text) : undefined).toEqual({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "deny",
				permissionDecisionReason: "no",
			},
		});
		expect(answeredOutcome("Stop", { ok: true, reason: "" }, 1)).toMatchObject({ stdout: { text: "{}" } });
	});
});
