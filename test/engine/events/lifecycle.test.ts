/** The order of Claude Code events after pi's session start and after a compaction. */
import { describe, expect, it } from "vitest";
import {
	AFTER_COMPACTION,
	afterSessionStart,
	IDLE_PROMPT_MS,
	INTERRUPTED_HOOK_TIMEOUT_MS,
	PERMISSION_PROMPT_MS,
} from "../../../src/engine/events/lifecycle.ts";

describe("afterSessionStart", () => {
	it.each([
		["startup", false, "startup", true],
		["startup", true, "resume", true],
		["new", false, "clear", false],
		["resume", true, "resume", false],
		["fork", true, "fork", false],
	] as const)(
		"pi's %s (history %s) is SessionStart %s (at launch %s), then InstructionsLoaded",
		(reason, history, source, atLaunch) => {
			expect(afterSessionStart(reason, history)).toEqual([
				{ event: "SessionStart", source, atLaunch },
				{ event: "InstructionsLoaded", loadReason: "session_start" },
			]);
		},
	);

	it("a reload fires neither", () => {
		expect(afterSessionStart("reload", true)).toEqual([]);
	});
});

describe("AFTER_COMPACTION", () => {
	it("is PostCompact, then SessionStart compact (not at launch), then InstructionsLoaded compact", () => {
		expect(AFTER_COMPACTION).toEqual([
			{ event: "PostCompact" },
			{ event: "SessionStart", source: "compact", atLaunch: false },
			{ event: "InstructionsLoaded", loadReason: "compact" },
		]);
	});
});

describe("waits", () => {
	it("are Claude Code's: idle_prompt after 60 s, permission_prompt after 6 s, interrupted tool hooks 5 s", () => {
		expect([IDLE_PROMPT_MS, PERMISSION_PROMPT_MS, INTERRUPTED_HOOK_TIMEOUT_MS]).toEqual([60_000, 6_000, 5_000]);
	});
});
