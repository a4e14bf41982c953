/**
 * What the /hooks panel reads and changes, as ports: each port is one concern the host (pi, a test, a
 * screenshot script) implements in full. A feature the host does not have at all (change-aware trust, the
 * journal, the context-cards setting) is a port given as `undefined`, never half a port.
 */

import type { FileSnapshot, HookChange, SaveResult } from "../../engine/config/edit.ts";
import type { DeletedHook } from "../../engine/config/undo-delete.ts";
import type { TestRunOutcome } from "../../engine/dispatch/types.ts";
import type { FiringRecord } from "../../engine/engine.ts";
import type { ExtensionFirers } from "../../engine/events/extension-events.ts";
import type { PreflightFinding } from "../../engine/lint/preflight.ts";
import type { SessionInfo } from "../../engine/payload/base.ts";
import type { RunSpan } from "../../engine/record/cost.ts";
import type { DiffLine } from "../../engine/trust/line-diff.ts";
import type { HookConfig, HookEntry, HookSource } from "../../engine/types.ts";
import type { FiringLog } from "./firing-log.ts";
import type { TestRunner } from "./test-view.ts";

/** The cost view's budget when the host keeps none, in milliseconds (a hook run the user would notice). */
export const DEFAULT_COST_BUDGET_MS = 500;

/** The hooks, their switches and the kill switch. */
export interface HooksPort {
	/** The live configuration; undefined before the session started. */
	config(): HookConfig | undefined;
	/** The settings files the panel writes (the five of Claude Code and pi). */
	readonly sources: readonly HookSource[];
	isEnabled(entry: HookEntry): boolean;
	/** Switches one hook on or off (persisted); returns an error text when it could not be saved. */
	setEnabled(entry: HookEntry, enabled: boolean): string | undefined;
	/** True while the kill switch has every hook off. */
	allOff(): boolean;
	/** Who fires the events only other extensions fire in this session; undefined outside pi. */
	firers?(): ExtensionFirers;
	/** Flips the kill switch. */
	toggleAllOff(): void;
	/** `ctx.isProjectTrusted()`. */
	trusted(): boolean;
	/**
	 * Why the panel must not write `entry`'s file although it is a settings file (a throw-away copy); else
	 * undefined.
	 */
	readOnlyReason(entry: HookEntry): string | undefined;
}

/** Saving hook edits to the settings files. */
export interface EditsPort {
	/** Reads a settings file for a later save. */
	snapshot(file: string): FileSnapshot | { readonly error: string };
	/** Saves one change (refused when the file changed on disk); moves a disabled mark to an edited hook's new id. */
	save(snapshot: FileSnapshot, change: HookChange, previous: HookEntry | undefined): SaveResult;
	/**
	 * Puts a hook deleted in the panel back into its file (byte for byte when the file is as the delete left it);
	 * `switchedOff`: it was switched off, and is again.
	 */
	restore(deleted: DeletedHook, switchedOff: boolean): SaveResult;
	/** The handler object of an existing hook as written in the snapshot. */
	readHandler(snapshot: FileSnapshot, entry: HookEntry): Readonly<Record<string, unknown>> | undefined;
}

/** The live firing log of this session. */
export interface LogPort {
	readonly firings: FiringLog;
	/** The running session's id (shown on its log rows next to earlier sessions'); undefined before it started. */
	sessionId(): string | undefined;
	/** Epoch milliseconds now (relative times in the log filter). */
	now(): number;
	/** The stdin a logged event sent: exact when it was kept, else the log's excerpt (masked, maybe cut). */
	recordedInput(record: FiringRecord): { readonly stdin: string; readonly exact: boolean };
}

/** A firing record with the id of the session it belongs to. */
export interface SessionRecord {
	readonly record: FiringRecord;
	readonly session: string;
}

/** The journal of earlier sessions. */
export interface JournalPort {
	/** The journal's records of earlier sessions, oldest first (read when called); undefined without a journal. */
	history(): readonly SessionRecord[] | undefined;
	/**
	 * Writes `records` as JSON lines (the journal's format) to a new file; returns the file (`throwaway`: it is in
	 * `npm run try`'s throw-away agent dir, deleted when try exits) or why it failed.
	 */
	exportRecords(
		records: readonly SessionRecord[],
	): { readonly file: string; readonly throwaway?: boolean } | { readonly error: string };
	/** The agent runs the journal recorded (every session's, this one's so far), oldest first (read when called). */
	runs(): readonly RunSpan[];
}

/** Test runs of one hook. */
export interface TestRunPort {
	/** The session facts hooks get now (the `if` check of a test run's note); undefined before it started. */
	session(): SessionInfo | undefined;
	/** A sample stdin for a test run of `entry`, in Claude Code's shape for its event. */
	sampleInput(entry: HookEntry): string;
	/** Runs `entry` now with `stdin` as a dry run (logged as a test); undefined when no session is running. */
	readonly run: TestRunner;
	/**
	 * Saves a run's case (its stdin and outcome) as a fixture file of `pi-hook-manager test` in the project
	 * (`.pi/hook-tests/`); the file as shown, or why it was not saved.
	 */
	saveCase(stdin: string, outcome: TestRunOutcome): { readonly file: string } | { readonly error: string };
	/**
	 * Saves logged events as fixtures (one file each, their stdin and what their hooks decided as `expect`); the
	 * folder as shown, how many were written and how many were not (their stdin kept only as a cut excerpt that is
	 * no JSON object), or why none could be.
	 */
	saveRecords(
		records: readonly FiringRecord[],
	): { readonly dir: string; readonly saved: number; readonly unusable: number } | { readonly error: string };
}

