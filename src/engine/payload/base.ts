/**
 * The stdin JSON every hook starts with, with Claude Code's keys in Claude Code's order: the session facts
 * (`session_id`, `transcript_path`, `cwd`, `prompt_id`), `permission_mode`, `effort` on the events that carry it,
 * and `hook_event_name`. Each event's own fields are added by its builder in this folder.
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
	/** pi's process id (a hook's `CLAUDE_PID`); undefined = not set (sample inputs, tests). */
	readonly pid?: number;
	/**
	 * True when a person is at pi's TUI, false in print, JSON and RPC mode (a hook's
	 * `CLAUDE_CODE_SESSION_ATTENDED`, `0` in `claude -p`); undefined = not set.
	 */
	readonly attended?: boolean;
}

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

/** Events whose stdin has no `permission_mode` (the session and notice events; the sample stdin follows it too). */
const WITHOUT_PERMISSION_MODE: ReadonlySet<string> = new Set([
	"SessionStart",
	"SessionEnd",
	"StopFailure",
	"PreCompact",
	"PostCompact",
	"Notification",
	"InstructionsLoaded",
	"MessageDisplay",
	"ConfigChange",
	"FileChanged",
	"SubagentStart",
]);

/**
 * The common fields: `session_id, transcript_path, cwd, prompt_id?, permission_mode?, effort?, hook_event_name`
 * (`permission_mode` but on the session and notice events; `effort` = `{level}` on tool events and Stop while pi
 * thinks, as Claude Code sends it).
 */
export const basePayload = (session: SessionInfo, event: string): Record<string, unknown> => {
	const effort = eventEffort(session, event);
	const withPermissionMode = !WITHOUT_PERMISSION_MODE.has(event);
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
