/**
 * Static facts about each hook event (as in Claude Code): what its matcher filters on,
 * whether `if` applies, and the default timeout of a command hook.
 */
import { editDistance } from "../text/edit-distance.ts";
import { HOOK_EVENTS, type HookEventName } from "../types.ts";

/** Events whose hooks get `tool_name`/`tool_input` and honour `if` (as in Claude Code). */
const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set([
	"PreToolUse",
	"PostToolUse",
	"PostToolUseFailure",
	"PermissionRequest",
	"PermissionDenied",
]);

/** Events that ignore the matcher: every hook of the event fires (as in Claude Code). */
const NO_MATCHER_EVENTS: ReadonlySet<HookEventName> = new Set([
	"UserPromptSubmit",
	"PostToolBatch",
	"Stop",
	"TaskCreated",
	"TaskCompleted",
	"TeammateIdle",
	"CwdChanged",
	"WorktreeCreate",
	"WorktreeRemove",
	"MessageDisplay",
]);

/** A hook handler type (Claude Code: `command`, `http`, `mcp_tool`, `prompt`, `agent`). */
export type HandlerType = "command" | "http" | "mcp_tool" | "prompt" | "agent";

/**
 * Events that accept all five handler types (Claude Code hooks reference, "prompt-based hooks"): the tool, prompt,
 * stop and task events. Every other event accepts only `command`, `http` and `mcp_tool`, and SessionStart and
 * Setup only `command` and `mcp_tool`.
 */
const ALL_TYPE_EVENTS: ReadonlySet<HookEventName> = new Set([
	"PermissionDenied",
	"PermissionRequest",
	"PostToolBatch",
	"PostToolUse",
	"PostToolUseFailure",
	"PreToolUse",
	"Stop",
	"SubagentStop",
	"TaskCompleted",
	"TaskCreated",
	"TeammateIdle",
	"UserPromptExpansion",
	"UserPromptSubmit",
]);

/** The handler types Claude Code accepts on `event`, in Claude Code's order. */
export const handlerTypesOf = (event: HookEventName): readonly HandlerType[] => {
	if (ALL_TYPE_EVENTS.has(event)) return ["command", "http", "mcp_tool", "prompt", "agent"];
	if (event === "SessionStart" || event === "Setup") return ["command", "mcp_tool"];
	return ["command", "http", "mcp_tool"];
};

/** True when Claude Code accepts a handler of `type` on `event` (a `prompt` hook on SessionStart: false). */
export const allowsHandlerType = (event: HookEventName, type: HandlerType): boolean =>
	handlerTypesOf(event).includes(type);

/** True when `name` is a Claude Code hook event name (case-sensitive). */
export const isHookEventName = (name: string): name is HookEventName =>
	(HOOK_EVENTS as readonly string[]).includes(name);

/**
 * The hook event `name` most likely means, for a "did you mean" hint: the one that differs only in case, else the
 * nearest within two edits (`Interupt` → `Interrupt`); undefined when none is that close or `name` is an event.
 */
export const nearestEventName = (name: string): HookEventName | undefined => {
	if (isHookEventName(name)) return undefined;
	const lower = name.toLowerCase();
	const sameLetters = HOOK_EVENTS.find((event) => event.toLowerCase() === lower);
	if (sameLetters !== undefined) return sameLetters;
	let best: HookEventName | undefined;
	let bestDistance = 3;
	for (const event of HOOK_EVENTS) {
		const distance = editDistance(lower, event.toLowerCase(), 2);
		if (distance < bestDistance) {
			best = event;
			bestDistance = distance;
		}
	}
	return best;
};

/**
 * The problem text for a hook event name that is not one (lint of a settings file, a fixture's `event`): with a
 * "did you mean" when {@link nearestEventName} finds one, e.g. `unknown hook event "Interupt": did you mean
 * "Interrupt"? (event names are case-sensitive)`.
 */
export const unknownEventText = (name: string): string => {
	const near = nearestEventName(name);
	return near === undefined
		? `unknown hook event ${JSON.stringify(name)} (event names are case-sensitive, e.g. "PreToolUse")`
		: `unknown hook event ${JSON.stringify(name)}: did you mean ${JSON.stringify(near)}? ` +
				"(event names are case-sensitive)";
};

/** True for the tool events, where the matcher is tested against the tool name and `if` is evaluated. */
export const isToolEvent = (event: HookEventName): boolean => TOOL_EVENTS.has(event);

/** True when the event's matcher is meaningful; false = hooks fire regardless of their matcher. */
export const eventUsesMatcher = (event: HookEventName): boolean => !NO_MATCHER_EVENTS.has(event);

/** Default timeout of an `agent` hook, in seconds, on every event (Claude Code: 60 s). */
export const AGENT_HOOK_SECONDS = 60;

/** Default timeout of a `prompt` hook, in seconds, on every event (Claude Code: 30 s). */
export const PROMPT_HOOK_SECONDS = 30;

/**
 * Default timeout of a hook without its own `timeout`, in seconds: the one source the runner and the panel
 * read. Claude Code: `prompt` 30 s and `agent` 60 s on every event; `command`, `http` and `mcp_tool` 600 s,
 * lowered to 30 s on UserPromptSubmit (and the model-switch events), 10 s on MessageDisplay, and a shared
 * 1.5 s budget on SessionEnd. `type` defaults to `command`.
 */
