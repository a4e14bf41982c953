/** Test helper: the session facts an engine request carries, for engine unit tests. */
import type { SessionInfo } from "../../src/engine/payload/base.ts";

/** A session whose cwd and project dir are `dir`, no prompt yet, home `/home/tester`; fields can be overridden. */
export const engineSession = (dir = "/", overrides: Partial<SessionInfo> = {}): SessionInfo => ({
	sessionId: "S",
	transcriptPath: "",
	cwd: dir,
	projectDir: dir,
	promptId: undefined,
	home: "/home/tester",
	...overrides,
});
