/**
 * One fixture's result as a report every output of `test` is made from: its text line (`PASS`, `FAIL`, `SKIP`,
 * `UPDATED`, `ERROR`) and the lines under it, and the fields `--json`, `--junit` and `--format github` print: where
 * the case is in its file (line and column), the differences, why no hook ran (codes), the hooks that ran and how
 * they ended, and the notes (hook lint, hooks the per-run check stopped, what lint rejected for its event).
 */
import type { HookVerdict } from "../engine/decide/interpret.ts";
import { runEnd } from "../engine/dry-run/debug-line.ts";
import { failedHooks } from "../engine/fixture/outcome.ts";
import { lintLine, lintOutcome } from "../engine/lint/hook-lint.ts";
import type { CliContext } from "./context.ts";
import { hookTarget, oneLine, safe, shownPath } from "./format.ts";
import type { FixtureResult } from "./judge.ts";
import type { Locator } from "./locate.ts";
import { type FixtureRun, filesChangedText, piSkipText } from "./run-fixture.ts";
import type { NoRunCode } from "./trace.ts";

/** A case's status: as its text line's word, lower case; `error` for a fixture file that cannot be used. */
export type CaseStatus = "pass" | "fail" | "skip" | "updated" | "error";

/** A hook that ran for a case. */
export interface RanHook {
	readonly id: string;
	/** What it runs, one line of at most 100 characters, secrets masked. */
	readonly command: string;
	/** How it ended: `exit 2`, `timed out after 3000 ms`, `killed by SIGKILL`, ... */
	readonly end: string;
}

/** One case (or one fixture file that cannot be used), for every output of `test`. */
export interface CaseReport {
	readonly name: string;
	/** Absolute path of the fixture file. */
	readonly file: string;
	/** Its index in an array file; undefined for a file of one case. */
	readonly index: number | undefined;
	/** Where the case starts in its file, from 1. */
	readonly line: number;
	readonly column: number;
	readonly status: CaseStatus;
	/** The outcome's decision; undefined when nothing was decided (skipped, error). */
	readonly decision: string | undefined;
	/** Why a failed case failed, one line each (an error's message). */
	readonly differences: readonly string[];
	/** Why no hook ran, when that failed the case. */
	readonly noHookRan: readonly NoRunCode[] | undefined;
	readonly ran: readonly RanHook[];
	/** Lines under the case (hook lint, stopped hooks, rejected entries, skip reasons), terminal-safe. */
	readonly notes: readonly string[];
	/** The text line: `PASS name (file)...`. */
	readonly header: string;
	/** The lines under it, each indented by four spaces. */
	readonly body: readonly string[];
}

/** How a run ended, for the difference, with its details: `exit 2`, `timed out after 1000 ms`, ... */
const endOf = (verdict: HookVerdict): string => runEnd(verdict, { details: true });

/** What a verdict's hook runs, shortened to one line of at most 100 characters. */
const commandOf = (verdict: HookVerdict): string => {
	const handler = verdict.entry.handler;
	const text = handler.type === "command" ? [handler.command, ...(handler.args ?? [])].join(" ") : handler.type;
	return text.length > 100 ? `${text.slice(0, 99)}…` : text;
};

/** How a failed hook ended, in a fixture's line: `timed out after 3 s`, `was killed by SIGKILL`, `exit 1`. */
const failedEnd = (verdict: HookVerdict): string => {
	const outcome = verdict.outcome;
	if (outcome.kind === "timed_out") return `timed out after ${outcome.timeoutMs / 1000} s`;
	if (outcome.kind === "signaled") return `was killed by ${outcome.signal}`;
	return endOf(verdict);
};

/**
 * The hooks of a run that failed (an error, a timeout, a crash by a signal), as a note for its fixture's line, e.g.
 * `guard.sh timed out after 3 s: the call proceeds, as in Claude Code`; `""` when none did. Claude Code: a
 * failing hook decides nothing and the action goes on, so such a fixture can pass; the note says it did not decide.
 */
export const failedHooksNote = (run: FixtureRun): string => {
	const failed = failedHooks(run.verdicts);
	if (failed.length === 0) return "";
	const goesOn = run.fixture.event === "PreToolUse" ? "the call proceeds" : "the action goes on";
	const hooks = failed.map((verdict) => `${oneLine(commandOf(verdict))} ${failedEnd(verdict)}`).join("; ");
	return ` (${safe(hooks)}: ${goesOn}, as in Claude Code)`;
};

/**
 * Hook lint of the runs (output Claude Code silently ignores, as the panel's details show it), one
 * `! <command>: <field>: <problem>; <fix>` line per finding.
 */
