/** pi's compaction reasons as Claude Code's trigger. */
import { describe, expect, it } from "vitest";
import { compactTrigger } from "../../../src/pi/events/compact-hooks.ts";

describe("pi -> Claude Code event mappings", () => {
	it("compaction reasons map to manual and auto", () => {
		expect([compactTrigger("manual"), compactTrigger("threshold"), compactTrigger("overflow")]).toEqual([
			"manual",
			"auto",
			"auto",
		]);
	});
});
