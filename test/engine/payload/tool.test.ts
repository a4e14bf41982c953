/** The tool events' stdin, in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import {
	postToolBatchPayload,
	postToolUseFailurePayload,
	postToolUsePayload,
	preToolUsePayload,
} from "../../../src/engine/payload/tool.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p", { effort: "low" });
const call = { toolName: "Bash", toolInput: { command: "ls", description: "list" }, toolUseId: "toolu_1" };
const tail = (payload: Record<string, unknown>, count: number) => Object.entries(payload).slice(-count);

describe("tool payloads", () => {
	it("PreToolUse is the call after the common fields (with effort)", () => {
		const payload = preToolUsePayload(session, call);
		expect(tail(payload, 4)).toEqual([
			["hook_event_name", "PreToolUse"],
			["tool_name", "Bash"],
			["tool_input", { command: "ls", description: "list" }],
			["tool_use_id", "toolu_1"],
		]);
		expect(payload.effort).toEqual({ level: "low" });
	});

	it("PostToolUse adds the response and a whole duration_ms", () => {
		expect(tail(postToolUsePayload(session, call, { stdout: "a" }, 12.6), 3)).toEqual([
			["tool_response", { stdout: "a" }],
			["tool_use_id", "toolu_1"],
			["duration_ms", 13],
		]);
		expect(postToolUsePayload(session, call, {}, undefined)).not.toHaveProperty("duration_ms");
	});

	it("PostToolUseFailure has the error and whether the user interrupted", () => {
		expect(tail(postToolUseFailurePayload(session, call, "Exit code 1", true, 3), 4)).toEqual([
			["tool_use_id", "toolu_1"],
			["error", "Exit code 1"],
			["is_interrupt", true],
			["duration_ms", 3],
		]);
	});

	it("PostToolBatch lists every call with its response, in order", () => {
		const second = { toolName: "Read", toolInput: { file_path: "/p/a" }, toolUseId: "toolu_2", toolResponse: "x" };
		const payload = postToolBatchPayload(session, [{ ...call, toolResponse: "a\n" }, second]);
		expect(tail(payload, 2)).toEqual([
			["hook_event_name", "PostToolBatch"],
			[
				"tool_calls",
				[
					{ tool_name: "Bash", tool_input: call.toolInput, tool_use_id: "toolu_1", tool_response: "a\n" },
					{
						tool_name: "Read",
						tool_input: { file_path: "/p/a" },
						tool_use_id: "toolu_2",
						tool_response: "x",
					},
				],
			],
		]);
		expect(payload.permission_mode).toBe("default");
	});
});
