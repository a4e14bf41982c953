/** Outcomes of request hooks (http, prompt, agent): their answer as captured text, a stop as timeout or abort. */
import { describe, expect, it } from "vitest";
import { capturedText, stoppedOutcome } from "../../src/engine/request-outcome.ts";

describe("request outcomes", () => {
	it("captures text whole, with its UTF-8 byte length", () => {
		expect(capturedText("é!")).toEqual({ text: "é!", bytes: 3, truncated: false });
	});

	it("a stop is a timeout when the hook's own timeout fired, else an abort", () => {
		expect(stoppedOutcome(true, 30_000, 12)).toMatchObject({ kind: "timed_out", timeoutMs: 30_000, durationMs: 12 });
		expect(stoppedOutcome(false, 30_000, 5)).toMatchObject({ kind: "aborted", durationMs: 5 });
	});
});
