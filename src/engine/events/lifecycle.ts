/**
 * Which Claude Code events follow a pi moment, in order, where one pi moment fires several: pi's `session_start`
 * is SessionStart and then InstructionsLoaded (Claude Code: InstructionsLoaded comes after SessionStart and
 * before the first UserPromptSubmit), and a compaction is PostCompact, then SessionStart again with source
 * `compact`, then InstructionsLoaded with `load_reason: "compact"`. The pi adapters run the steps in this
 * order and decide nothing about it. Also the waits after which Claude Code fires a Notification, and how long
 * the hooks of an interrupted tool call may still run.
 */
import { sessionStartSource } from "./pi-vocabulary.ts";

/** One Claude Code event of a pi moment, with the values its payload takes from the moment. */
export type LifecycleStep =
	| {
			readonly event: "SessionStart";
			/** SessionStart `source` (Claude Code: `startup`, `resume`, `clear`, `compact`, ...). */
			readonly source: string;
			/** pi's start, before its MCP servers connect: Claude Code skips `mcp_tool` hooks at launch. */
			readonly atLaunch: boolean;
	  }
	| { readonly event: "InstructionsLoaded"; readonly loadReason: "session_start" | "compact" }
	| { readonly event: "PostCompact" };

/**
 * The events of pi's `session_start` with `reason` (`hasHistory`: the session already has messages): none on
 * `reload` (pi reloaded its extensions, the session goes on).
 */
export const afterSessionStart = (reason: string, hasHistory: boolean): readonly LifecycleStep[] => {
	const source = sessionStartSource(reason, hasHistory);
	if (source === undefined) return [];
	return [
		{ event: "SessionStart", source, atLaunch: reason === "startup" },
		{ event: "InstructionsLoaded", loadReason: "session_start" },
	];
};

/** Milliseconds of user silence after the agent settles before `idle_prompt` (Claude Code: about 60 s). */
export const IDLE_PROMPT_MS = 60_000;

/** Milliseconds a permission dialog stays unanswered before `permission_prompt` (Claude Code: 6 s). */
export const PERMISSION_PROMPT_MS = 6_000;

/**
 * Milliseconds the PostToolUse(Failure) hooks of a call the user interrupted (Esc) may still run (Claude Code runs
 * them under a short timeout of their own; pi's signal has already fired).
 */
export const INTERRUPTED_HOOK_TIMEOUT_MS = 5000;

/** The events of pi's `session_compact` (the compaction is done). */
export const AFTER_COMPACTION: readonly LifecycleStep[] = [
	{ event: "PostCompact" },
	{ event: "SessionStart", source: "compact", atLaunch: false },
	{ event: "InstructionsLoaded", loadReason: "compact" },
];