export const lintNotes = (run: FixtureRun): string[] =>
	run.verdicts.flatMap((verdict) =>
		lintOutcome(verdict.entry.event, verdict.outcome, verdict.entry.handler.type).map(
			(lint) => `! ${safe(oneLine(commandOf(verdict)))}: ${safe(lintLine(lint))}`,
		),
	);

/**
 * The project hooks of a run the per-run check stopped (a covered file changed after the approval), one
 * `not run <command>: <why, naming the files>` line each.
 */
export const stoppedNotes = (ctx: CliContext, run: FixtureRun): string[] =>
	run.notRun
		.filter((hook) => hook.reason === "files_changed")
		.map((hook) => `not run ${safe(oneLine(hookTarget(hook.entry)))}: ${safe(filesChangedText(ctx, hook.entry))}`);

/** The hooks that ran, with how they ended and a part of their stderr. */
const ranLines = (run: FixtureRun): string[] =>
	run.verdicts.map((verdict) => {
		const stderr = "stderr" in verdict.outcome ? oneLine(verdict.outcome.stderr.text).slice(0, 300) : "";
		const said = stderr === "" ? "" : `, stderr: ${stderr}`;
		return `ran ${oneLine(commandOf(verdict))}: ${endOf(verdict)}${said}`;
	});

/** The report of one judged run (`locator` finds where the case is in its file). */
export const caseReport = (ctx: CliContext, result: FixtureResult, locator: Locator): CaseReport => {
	const run = result.run;
	const fixture = run.fixture;
	const label = `${safe(fixture.name)} (${shownPath(fixture.file, process.cwd(), ctx.home)})`;
	const position = locator.position(fixture.file, fixture.index === undefined ? "" : `[${fixture.index}]`);
	const noHookRan = result.kind === "fail" ? result.noRun : undefined;
	// What lint rejected where a hook of the event would have been; a case no hook ran for has it in its why line.
	const rejected =
		noHookRan === undefined
			? result.rows
					.filter((row) => row.entry === undefined)
					.map(
						(row) =>
							`! ${row.verdict} ${shownPath(row.file, process.cwd(), ctx.home)}:${row.line}:` +
							`${row.column}: ${safe(row.why)}`,
					)
			: [];
	const notes = [...stoppedNotes(ctx, run), ...lintNotes(run), ...rejected];
	const differences = result.kind === "fail" ? result.differences.map(safe) : [];
	const base = {
		name: fixture.name,
		file: fixture.file,
		index: fixture.index,
		...position,
		decision: run.outcome?.decision,
		noHookRan,
		ran: run.verdicts.map((verdict) => ({
			id: verdict.entry.id,
			command: safe(oneLine(commandOf(verdict))),
			end: safe(endOf(verdict)),
		})),
	};
	switch (result.kind) {
		case "pass":
			return {
				...base,
				status: "pass",
				differences,
				notes,
				header: `PASS ${label}${failedHooksNote(run)}`,
				body: notes,
			};
		case "updated": {
			const decision = run.outcome?.decision ?? "none";
			const header = `UPDATED ${label}: expect.decision "${decision}"${failedHooksNote(run)}`;
			return { ...base, status: "updated", differences, notes, header, body: notes };
		}
		case "skip": {
			const why = [
				...new Set(
					run.needPi.map(
						({ entry, skip }) =>
							`a ${entry.handler.type} hook matches: ${skip.reason}: ${piSkipText(skip)}`,
					),
				),
			].map(safe);
			return {
				...base,
				status: "skip",
				differences,
				notes: [...why, ...notes],
				header: `SKIP ${label}`,
				body: [...why, ...notes],
			};
		}
		case "fail": {
			const body = [
				...differences,
				...ranLines(run).map(safe),
				...(run.outcome?.failures ?? []).map(safe),
				...notes,
			];
			return { ...base, status: "fail", differences, notes, header: `FAIL ${label}`, body };
		}
	}
};

/** The report of a fixture file that cannot be used (`message` says why; its line and column when it has them). */
export const errorReport = (ctx: CliContext, file: string, message: string): CaseReport => {
	const at = /\(line (\d+),? column (\d+)\)/.exec(message) ?? /line (\d+),? column (\d+)/.exec(message);
	return {
		name: shownPath(file, process.cwd(), ctx.home),
		file,
		index: undefined,
		line: at === null ? 1 : Number(at[1]),
		column: at === null ? 1 : Number(at[2]),
		status: "error",
		decision: undefined,
		differences: [safe(message)],
		noHookRan: undefined,
		ran: [],
		notes: [],
		header: `ERROR ${shownPath(file, process.cwd(), ctx.home)}: ${safe(message)}`,
		body: [],
	};
};
