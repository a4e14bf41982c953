/**
 * A sample stdin for testing one hook: the JSON Claude Code would send for the hook's event, built with the
 * same payload helpers as real events (key order included). For tool events the tool is one the hook's
 * matcher (and `if` rule) accepts, with an input in Claude Code's field names. Pure.
 */
import { join } from "node:path";
import { isToolEvent } from "../events/facts.ts";
import { basePayload, type ClaudeToolCall, type SessionInfo } from "../payload/base.ts";
import { postToolUseFailurePayload, postToolUsePayload, preToolUsePayload } from "../payload/tool.ts";
import type { HookEntry, HookEventName } from "../types.ts";

type Json = Record<string, unknown>;

/** The `tool_use_id` of sample tool calls (Claude Code's `toolu_` prefix). */
export const SAMPLE_TOOL_USE_ID = "toolu_hooktest_01";

/** Sample inputs of Claude Code's built-in tools, in the order a matcher is tried against them. */
const sampleTools = (cwd: string): readonly [string, Json][] => [
	["Bash", { command: "echo hello", description: "Print hello" }],
	["Write", { file_path: join(cwd, "example.txt"), content: "hello\n" }],
	[
		"Edit",
		{ file_path: join(cwd, "example.txt"), old_string: "hello", new_string: "hello, world", replace_all: false },
	],
	["Read", { file_path: join(cwd, "example.txt") }],
	["Grep", { pattern: "TODO", path: cwd }],
	["Glob", { pattern: "**/*.ts", path: cwd }],
	["LS", { path: cwd }],
];

/** A sample `tool_response` of a successful call. */
const sampleResponse = (tool: string, input: Json): unknown => {
	switch (tool) {
		case "Bash":
			return { stdout: "hello\n", stderr: "", interrupted: false, isImage: false };
		case "Write":
		case "Edit":
			return { filePath: input.file_path, success: true };
		case "Read":
			return { type: "text", file: { filePath: input.file_path, content: "hello\n" } };
		default:
			return {};
	}
};

/** `Bash(git push *)` -> `git push example`, `Edit(src/**)` -> `<cwd>/src/example`: an input the rule accepts. */
const fromIfRule = (rule: string, cwd: string): [string, Json] | undefined => {
	const match = /^([A-Za-z_][\w-]*)(?:\((.*)\))?$/.exec(rule.trim());
	if (match === null) return undefined;
	const tool = match[1] ?? "";
	const pattern = (match[2] ?? "").replace(/\*\*|\*/g, "example");
	const path = (value: string): string =>
		value.startsWith("//") ? value.slice(1) : value.startsWith("/") ? value : join(cwd, value || "example.txt");
	switch (tool) {
		case "Bash":
			return ["Bash", { command: pattern || "echo hello" }];
		case "Write":
			return ["Write", { file_path: path(pattern), content: "hello\n" }];
		case "Edit":
			return [
				"Edit",
				{ file_path: path(pattern), old_string: "hello", new_string: "hello, world", replace_all: false },
			];
		case "Read":
			return ["Read", { file_path: path(pattern) }];
		default:
			return [tool, {}];
	}
};

/** A tool name a regex matcher accepts, e.g. `mcp__github__.*` -> `mcp__github__example`. */
const fromMatcher = (source: string): string =>
	(source.split("|")[0] ?? source)
		.replace(/\.\*|\.\+/g, "example")
		.replace(/[\^$()\\[\]?+*]/g, "")
		.trim() || "Bash";

/** The tool call of a sample for a tool event: a tool the hook's matcher and `if` rule accept. */
export const sampleToolCall = (entry: HookEntry, session: SessionInfo): ClaudeToolCall => {
	const cwd = session.cwd;
	const context = { cwd, projectDir: session.projectDir, home: session.home };
	const accepts = ([tool, input]: [string, Json]): boolean =>
		entry.matcher.test(tool) && (entry.ifRule === undefined || entry.ifRule.test(tool, input, context));
	const rule = entry.handler.if === undefined ? undefined : fromIfRule(entry.handler.if, cwd);
	const candidates: [string, Json][] = [
		...(rule === undefined ? [] : [rule]),
		...sampleTools(cwd),
		[fromMatcher(entry.matcher.source ?? ""), {}],
	];
	const [toolName, toolInput] = candidates.find(accepts) ?? rule ?? sampleTools(cwd)[0] ?? ["Bash", {}];
	return { toolName, toolInput, toolUseId: SAMPLE_TOOL_USE_ID };
};

/** The first `|`-separated name of a matcher (a FileChanged file, a ConfigChange source); undefined for none. */
const firstName = (matcher: string | undefined): string | undefined =>
	matcher
		?.split("|")
		.map((name) => name.trim())
		.find((name) => name !== "" && name !== "*");

