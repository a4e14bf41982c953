/**
 * `onFailure` on `mcp_tool` hooks (Claude Code 2.1.328, Agent SDK 0.3.337 `sdk.d.ts`): how the parser reads the
 * field, and what each kind of reply decides with and without it, event by event.
 */
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { McpToolReply } from "../../../src/engine/ports.ts";
import { runHookHandler, UNAVAILABLE_RUNNERS } from "../../../src/engine/run/handler.ts";
import type { HookEntry, HookEventName } from "../../../src/engine/types.ts";

const SOURCE = { scope: "claude-user", file: "/u/settings.json", project: false } as const;

/** The entries and issues of a settings file with `handler` on `event`. */
const parse = (handler: Record<string, unknown>, event = "PreToolUse") =>
	parseSettingsText(JSON.stringify({ hooks: { [event]: [{ hooks: [handler] }] } }), SOURCE);

const mcp = (extra: Record<string, unknown> = {}) => ({ type: "mcp_tool", server: "my-srv", tool: "check", ...extra });

describe("parsing onFailure", () => {
	it.each([
		[mcp({ onFailure: "block" }), "block"],
		[mcp({ onFailure: "continue" }), "continue"],
		// Claude Code: any other value reads as "block" on an mcp_tool hook (it fails closed, not open).
		[mcp({ onFailure: "deny" }), "block"],
		[mcp({ onFailure: true }), "block"],
		[mcp(), undefined],
		[{ type: "http", url: "http://127.0.0.1:1/h", onFailure: "block" }, "block"],
		[{ type: "command", command: "guard.sh", onFailure: "block" }, "block"],
		// prompt and agent hooks have no onFailure.
		[{ type: "prompt", prompt: "ok?", onFailure: "block" }, undefined],
		[{ type: "agent", prompt: "ok?", onFailure: "block" }, undefined],
	])("%j keeps onFailure %j", (handler, expected) => {
		const parsed = parse(handler);
		expect(parsed.issues).toEqual([]);
		expect(parsed.entries[0]?.handler.onFailure).toBe(expected);
	});

	it("a command or http hook with another value is still reported and skipped", () => {
		for (const handler of [
			{ type: "command", command: "guard.sh", onFailure: "deny" },
			{ type: "http", url: "http://127.0.0.1:1/h", onFailure: "deny" },
		]) {
			const parsed = parse(handler);
			expect(parsed.entries).toEqual([]);
			expect(parsed.issues.map((issue) => issue.path)).toEqual(["hooks.PreToolUse[0].hooks[0].onFailure"]);
		}
	});
});

/** What an mcp_tool hook decides on `event` when its call ends with `reply`. */
const decide = async (handler: Record<string, unknown>, reply: McpToolReply, event: HookEventName = "PreToolUse") => {
	const entry = parse(handler, event).entries[0] as HookEntry;
	const context = {
		event,
		cwd: "/p",
		stdin: "{}",
		env: {},
		config: { entries: [], skipped: [], issues: [], disableAllHooks: false },
		signal: undefined,
	};
	const process = async () => {
		throw new Error("no process for an mcp_tool hook");
	};
	const runners = { ...UNAVAILABLE_RUNNERS, process, mcpTool: async () => reply };
	const outcome = await runHookHandler(entry, context, runners, { maxOutputBytes: 4096, killGraceMs: 10 });
	return interpretOutcome(entry, event, outcome);
};

const answered = (text: string, nonText?: string[]): McpToolReply => ({
	kind: "answered",
	text,
	isError: false,
	durationMs: 1,
	...(nonText === undefined ? {} : { nonText }),
});
const FAILED = 'failed; blocking because onFailure is "block"';
const DENY = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } });
const CONTEXT = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "C" } });