export const defaultTimeoutSeconds = (event: HookEventName, type: HandlerType = "command"): number => {
	if (type === "prompt") return PROMPT_HOOK_SECONDS;
	if (type === "agent") return AGENT_HOOK_SECONDS;
	switch (event) {
		case "UserPromptSubmit":
		case "PreModelSwitch":
		case "PostModelSwitch":
			return 30;
		case "MessageDisplay":
			return 10;
		case "SessionEnd":
			return 1.5;
		default:
			return 600;
	}
};

/** Events that discard `continue` and `systemMessage` (Claude Code hooks reference, "JSON output"). */
const DISCARDS_COMMON: ReadonlySet<HookEventName> = new Set([
	"Notification",
	"StopFailure",
	"InstructionsLoaded",
	"MessageDisplay",
	"ConfigChange",
	"PreCompact",
	"PostCompact",
	"WorktreeCreate",
	"WorktreeRemove",
	"SessionEnd",
	"Elicitation",
	"ElicitationResult",
	// Claude Code 2.1.335: Interrupt's output is ignored.
	"Interrupt",
]);

/**
 * True when Claude Code discards a hook's `continue` and `systemMessage` on `event` (Notification, MessageDisplay,
 * SessionEnd, the compaction events, ...): neither stops anything nor is shown.
 */
export const discardsCommonFields = (event: HookEventName): boolean => DISCARDS_COMMON.has(event);

/**
 * True when a failing or timed-out hook of `event` is reported to the user (a card, a footer count, stderr without a
 * UI). False for MessageDisplay: Claude Code shows the original text and notes the failure only in its debug
 * output, never in the session (the firing log still lists the run).
 */
export const reportsHookFailures = (event: HookEventName): boolean => event !== "MessageDisplay";

/**
 * The hook events pi-hook-manager fires in pi; the others (TaskCompleted, ...) have no pi event. PermissionRequest and
 * PermissionDenied fire when another pi extension asks through a permission channel, SubagentStart and SubagentStop
 * when a subagent extension publishes a subagent's start or end (src/engine/channel/).
 */
const FIRED_EVENTS: ReadonlySet<HookEventName> = new Set([
	"SessionStart",
	"SessionEnd",
	"UserPromptSubmit",
	"UserPromptExpansion",
	"PreToolUse",
	"PostToolUse",
	"PostToolUseFailure",
	"PostToolBatch",
	"Stop",
	"StopFailure",
	"PreCompact",
	"PostCompact",
	"Notification",
	"PostModelSwitch",
	"InstructionsLoaded",
	"MessageDisplay",
	"Interrupt",
	"ConfigChange",
	"FileChanged",
	"PermissionRequest",
	"PermissionDenied",
	"SubagentStart",
	"SubagentStop",
]);

/** True when pi-hook-manager fires `event` in pi; hooks of other events are listed as never firing. */
export const isFiredInPi = (event: HookEventName): boolean => FIRED_EVENTS.has(event);

/** Why pi never fires the events that have a reason of their own (the rest: pi has no such event). */
const NOT_FIRED_REASONS: Partial<Record<HookEventName, string>> = {
	PreModelSwitch:
		"pi lets no extension refuse a model change (pi reports a switch only after it happened, as " +
		"PostModelSwitch), so PreModelSwitch hooks never run",
	PreSkillShellCommand:
		"pi's skills run no inline shell commands (Claude Code runs a skill's !`command` lines), so " +
		"PreSkillShellCommand hooks never run",
};

/** Why pi never fires `event`, in one sentence a user can act on (for a hook of an event pi does not fire). */
export const notFiredReason = (event: HookEventName): string =>
	NOT_FIRED_REASONS[event] ??
	`pi has no ${event} event, so this hook never fires (pi-hook-manager fires the tool, prompt, session, ` +
		`stop, interrupt, compaction, notification, model-switch, instructions, message-display, config-change ` +
		"and file-changed events, the permission events other extensions ask for, and the subagent events of " +
		"pi-subagents and @tintinweb/pi-subagents)";

/**
 * The stdin field an event's matcher is tested against (Claude Code: the tool name on tool events, `source` on
 * SessionStart, `trigger` on the compaction events, ...); undefined for events without a matcher. For a stdin
 * built outside pi (a fixture of `pi-hook-manager test`), as pi's event adapters fill the match values.
 */
export const matchFieldOf = (event: HookEventName): string | undefined => {
	if (TOOL_EVENTS.has(event)) return "tool_name";
	switch (event) {
		case "SessionStart":
			return "source";
		case "SessionEnd":
			return "reason";
		case "PreCompact":
		case "PostCompact":
			return "trigger";
		case "Notification":
			return "notification_type";
		case "PostModelSwitch":
			return "to_model";
		case "InstructionsLoaded":
			return "load_reason";
		case "UserPromptExpansion":
			return "command_name";
		case "StopFailure":
			return "error";
		case "Interrupt":
			return "reason";
		case "ConfigChange":
			return "source";
		case "FileChanged":
			return "file_path";
		case "SubagentStart":
		case "SubagentStop":
			return "agent_type";
		default:
			return undefined;
	}
};

/**
 * The value an event's matcher is tested against in a stdin built outside pi: its {@link matchFieldOf} field, for
 * FileChanged the file's name (Claude Code matches the basename of `file_path`); undefined when it has none.
 */
export const matchValueOf = (event: HookEventName, payload: Readonly<Record<string, unknown>>): string | undefined => {
	const field = matchFieldOf(event);
	const value = field === undefined ? undefined : payload[field];
	if (typeof value !== "string") return undefined;
	return event === "FileChanged" ? (value.split("/").pop() ?? value) : value;
};
