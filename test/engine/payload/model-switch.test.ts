/** PostModelSwitch stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { postModelSwitchPayload } from "../../../src/engine/payload/model-switch.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p");

describe("postModelSwitchPayload", () => {
	it.each([
		["faux-0", "faux-0"],
		[undefined, null],
	] as const)("from %j says from_model %j; requested is the model switched to", (from, said) => {
		const payload = postModelSwitchPayload(session, { from, to: "faux-1", source: "picker" });
		expect(Object.entries(payload).slice(-5)).toEqual([
			["hook_event_name", "PostModelSwitch"],
			["from_model", said],
			["to_model", "faux-1"],
			["requested_model", "faux-1"],
			["source", "picker"],
		]);
		expect(payload.permission_mode).toBe("default");
	});
});
