/** What is said about hooks of the events other extensions fire: live and by whom, never, or on what it depends. */
import { describe, expect, it } from "vitest";
import { extensionEventNote } from "../../../src/engine/events/extension-events.ts";

describe("extensionEventNote", () => {
	it("names who fires the permission and subagent events in pi, and says when none does", () => {
		const live = { askers: ["permission-gate"], subagents: ["@tintinweb/pi-subagents"] };
		const none = { askers: [], subagents: [] };
		expect(extensionEventNote("PermissionRequest", live)).toEqual({
			live: true,
			text: "live: asked by permission-gate this session",
		});
		expect(extensionEventNote("SubagentStop", live)).toEqual({
			live: true,
			text: "live: fired by @tintinweb/pi-subagents",
		});
		expect(extensionEventNote("PermissionDenied", none)?.live).toBe(false);
		expect(extensionEventNote("SubagentStart", none)?.text).toBe(
			"never fires: no subagent extension is loaded (pi-subagents, @tintinweb/pi-subagents)",
		);
	});

	it("says on what firing depends without pi, and nothing for other events", () => {
		expect(extensionEventNote("SubagentStop")?.live).toBeUndefined();
		expect(extensionEventNote("Stop")).toBeUndefined();
		expect(extensionEventNote("PreToolUse", { askers: ["x"], subagents: [] })).toBeUndefined();
	});
});
