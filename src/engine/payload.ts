import type { HookSource } from "./types.ts";

/**
 * The stdin JSON of a hook, with Claude Code's keys in Claude Code's order,
 * and the hook's environment (Claude Code: `CLAUDE_PROJECT_DIR` and friends).
 */

/** Session facts every payload starts with. */
export interface SessionInfo {
	readonly sessionId: string;
	/** The session file; `""` with `--no-session`. */
	readonly transcriptPath: string;
	/** pi's current directory. */
	readonly cwd: string;
	/** The project root (pi's cwd at session start); unchanged by `cd`. */
	readonly projectDir: string;
	/** One UUID per user prompt; undefined before the first prompt. */
	readonly promptId: string | undefined;
	/** Claude Code's effort level for pi's thinking level (see {@link effortLevel}); undefined = thinking off. */
	readonly effort?: string;
	/** The user's home directory (`~` in tool paths and `if` rules), injected by the session. */
	readonly home: string;
}

/**
 * Claude Code's effort level (`low`, `medium`, `high`, `xhigh`, `max`) for pi's thinking level; undefined when
 * pi's thinking is off or unknown (Claude Code sends `effort` only when the model supports effort).
 */
export const effortLevel = (thinkingLevel: string | undefined): string | undefined => {
	switch (thinkingLevel) {
		case "minimal":
		case "low":
			return "low";
		case "medium":
		case "high":
		case "xhigh":
		case "max":
			return thinkingLevel;
		default:
			return undefined;
	}
};

/** Events whose stdin carries `effort` and whose environment `CLAUDE_EFFORT` (Claude Code: tool events and Stop). */
const EFFORT_EVENTS: ReadonlySet<string> = new Set([
	"PreToolUse",
	"PostToolUse",
	"PostToolUseFailure",
	"PostToolBatch",
	"Stop",
]);

/** The effort level an event's hooks get, or undefined when the event has none or thinking is off. */
export const eventEffort = (session: SessionInfo, event: string): string | undefined =>
	EFFORT_EVENTS.has(event) ? session.effort : undefined;

/** pi never asks for tool permission, but hooks expect Claude Code's default mode string. */
export const PERMISSION_MODE = "default";

/** A tool call in Claude Code terms. */
export interface ClaudeToolCall {
	readonly toolName: string;
	readonly toolInput: Readonly<Record<string, unknown>>;
	readonly toolUseId: string;
}

/**
 * The common fields: `session_id, transcript_path, cwd, prompt_id?, permission_mode?, effort?, hook_event_name`
 * (`effort` = `{level}` on tool events and Stop while pi thinks, as Claude Code sends it).
 */
export const basePayload = (
	session: SessionInfo,
	event: string,
	withPermissionMode = true,
): Record<string, unknown> => {
	const effort = eventEffort(session, event);
	return {
		session_id: session.sessionId,
		transcript_path: session.transcriptPath,
		cwd: session.cwd,
		...(session.promptId === undefined ? {} : { prompt_id: session.promptId }),
		...(withPermissionMode ? { permission_mode: PERMISSION_MODE } : {}),
		...(effort === undefined ? {} : { effort: { level: effort } }),
		hook_event_name: event,
	};
};

