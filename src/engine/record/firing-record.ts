/**
 * The firing record: what one event's dispatch ran, what it did not run and why, and the stdin it sent. The
 * engine hands one to `onRecord` per event with configured hooks; the firing log, the journal and the panel read
 * it. One explicit type with named operations: copies go through {@link withVerdicts} and {@link withParts}.
 */
import type { HookVerdict } from "../decide/interpret.ts";
import type { HookEntry, HookEventName, SkipReason } from "../types.ts";
import { type Part, readPart } from "./lazy.ts";

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

/** The plain facts of a firing record: when, which event, what ran. */
export interface RecordFacts {
	/** Increasing number per engine. */
	readonly seq: number;
	/** Epoch milliseconds when the event fired. */
	readonly time: number;
	readonly event: HookEventName;
	/** The value matchers were tested against (Claude Code tool name for tool events). */
	readonly matchQuery: string | undefined;
	/** A short form of the event's input (e.g. the bash command), for one-line display. */
	readonly summary: string;
	/** Hooks that ran, in finish order (async hooks excluded). */
	readonly verdicts: readonly HookVerdict[];
	/** True for a test run from the /hooks panel: it decided nothing in the session. */
	readonly test?: true;
}

/**
 * What the record holds before anyone reads its lazy parts, for estimates that must not build them: the
 * characters of stdin (for a stdin built on first read, what its cell holds; the tool input itself is pi's) and
 * the `notRun` objects (those the selection turned down; the matcher's are built when read).
 */
export interface SizeHint {
	readonly stdinChars: number;
	readonly notRunHeld: number;
}

/** What the user answered when the record's hooks asked (a PreToolUse `ask`): Claude Code's dialog, or no UI. */
export type AskAnswer = "allowed" | "denied" | "no_ui";

/** The three {@link AskAnswer} values, for reading them back (a journal line). */
export const ASK_ANSWERS: readonly AskAnswer[] = ["allowed", "denied", "no_ui"];

/**
 * Where a record's {@link AskAnswer} goes once pi knows it (after the record was logged); shared by its copies.
 * A listener hears it (the journal writes it then).
 */
export class AnswerCell {
	value: AskAnswer | undefined;
	listener: ((value: AskAnswer) => void) | undefined;
}

/** The parts of a record that may be built on first read ({@link Lazy} cells, shared by the record's copies). */
export interface RecordParts {
	/**
	 * The stdin JSON line sent to every hook; of a record that is already the log's row (a call no hook
	 * matched), the log's masked excerpt of what a hook would have got.
	 */
	readonly stdin: Part<string>;
	/** Hooks of the event that did not run, and why, in configuration order, then its skipped hooks. */
	readonly notRun: Part<readonly NotRunHook[]>;
	/**
	 * Set only on a record whose `stdin` is already the log's masked excerpt (a call no hook matched): the stdin a
	 * hook would have got, unmasked, for a replay.
	 */
	readonly replay?: Part<string>;
	readonly sizeHint?: SizeHint;
	/** The user's answer to an `ask` (a PreToolUse record's; the others have none). */
	readonly answer?: AnswerCell | undefined;
}

/**
 * One event's firing: what ran, what did not, and the stdin that was sent. Its stdin and `notRun` may be built
 * on first read; they live in {@link RecordParts} cells, so a copy made with {@link withVerdicts} or
 * {@link withParts} shares them (built once, whichever copy reads first). The private field makes the type
 * nominal: a spread `{...record}`, which would lose the parts, is not a `FiringRecord`.
 */
export class FiringRecord implements RecordFacts {
	readonly seq: number;
	readonly time: number;
	readonly event: HookEventName;
	readonly matchQuery: string | undefined;
	readonly summary: string;
	readonly verdicts: readonly HookVerdict[];
	readonly test?: true;
	readonly sizeHint: SizeHint | undefined;
	readonly #stdin: Part<string>;
	readonly #notRun: Part<readonly NotRunHook[]>;
	readonly #replay: Part<string> | undefined;
	readonly #answer: AnswerCell | undefined;

