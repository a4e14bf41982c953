/** UserPromptSubmit and UserPromptExpansion stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { userPromptExpansionPayload, userPromptSubmitPayload } from "../../../src/engine/payload/prompt.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p", { promptId: "p1" });
const COMMON = ["session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "hook_event_name"];

describe("prompt payloads", () => {
	it("UserPromptSubmit is the common fields and the prompt", () => {
		const payload = userPromptSubmitPayload(session, "fix the bug");
		expect(Object.keys(payload)).toEqual([...COMMON, "prompt"]);
		expect(payload).toMatchObject({ hook_event_name: "UserPromptSubmit", prompt: "fix the bug" });
	});

	it("UserPromptExpansion names the slash command, its args and source, then the prompt", () => {
		const expansion = { commandName: "deploy", commandArgs: "prod now", source: "skill" };
		const payload = userPromptExpansionPayload(session, expansion, "/skill:deploy prod now");
		expect(Object.entries(payload).slice(COMMON.length)).toEqual([
			["expansion_type", "slash_command"],
			["command_name", "deploy"],
			["command_args", "prod now"],
			["command_source", "skill"],
			["prompt", "/skill:deploy prod now"],
		]);
		expect(payload.hook_event_name).toBe("UserPromptExpansion");
	});
});