describe('what an mcp_tool hook with onFailure "block" decides on PreToolUse', () => {
	it.each<[string, McpToolReply, string, string]>([
		[
			"server not connected",
			{ kind: "no_server", durationMs: 1 },
			"blocking",
			'MCP server "my-srv" is not connected',
		],
		["no such tool", { kind: "no_tool", durationMs: 1 }, "blocking", 'MCP server "my-srv" has no tool "check"'],
		["bridge inactive", { kind: "no_bridge", durationMs: 1 }, "blocking", "pi_hook_manager_mcp_bridge"],
		["call threw", { kind: "failed", message: "EPIPE", durationMs: 1 }, "blocking", "failed: EPIPE"],
		[
			"tool error",
			{ kind: "answered", text: "down", isError: true, durationMs: 1 },
			"blocking",
			"returned an error: down",
		],
		[
			"timeout",
			{ kind: "timed_out", durationMs: 1 },
			"blocking",
			'timed out; blocking because onFailure is "block"',
		],
		["plain text", answered("looks fine"), "blocking", "answered with plain text, not a hook's JSON output"],
		["an image", answered("", ["image"]), "blocking", "answered with an image"],
		["JSON of no hook field", answered('{"ok":true}'), "blocking", "holds no field of a hook's output"],
		["JSON of reason alone", answered('{"reason":"r"}'), "blocking", 'only hook output field is "reason"'],
		["invalid JSON", answered("{oops"), "blocking", "not valid JSON"],
		["schema-failing JSON", answered('{"continue":"no"}'), "blocking", "JSON output failed validation"],
		// A hook's own answers decide as they always do.
		["nothing", answered(""), "success", ""],
		["{}", answered("{}"), "success", ""],
		["a context JSON", answered(CONTEXT), "success", ""],
		["a deny JSON", answered(DENY), "success", ""],
		["Esc", { kind: "aborted", durationMs: 1 }, "cancelled", "cancelled"],
	])("%s: %s", async (_name, reply, status, message) => {
		const verdict = await decide(mcp({ onFailure: "block" }), reply);
		expect(verdict.status).toBe(status);
		expect(verdict.message).toContain(message);
		if (status === "blocking") {
			expect(verdict.message.startsWith(message.startsWith("timed out") ? "timed out" : FAILED)).toBe(true);
			expect(verdict.failClosed).toBe(true);
			expect(verdict.effects).toEqual([{ kind: "block", source: "stderr", reason: verdict.message }]);
		}
	});

	it('reads "deny" (any value but "continue") as block', async () => {
		expect((await decide(mcp({ onFailure: "deny" }), { kind: "no_server", durationMs: 1 })).status).toBe(
			"blocking",
		);
	});
});

describe("where onFailure does not block", () => {
	it.each<[string, Record<string, unknown>]>([
		["no onFailure", mcp()],
		['onFailure "continue"', mcp({ onFailure: "continue" })],
	])("%s: a server that is not connected is a non-blocking error, plain text a success", async (_name, handler) => {
		expect((await decide(handler, { kind: "no_server", durationMs: 1 })).status).toBe("error");
		expect((await decide(handler, { kind: "timed_out", durationMs: 1 })).status).toBe("timeout");
		expect((await decide(handler, answered("looks fine"))).status).toBe("success");
	});

	it.each<HookEventName>(["Stop", "SubagentStop", "SessionStart", "Setup", "TaskCompleted", "TeammateIdle"])(
		"%s ignores it: a failure stays a non-blocking error, plain text a success",
		async (event) => {
			const handler = mcp({ onFailure: "block" });
			expect((await decide(handler, { kind: "no_server", durationMs: 1 }, event)).status).toBe("error");
			expect((await decide(handler, answered("plain"), event)).status).toBe("success");
		},
	);

	it("PreCompact blocks on a failure but takes plain text as the hook's answer", async () => {
		const handler = mcp({ onFailure: "block" });
		expect((await decide(handler, { kind: "no_server", durationMs: 1 }, "PreCompact")).status).toBe("blocking");
		const plain = await decide(handler, answered("keep the test names"), "PreCompact");
		expect(plain.status).toBe("success");
		expect(plain.plainText).toBe("keep the test names");
	});
});
