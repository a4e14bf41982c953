/**
 * pi's words in Claude Code's: each table maps one pi value (an event's reason, a model switch's source, pi's
 * thinking level, a provider's error text, a context file) to the value Claude Code's hooks get for it. The pi
 * adapters pass pi's values in and put the answers in the payload; no pi value is mapped anywhere else. The pi
 * values are spelled here as plain strings (the engine imports nothing of pi); an unknown one maps to Claude
 * Code's fallback for that field.
 */
import { basename, relative } from "node:path";

/** `table`'s own value for `key` (never one of Object's, say for pi's `toString`); undefined when it has none. */
const lookup = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
	Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * SessionStart `source` for pi's `session_start` reason; undefined = no SessionStart (pi's `reload`). Claude
 * Code: `startup`, `resume`, `clear`, `compact` (the last after a compaction, see lifecycle.ts).
 */
const SESSION_START_SOURCES: Readonly<Record<string, string>> = {
	startup: "startup",
	new: "clear",
	resume: "resume",
	fork: "fork",
};

/**
 * Claude Code's SessionStart `source` for a pi `session_start` reason; undefined = no SessionStart. `pi --session
 * <id>` reports `startup`: a session that already has messages (`hasHistory`) is a `resume`.
 */
export const sessionStartSource = (reason: string, hasHistory: boolean): string | undefined => {
	const source = lookup(SESSION_START_SOURCES, reason);
	return source === "startup" && hasHistory ? "resume" : source;
};

/** SessionEnd `reason` for pi's `session_shutdown` reason; `quit` depends on the mode (below); else `other`. */
const SESSION_END_REASONS: Readonly<Record<string, string>> = { new: "clear", resume: "resume" };

/**
 * Claude Code's SessionEnd `reason` for a pi `session_shutdown` reason: quitting the TUI is `prompt_input_exit`,
 * the end of a print or RPC run `other`.
 */
export const sessionEndReason = (reason: string, interactive: boolean): string => {
	if (reason === "quit") return interactive ? "prompt_input_exit" : "other";
	return lookup(SESSION_END_REASONS, reason) ?? "other";
};

/** Claude Code's compaction `trigger` (PreCompact, PostCompact) for pi's compaction reason: `manual` or `auto`. */
export const compactTrigger = (reason: string): "manual" | "auto" => (reason === "manual" ? "manual" : "auto");

/**
 * Claude Code's PostModelSwitch `source` for pi's `model_select` source: `set` (the model picker or RPC/SDK
 * `set_model`) is `picker` in the TUI and `sdk` elsewhere, `cycle` (Ctrl+P) is `picker`, `restore` is `resume`.
 */
export const modelSwitchSource = (source: string, mode: string): string => {
	if (source === "restore") return "resume";
	if (source === "cycle") return "picker";
	return mode === "tui" ? "picker" : "sdk";
};

/** pi's thinking levels and Claude Code's `effort` for each (`off` and unknown levels: none). */
const EFFORT_LEVELS: Readonly<Record<string, string>> = {
	minimal: "low",
	low: "low",
	medium: "medium",
	high: "high",
	xhigh: "xhigh",
	max: "max",
};

/**
 * Claude Code's effort level (`low`, `medium`, `high`, `xhigh`, `max`) for pi's thinking level; undefined when
 * pi's thinking is off or unknown (Claude Code sends `effort` only when the model supports effort).
 */
export const effortLevel = (thinkingLevel: string | undefined): string | undefined =>
	thinkingLevel === undefined ? undefined : lookup(EFFORT_LEVELS, thinkingLevel);

/** StopFailure `error` types, tried in order against the provider's error text (case-insensitive). */
const STOP_FAILURE_TYPES: readonly (readonly [RegExp, string])[] = [
	[/rate.?limit|429/, "rate_limit"],
	[/overload|529/, "overloaded"],
	[/auth|401|403|api key/, "authentication_failed"],
	[/billing|credit|quota/, "billing_error"],
	[/model.*not.*found|404/, "model_not_found"],
	[/max.?(output.?)?tokens|length/, "max_output_tokens"],
	[/invalid|400/, "invalid_request"],
	[/5\d\d|server/, "server_error"],
];

/** Claude Code's StopFailure `error` type for a provider error message pi reported; `unknown` when none fits. */
export const stopFailureType = (message: string): string => {
	const text = message.toLowerCase();
	return STOP_FAILURE_TYPES.find(([pattern]) => pattern.test(text))?.[1] ?? "unknown";
};

/**
 * Claude Code's InstructionsLoaded `memory_type` of a context file pi loaded: `User` in pi's agent directory,
 * `Local` for `CLAUDE.local.md`, else `Project` (the project's file and its parent folders').
 */
export const memoryType = (file: string, agentDir: string): string => {
	if (!relative(agentDir, file).startsWith("..")) return "User";
	return basename(file) === "CLAUDE.local.md" ? "Local" : "Project";
};

/** The Claude Code tool event of a pi `tool_result`: PostToolUseFailure for a failed call, else PostToolUse. */
export const toolResultEvent = (isError: boolean): "PostToolUse" | "PostToolUseFailure" =>
	isError ? "PostToolUseFailure" : "PostToolUse";

/**
 * The Claude Code event of pi's `agent_before_settle` outcome: Stop for a completed run, StopFailure for one that
 * ended in a provider error, none when the user interrupted it (Claude Code: Stop does not fire then).
 */
export const settleEvent = (outcome: string): "Stop" | "StopFailure" | undefined => {
	if (outcome === "aborted") return undefined;
	return outcome === "error" ? "StopFailure" : "Stop";
};

/** A Notification in Claude Code's terms: its `notification_type`, `message` and `title` (when it has one). */
export interface ClaudeNotification {
	readonly type: string;
	readonly message: string;
	readonly title?: string | undefined;
}

/** The Notification of a pi dialog left open: `permission_prompt` for a confirm or select, none for others. */
export const permissionPrompt = (kind: string, title: string | undefined): ClaudeNotification | undefined => {
	if (kind !== "confirm" && kind !== "select") return undefined;
	const message = title ? `pi needs your permission: ${title}` : "pi needs your permission";
	return { type: "permission_prompt", message, title };
};

/** The Notification once pi has waited for the user's input for a while: `idle_prompt`. */
export const IDLE_PROMPT: ClaudeNotification = { type: "idle_prompt", message: "pi is waiting for your input" };