/**
 * What Yes on the approval screen did: `approved` (`problem`: saving failed), `moved`: nothing approved, as `moved`
 * of the shown hooks changed (a definition, or a covered file) since they were shown; `again` is each shown hook as
 * it is now, to show again (none left: nothing waits any more); `failed`: nothing approved, with why.
 */
export type ApproveAnswer =
	| { readonly kind: "approved"; readonly problem?: string }
	| { readonly kind: "moved"; readonly moved: number; readonly again: readonly HookEntry[] }
	| { readonly kind: "failed"; readonly problem: string };

/** Project hooks as the approval screen shows them: what it shows, and Yes for exactly that content. */
export interface ShownApprovals {
	/** Every field of each definition and the scripts they run, with what changed (terminal-safe). */
	readonly lines: readonly string[];
	/** Approves what `lines` show, and nothing when any of it changed since (issue #40). Never throws. */
	approve(): ApproveAnswer;
}

/** Change-aware trust: project hooks that wait for the user's approval. */
export interface ApprovalPort {
	/** True for a project hook that waits for the user's approval. */
	needsApproval(entry: HookEntry): boolean;
	/** `entries` as they are now, to show and approve as shown. */
	show(entries: readonly HookEntry[]): ShownApprovals;
}

/** A covered file of a changed hook that differs from when the user last saw the hook. */
export interface ChangedFile {
	/** As shown: project-relative, `~/...`, `${CLAUDE_PLUGIN_ROOT}/...`. */
	readonly shown: string;
	readonly change: "changed" | "added" | "removed";
}

/** A hook that is new or changed since the user last looked at it (the tripwire, issue #25). */
export interface ChangedHook {
	readonly entry: HookEntry;
	readonly change: "new" | "changed";
	/** The command as last seen, secrets masked (a changed hook's). */
	readonly before?: string;
	/** The lines of its definition that differ from the one last seen (none for a new hook). */
	readonly diff: readonly DiffLine[];
	/** Its covered files that differ from when it was last seen. */
	readonly files: readonly ChangedFile[];
}

/** The tripwire: which hooks of this run were new or changed since the user last looked. */
export interface TripwirePort {
	/** This run's new and changed hooks, in the configuration's order (read when called). */
	changed(): readonly ChangedHook[];
}

/** How routine context decisions show: `quiet` (no card, not counted in the footer) or `cards`. */
export interface ContextCardsPort {
	get(): "quiet" | "cards";
	/** Saves the choice; returns why it could not be saved. */
	set(value: "quiet" | "cards"): string | undefined;
}

/** The cost view's budget: a hook whose 95th-percentile run takes longer is highlighted. */
export interface CostBudgetPort {
	/** The budget in milliseconds. */
	get(): number;
	/** Saves a new budget (milliseconds, > 0); returns why it could not be saved. */
	set(ms: number): string | undefined;
}

/** The user's own editor (`$VISUAL`/`$EDITOR`), which gets the terminal while it edits a file. */
export interface ExternalEditorPort {
	/** The editor command; undefined when none is set. */
	command(): string | undefined;
	/** The script file `entry`'s command runs (absolute); undefined when it runs none the host can find. */
	script(entry: HookEntry): string | undefined;
	/** Opens `file` (at `line`, from 1, where the editor can); resolves when it exits: undefined, or why it failed. */
	open(file: string, line: number | undefined): Promise<string | undefined>;
}

/**
 * What keeps a command hook from running on this machine (`engine/lint/preflight.ts`): looked up when the panel
 * asks (it is opened), each hook once for the port's life; nothing is run.
 */
export interface PreflightPort {
	/** The findings of `entry`; none for other handler types. */
	check(entry: HookEntry): readonly PreflightFinding[];
	/** The project root: paths inside it are shown relative to it. */
	readonly projectDir: string;
}

/** Everything the panel reads and changes; the extension wires these to the runtime, the state file and the disk. */
export interface PanelServices {
	readonly hooks: HooksPort;
	readonly edits: EditsPort;
	readonly log: LogPort;
	readonly tests: TestRunPort;
	/** Undefined without change-aware trust: switching on a project hook then just switches it. */
	readonly approvals: ApprovalPort | undefined;
	/** Undefined without a journal: the log shows this session only and offers no export. */
	readonly journal: JournalPort | undefined;
	/** Undefined when the host has no such setting: the panel offers no key for it. */
	readonly contextCards: ContextCardsPort | undefined;
	/** Undefined when the host keeps no budget: the cost view uses {@link DEFAULT_COST_BUDGET_MS} and offers no key. */
	readonly costBudget?: CostBudgetPort | undefined;
	/** Undefined when the host cannot hand the terminal to another program (tests, screenshots): no key for it. */
	readonly externalEditor?: ExternalEditorPort | undefined;
	/** Undefined when the host does not look at the machine (screenshots): hooks show no preflight. */
	readonly preflight?: PreflightPort | undefined;
	/** Undefined without the tripwire: the panel has no "new or changed" view. */
	readonly tripwire?: TripwirePort | undefined;
}

/** What the panel needs from the TUI around it. */
export interface PanelHost {
	requestRender(): void;
	/** Closes the overlay. */
	close(): void;
	/** Terminal rows, to size the panel. */
	rows(): number;
	/** Runs `callback` after `ms` (re-render once the live configuration picked up a save). */
	schedule(callback: () => void, ms: number): void;
}