/** PreToolUse stdin: base + `tool_name, tool_input, tool_use_id`. */
export const preToolUsePayload = (session: SessionInfo, call: ClaudeToolCall): Record<string, unknown> => ({
	...basePayload(session, "PreToolUse"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	tool_use_id: call.toolUseId,
});

/** PostToolUse stdin: base + `tool_name, tool_input, tool_response, tool_use_id, duration_ms?` (milliseconds). */
export const postToolUsePayload = (
	session: SessionInfo,
	call: ClaudeToolCall,
	toolResponse: unknown,
	durationMs: number | undefined,
): Record<string, unknown> => ({
	...basePayload(session, "PostToolUse"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	tool_response: toolResponse,
	tool_use_id: call.toolUseId,
	...(durationMs === undefined ? {} : { duration_ms: Math.round(durationMs) }),
});

/** PostToolUseFailure stdin: base + `tool_name, tool_input, tool_use_id, error, is_interrupt, duration_ms?`. */
export const postToolUseFailurePayload = (
	session: SessionInfo,
	call: ClaudeToolCall,
	error: string,
	isInterrupt: boolean,
	durationMs: number | undefined,
): Record<string, unknown> => ({
	...basePayload(session, "PostToolUseFailure"),
	tool_name: call.toolName,
	tool_input: call.toolInput,
	tool_use_id: call.toolUseId,
	error,
	is_interrupt: isInterrupt,
	...(durationMs === undefined ? {} : { duration_ms: Math.round(durationMs) }),
});

/**
 * The environment of a hook process: pi's own environment plus what Claude Code sets: `CLAUDE_PROJECT_DIR`
 * (the project root), `CLAUDECODE=1`, `CLAUDE_CODE_SESSION_ID`, `CLAUDE_CODE_ENTRYPOINT`,
 * `CLAUDE_CODE_CHILD_SESSION=1`, `COREPACK_ENABLE_AUTO_PIN=0` (a hook running `pnpm`/`yarn` cannot rewrite
 * `package.json`), `NoDefaultCurrentDirectoryInExePath=1`, `PWD`, and `CLAUDE_EFFORT` on tool events and Stop
 * while pi thinks. `event` undefined = no event-specific variables.
 */
export const hookEnvironment = (
	base: Readonly<Record<string, string | undefined>>,
	session: SessionInfo,
	extra: Readonly<Record<string, string>> = {},
	event?: string,
): Record<string, string> => {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(base)) if (value !== undefined) env[key] = value;
	const effort = event === undefined ? undefined : eventEffort(session, event);
	return {
		...env,
		CLAUDE_PROJECT_DIR: session.projectDir,
		CLAUDECODE: "1",
		CLAUDE_CODE_ENTRYPOINT: "pi-hook-manager",
		CLAUDE_CODE_SESSION_ID: session.sessionId,
		CLAUDE_CODE_CHILD_SESSION: "1",
		COREPACK_ENABLE_AUTO_PIN: "0",
		NoDefaultCurrentDirectoryInExePath: "1",
		PWD: session.cwd,
		...(effort === undefined ? {} : { CLAUDE_EFFORT: effort }),
		...extra,
	};
};

/**
 * What a hook's source adds to its environment (as in Claude Code): a plugin's `CLAUDE_PLUGIN_ROOT`,
 * `CLAUDE_PLUGIN_DATA` and `CLAUDE_PLUGIN_OPTION_<KEY>` (key upper-cased, other characters as `_`); a skill's
 * folder as `CLAUDE_PLUGIN_ROOT`. Empty for settings files.
 */
export const sourceEnvironment = (source: HookSource): Record<string, string> => {
	const plugin = source.plugin;
	if (plugin !== undefined) {
		const env: Record<string, string> = {};
		for (const [key, value] of Object.entries(plugin.options))
			env[`CLAUDE_PLUGIN_OPTION_${key.replace(/[^A-Za-z0-9_]/g, "_").toUpperCase()}`] = value;
		return { ...env, CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.data };
	}
	return source.root === undefined ? {} : { CLAUDE_PLUGIN_ROOT: source.root };
};

/** A plugin's `${user_config.KEY}` references in `text` whose option is not set; empty when all are. */
export const missingUserConfig = (text: string, options: Readonly<Record<string, string>>): string[] =>
	[...text.matchAll(/\$\{user_config\.([^}]+)\}/g)].map((match) => match[1] ?? "").filter((key) => !(key in options));

/** Replaces a plugin's `${user_config.KEY}` with its option value (exec form only, Claude Code 2.1.207). */
export const substituteUserConfig = (text: string, options: Readonly<Record<string, string>>): string =>
	text.replace(/\$\{user_config\.([^}]+)\}/g, (whole, key: string) => options[key] ?? whole);

/** Replaces `${CLAUDE_PROJECT_DIR}` (and other `${NAME}` of `vars`) in a command or argument. */
export const substitutePlaceholders = (text: string, vars: Readonly<Record<string, string>>): string =>
	text.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name: string) => vars[name] ?? whole);
