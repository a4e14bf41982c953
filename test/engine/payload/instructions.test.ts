/** InstructionsLoaded stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { instructionsLoadedPayload } from "../../../src/engine/payload/instructions.ts";
import { engineSession } from "../../support/engine-session.ts";

describe("instructionsLoadedPayload", () => {
	it("has the file, its memory type and the load reason, no permission_mode", () => {
		const loaded = { filePath: "/p/CLAUDE.md", memoryType: "Project", loadReason: "compact" };
		const payload = instructionsLoadedPayload(engineSession("/p"), loaded);
		expect(Object.entries(payload).slice(-4)).toEqual([
			["hook_event_name", "InstructionsLoaded"],
			["file_path", "/p/CLAUDE.md"],
			["memory_type", "Project"],
			["load_reason", "compact"],
		]);
		expect(payload).not.toHaveProperty("permission_mode");
	});
});
