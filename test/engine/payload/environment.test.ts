import { describe, expect, it } from "vitest";
import { hookEnvironment } from "../../../src/engine/payload/environment.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p", { effort: "high" });

describe("hook environment", () => {
	it("has Claude Code's fixed variables over pi's environment", () => {
		const env = hookEnvironment({ COREPACK_ENABLE_AUTO_PIN: "1", KEEP: "x" }, session);
		expect(env).toMatchObject({
			KEEP: "x",
			COREPACK_ENABLE_AUTO_PIN: "0",
			NoDefaultCurrentDirectoryInExePath: "1",
			CLAUDE_CODE_CHILD_SESSION: "1",
			CLAUDECODE: "1",
		});
	});
});