/** Each ConfigChange `source` with the file a sample names for it (in the project `cwd`, the `home`). */
const CONFIG_SAMPLE_FILES: Readonly<Record<string, (cwd: string, home: string) => string>> = {
	user_settings: (_cwd, home) => join(home, ".claude", "settings.json"),
	project_settings: (cwd) => join(cwd, ".claude", "settings.json"),
	local_settings: (cwd) => join(cwd, ".claude", "settings.local.json"),
	policy_settings: () => "/etc/claude-code/managed-settings.json",
	skills: (cwd) => join(cwd, ".claude", "skills", "example", "SKILL.md"),
};

/** A ConfigChange sample: the source the matcher names first (else project_settings) and its file. */
const configChangeSample = (entry: HookEntry, session: SessionInfo): Json => {
	const named = firstName(entry.matcher.source);
	const source = named !== undefined && named in CONFIG_SAMPLE_FILES ? named : "project_settings";
	const file = CONFIG_SAMPLE_FILES[source]?.(session.cwd, session.home) ?? "";
	return { source, file_path: file };
};

/** The event-specific fields of a sample for a non-tool event. */
const eventFields = (entry: HookEntry, call: ClaudeToolCall, session: SessionInfo): Json => {
	const { event } = entry;
	const cwd = session.cwd;
	switch (event) {
		case "UserPromptSubmit":
			return { prompt: "Hello from the hook test" };
		case "UserPromptExpansion":
			return {
				expansion_type: "slash_command",
				command_name: "example",
				command_args: "",
				command_source: "prompt",
				prompt: "/example",
			};
		case "SessionStart":
			return { source: "startup" };
		case "SessionEnd":
			return { reason: "other" };
		case "Stop":
			return {
				stop_hook_active: false,
				last_assistant_message: "Done.",
				background_tasks: [],
				session_crons: [],
			};
		case "StopFailure":
			return { error: "server_error", error_details: "500 Internal Server Error", last_assistant_message: "" };
		case "PostToolBatch":
			return {
				tool_calls: [
					{
						tool_name: call.toolName,
						tool_input: call.toolInput,
						tool_use_id: call.toolUseId,
						tool_response: "hello\n",
					},
				],
			};
		case "PreCompact":
			return { trigger: "manual", custom_instructions: "" };
		case "PostCompact":
			return { trigger: "manual", compact_summary: "Summary of the conversation so far." };
		case "Notification":
			return {
				message: "pi needs your permission",
				title: "Allow bash?",
				notification_type: "permission_prompt",
			};
		case "PostModelSwitch":
			return {
				from_model: "fake/previous-model",
				to_model: "fake/next-model",
				requested_model: "fake/next-model",
				source: "picker",
			};
		case "InstructionsLoaded":
			return { file_path: join(cwd, "AGENTS.md"), memory_type: "Project", load_reason: "session_start" };
		case "MessageDisplay":
			return { turn_id: "turn-1", message_id: "msg-1", index: 0, final: true, delta: "Done." };
		case "ConfigChange":
			return configChangeSample(entry, session);
		case "FileChanged":
			return { file_path: join(cwd, firstName(entry.matcher.source) ?? ".envrc"), event: "change" };
		default:
			return {};
	}
};

/** The sample stdin object for `entry`'s event. */
export const samplePayload = (entry: HookEntry, session: SessionInfo): Json => {
	const event = entry.event;
	const call = sampleToolCall(entry, session);
	if (event === "PreToolUse") return preToolUsePayload(session, call);
	if (event === "PostToolUse")
		return postToolUsePayload(session, call, sampleResponse(call.toolName, call.toolInput as Json), 12);
	if (event === "PostToolUseFailure")
		return postToolUseFailurePayload(session, call, "Exit code 1\ncommand failed", false, 12);
	const base = basePayload(session, event);
	if (isToolEvent(event))
		return { ...base, tool_name: call.toolName, tool_input: call.toolInput, tool_use_id: call.toolUseId };
	return { ...base, ...eventFields(entry, call, session) };
};

/**
 * The stdin object of `event` with the given event-specific `fields` (a fixture's `input`): the common fields
 * filled in as the workbench's samples have them (`session_id`, `transcript_path`, `cwd`, `permission_mode` where
 * pi sends it, `hook_event_name`), then `fields` (which may override any of them), then a `tool_use_id` on tool
 * events when `fields` has none.
 */
export const eventPayload = (event: HookEventName, fields: Readonly<Json>, session: SessionInfo): Json => ({
	...basePayload(session, event),
	...fields,
	...(isToolEvent(event) && fields.tool_use_id === undefined ? { tool_use_id: SAMPLE_TOOL_USE_ID } : {}),
});

/** The sample stdin text for `entry`: pretty JSON, easy to edit in the panel (hooks parse any JSON layout). */
export const sampleInput = (entry: HookEntry, session: SessionInfo): string =>
	JSON.stringify(samplePayload(entry, session), null, 2);