	constructor(facts: RecordFacts, parts: RecordParts) {
		this.seq = facts.seq;
		this.time = facts.time;
		this.event = facts.event;
		this.matchQuery = facts.matchQuery;
		this.summary = facts.summary;
		this.verdicts = facts.verdicts;
		if (facts.test === true) this.test = true;
		this.sizeHint = parts.sizeHint;
		this.#stdin = parts.stdin;
		this.#notRun = parts.notRun;
		this.#replay = parts.replay;
		// Only a tool call's hooks can ask; the cell is made once and shared by the record's copies.
		this.#answer = parts.answer ?? (facts.event === "PreToolUse" ? new AnswerCell() : undefined);
	}

	/** What the user answered to the hooks' `ask`; undefined while not asked (or not yet answered). */
	get answer(): AskAnswer | undefined {
		return this.#answer?.value;
	}

	/** Sets the user's answer to the hooks' `ask` (pi knows it after the record was logged); seen by every copy. */
	answered(value: AskAnswer): void {
		if (this.#answer === undefined) return;
		this.#answer.value = value;
		this.#answer.listener?.(value);
	}

	/** Calls `listener` when the answer is set from now on (one listener per record: the journal's). */
	onAnswer(listener: (value: AskAnswer) => void): void {
		if (this.#answer !== undefined) this.#answer.listener = listener;
	}

	/** The stdin (see {@link RecordParts.stdin}); built on first read when lazy. */
	get stdin(): string {
		return readPart(this.#stdin);
	}

	/** Hooks that did not run and why (see {@link RecordParts.notRun}); built on first read when lazy. */
	get notRun(): readonly NotRunHook[] {
		return readPart(this.#notRun);
	}

	/** The unmasked stdin of a record that is already the log's row (see {@link RecordParts.replay}). */
	get replay(): string | undefined {
		return this.#replay === undefined ? undefined : readPart(this.#replay);
	}

	/** True when the record is already as the firing log keeps it (a call no hook matched: see `replay`). */
	get isLogRow(): boolean {
		return this.#replay !== undefined;
	}

	/** The record's parts as they are (unbuilt cells stay unbuilt), for a copy. */
	get parts(): RecordParts {
		return {
			stdin: this.#stdin,
			notRun: this.#notRun,
			replay: this.#replay,
			sizeHint: this.sizeHint,
			answer: this.#answer,
		};
	}
}

/** The facts of a record, for a copy. */
export const recordFacts = (record: FiringRecord): RecordFacts => ({
	seq: record.seq,
	time: record.time,
	event: record.event,
	matchQuery: record.matchQuery,
	summary: record.summary,
	verdicts: record.verdicts,
	...(record.test === true ? { test: true as const } : {}),
});

/** A record's facts with its stdin and `notRun` as plain values. */
export type RecordData = RecordFacts & { readonly stdin: string; readonly notRun: readonly NotRunHook[] };

/** A record of plain values (a journal line read back, a test's or a screenshot's record). */
export const firingRecord = (data: RecordData): FiringRecord =>
	new FiringRecord(data, { stdin: data.stdin, notRun: data.notRun });

/** The record with some facts changed (another event, verdicts, a test mark), its lazy parts shared. */
export const withFacts = (record: FiringRecord, changes: Partial<RecordFacts>): FiringRecord =>
	new FiringRecord({ ...recordFacts(record), ...changes }, record.parts);

/** The record with other verdicts (e.g. with lint findings), its lazy parts shared. */
export const withVerdicts = (record: FiringRecord, verdicts: readonly HookVerdict[]): FiringRecord =>
	new FiringRecord({ ...recordFacts(record), verdicts }, record.parts);

/** The record with some parts and verdicts replaced (an excerpt, a slimmed copy), the others shared. */
export const withParts = (
	record: FiringRecord,
	verdicts: readonly HookVerdict[],
	parts: Partial<RecordParts>,
): FiringRecord => new FiringRecord({ ...recordFacts(record), verdicts }, { ...record.parts, ...parts });
