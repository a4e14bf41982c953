/**
 * Sample inputs for test runs: Claude Code's stdin shape for the hook's event, with a tool the hook's
 * matcher and `if` rule accept.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { sampleInput, samplePayload } from "../../../src/engine/dry-run/sample-input.ts";
import type { HookEventName } from "../../../src/engine/types.ts";
import { engineSession } from "../../support/engine-session.ts";
import { commandEntry } from "../../support/entries.ts";

const session = engineSession("/p", { sessionId: "S1", transcriptPath: "/t.jsonl" });

const entryWith = (event: HookEventName, matcher: string | undefined, extra: Record<string, unknown> = {}) => {
	const group = {
		...(matcher === undefined ? {} : { matcher }),
		hooks: [{ type: "command", command: "x", ...extra }],
	};
	const parsed = parseSettingsText(JSON.stringify({ hooks: { [event]: [group] } }), {
		scope: "claude-user",
		file: "/u/settings.json",
		project: false,
	});
	const entry = parsed.entries[0];
	if (entry === undefined) throw new Error(JSON.stringify(parsed.issues));
	return entry;
};

describe("samplePayload", () => {
	it.each([
		["Bash", "Bash", { command: "echo hello", description: "Print hello" }],
		["Edit|Write", "Write", { file_path: "/p/example.txt", content: "hello\n" }],
		["Read", "Read", { file_path: "/p/example.txt" }],
		["Glob", "Glob", { pattern: "**/*.ts", path: "/p" }],
		["mcp__github__.*", "mcp__github__example", {}],
		[undefined, "Bash", { command: "echo hello", description: "Print hello" }],
	])("PreToolUse with matcher %s tests the tool %s", (matcher, tool, input) => {
		const payload = samplePayload(entryWith("PreToolUse", matcher), session);
		expect(payload).toMatchObject({ hook_event_name: "PreToolUse", tool_name: tool, tool_input: input });
		expect(Object.keys(payload)).toEqual([
			"session_id",
			"transcript_path",
			"cwd",
			"permission_mode",
			"hook_event_name",
			"tool_name",
			"tool_input",
			"tool_use_id",
		]);
	});

	it("picks an input the hook's if rule accepts", () => {
		const entry = entryWith("PreToolUse", "Bash", { if: "Bash(git push *)" });
		const payload = samplePayload(entry, session);
		expect(payload.tool_input).toEqual({ command: "git push example" });
		expect(entry.ifRule?.test("Bash", payload.tool_input as Record<string, unknown>, session)).toBe(true);
		const edit = entryWith("PostToolUse", "Edit|Write", { if: "Edit(src/**)" });
		expect(samplePayload(edit, session)).toMatchObject({
			tool_name: "Edit",
			tool_input: { file_path: "/p/src/example" },
		});
	});

	it.each([
		["UserPromptSubmit", { prompt: "Hello from the hook test", permission_mode: "default" }],
		["SessionStart", { source: "startup" }],
		["SessionEnd", { reason: "other" }],
		["Stop", { stop_hook_active: false, last_assistant_message: "Done." }],
		["PreCompact", { trigger: "manual", custom_instructions: "" }],
		["Notification", { notification_type: "permission_prompt" }],
		["PostModelSwitch", { to_model: "fake/next-model", source: "picker", permission_mode: "default" }],
		["InstructionsLoaded", { file_path: "/p/AGENTS.md", load_reason: "session_start" }],
		["MessageDisplay", { final: true, delta: "Done." }],
		["ConfigChange", { source: "project_settings", file_path: "/p/.claude/settings.json" }],
		["FileChanged", { file_path: "/p/.envrc", event: "change" }],
		["PostToolUse", { tool_name: "Bash", tool_response: { stdout: "hello\n" }, duration_ms: 12 }],
		["PostToolUseFailure", { tool_name: "Bash", error: "Exit code 1\ncommand failed", is_interrupt: false }],
	] as const)("%s has its event's fields", (event, fields) => {
		expect(samplePayload(entryWith(event, undefined), session)).toMatchObject({
			hook_event_name: event,
			...fields,
		});
	});

	it("names the file or source the matcher names first (FileChanged, ConfigChange)", () => {
		expect(samplePayload(entryWith("FileChanged", "notes.txt|.env"), session)).toMatchObject({
			file_path: "/p/notes.txt",
		});
		expect(samplePayload(entryWith("ConfigChange", "local_settings|skills"), session)).toMatchObject({
			source: "local_settings",
			file_path: "/p/.claude/settings.local.json",
		});
		expect(samplePayload(entryWith("ConfigChange", "user_settings"), session)).toMatchObject({
			file_path: join(session.home, ".claude", "settings.json"),
		});
	});

	it("is pretty JSON text that parses back", () => {
		const text = sampleInput(commandEntry("x"), session);
		expect(text).toContain('\n  "tool_name": ');
		expect(JSON.parse(text).tool_use_id).toBe("toolu_hooktest_01");
	});
});
