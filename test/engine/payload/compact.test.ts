/** PreCompact and PostCompact stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { postCompactPayload, preCompactPayload } from "../../../src/engine/payload/compact.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p");

describe("compaction payloads", () => {
	it.each([
		["manual", "keep the API notes", "keep the API notes"],
		["manual", undefined, ""],
		["auto", "ignored", null],
	] as const)("PreCompact %s with instructions %j says custom_instructions %j", (trigger, given, said) => {
		const payload = preCompactPayload(session, { trigger, customInstructions: given });
		expect(Object.entries(payload).slice(-3)).toEqual([
			["hook_event_name", "PreCompact"],
			["trigger", trigger],
			["custom_instructions", said],
		]);
		expect(payload).not.toHaveProperty("permission_mode");
	});

	it("PostCompact has the trigger and the summary", () => {
		const payload = postCompactPayload(session, { trigger: "auto", summary: "We fixed the bug." });
		expect(Object.entries(payload).slice(-3)).toEqual([
			["hook_event_name", "PostCompact"],
			["trigger", "auto"],
			["compact_summary", "We fixed the bug."],
		]);
	});
});
