/** Interrupt stdin (Claude Code 2.1.335, Agent SDK 0.3.337 `InterruptHookInput`), in Claude Code's key order. */
import { describe, expect, it } from "vitest";
import { interruptOf } from "../../../src/engine/flow/interrupt.ts";
import { type ClaudeInterrupt, interruptPayload } from "../../../src/engine/payload/interrupt.ts";
import { engineSession } from "../../support/engine-session.ts";

const session = engineSession("/p");

describe("interruptPayload", () => {
	it.each<[string, ClaudeInterrupt, [string, unknown][]]>([
		[
			"Esc in the TUI",
			interruptOf("terminal"),
			[
				["source", "user"],
				["reason", "stop"],
				["via", "terminal"],
			],
		],
		[
			"an RPC or SDK abort",
			interruptOf("client"),
			[
				["source", "user"],
				["reason", "stop"],
				["via", "client"],
			],
		],
		[
			"another session's denial",
			{ source: "session", reason: "permission_denied" },
			[
				["source", "session"],
				["reason", "permission_denied"],
			],
		],
		[
			"a rewind by the system",
			{ source: "system", reason: "rewind", via: "client" },
			[
				["source", "system"],
				["reason", "rewind"],
				["via", "client"],
			],
		],
	])("%s: the common fields, then source, reason and via when known", (_name, interrupt, fields) => {
		const payload = interruptPayload(session, interrupt);
		expect(Object.keys(payload).slice(0, 3)).toEqual(["session_id", "transcript_path", "cwd"]);
		expect(Object.entries(payload).slice(-(fields.length + 1))).toEqual([
			["hook_event_name", "Interrupt"],
			...fields,
		]);
	});
});
