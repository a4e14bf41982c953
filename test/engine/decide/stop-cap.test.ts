import { describe, expect, it } from "vitest";
import { stopBlockCap } from "../../../src/engine/decide/stop.ts";

describe("Stop block cap", () => {
	it("is CLAUDE_CODE_STOP_HOOK_BLOCK_CAP when it is a positive integer, else 8", () => {
		expect(stopBlockCap({})).toBe(8);
		expect(stopBlockCap({ CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "3" })).toBe(3);
		expect(stopBlockCap({ CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "0" })).toBe(8);
		expect(stopBlockCap({ CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2.5" })).toBe(8);
	});
});
