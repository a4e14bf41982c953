/**
 * The firing record: what one event's dispatch ran, what it did not run and why, and the stdin it sent. The
 * engine hands one to `onRecord` per event with configured hooks; the firing log, the journal and the panel read
 * it.
 */
import type { HookVerdict } from "../interpret.ts";
import type { HookEntry, HookEventName, SkipReason } from "../types.ts";

/**
 * Why a configured hook did not run for an event: its matcher or `if` did not match, it is switched off, the same
 * handler already ran, everything is off, `once` and it ran already, `mcp_at_launch` (an `mcp_tool` hook on the
 * SessionStart of pi's start, which comes before MCP servers connect: Claude Code skips those), `files_changed`
 * (a project hook the per-run trust check stopped: a file its approval covers changed), or a {@link SkipReason}
 * of the configuration.
 */
export type NotRunReason =
	| "matcher"
	| "if"
	| "disabled"
	| "duplicate"
	| "all_off"
	| "once"
	| "mcp_at_launch"
	| "files_changed"
	| SkipReason;

/** A configured hook of the event that did not run, and why ("why didn't my hook fire?"). */
export interface NotRunHook {
	readonly entry: HookEntry;
	readonly reason: NotRunReason;
}

/** One event's firing: what ran, what did not, and the stdin that was sent. */
export interface FiringRecord {
	/** Increasing number per engine. */
	readonly seq: number;
	/** Epoch milliseconds when the event fired. */
	readonly time: number;
	readonly event: HookEventName;
	/** The value matchers were tested against (Claude Code tool name for tool events). */
	readonly matchQuery: string | undefined;
	/** A short form of the event's input (e.g. the bash command), for one-line display. */
	readonly summary: string;
	/**
	 * The stdin JSON sent to every hook; of an event no hook matched (an `UnmatchedRow`), the log's masked excerpt
	 * of what a hook would have got.
	 */
	readonly stdin: string;
	/** Hooks that ran, in finish order (async hooks excluded). */
	readonly verdicts: readonly HookVerdict[];
	/**
	 * Hooks of the event that did not run, and why, in configuration order, then its skipped hooks. Built on
	 * first read (the no-match path only matches): a copy of the record must keep the getter, not spread it.
	 */
	readonly notRun: readonly NotRunHook[];
	/** True for a test run from the /hooks panel: it decided nothing in the session. */
	readonly test?: true;
	/**
	 * What the record holds before anyone reads its lazy fields, for estimates that must not build them: the
	 * characters of stdin (for a stdin built on first read, what its closure holds; the tool input itself is pi's)
	 * and the `notRun` objects (those the selection turned down; the matcher's are built when read).
	 */
	readonly sizeHint?: { readonly stdinChars: number; readonly notRunHeld: number };
}
