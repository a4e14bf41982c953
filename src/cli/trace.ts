/**
 * The why-not-run trace of one fixture's run, for `why` (one row a line) and `test` (the rows in one line under a
 * case no hook ran for): each configured hook of the event in configuration order, `ran` with what it did, `not
 * run` with the engine's reason (matcher, `if`, switched off, waiting for approval, ...), `skipped` for a hook the
 * configuration or this command cannot run; then what lint rejected where a hook of the event would have been
 * (`rejected` entries, `unparsable` files, see rejected.ts). And why no hook ran, as codes ({@link NoRunCode}).
 */
import { wouldEffects, wouldLine } from "../engine/dry-run/would.ts";
import { wouldNotRun, wouldNotRunText } from "../engine/dry-run/would-run.ts";
import { eventUsesMatcher, isToolEvent } from "../engine/events/facts.ts";
import { entriesFor } from "../engine/match/index-by-event.ts";
import { notRunSentence } from "../engine/record/not-run-text.ts";
import type { HookEntry } from "../engine/types.ts";
import type { CliContext } from "./context.ts";
import { hookTarget, matcherText, oneLine, safe, shownPath } from "./format.ts";
import { createLocator } from "./locate.ts";
import { type RejectedPlace, rejectedPlaces } from "./rejected.ts";
import { type FixtureRun, filesChangedText, piSkipText } from "./run-fixture.ts";

/** A row's word: what became of a hook, or what lint rejected where one would have been. */
export type TraceVerdict = "ran" | "not run" | "skipped" | "rejected" | "unparsable";

/** One line of the trace. */
export interface TraceRow {
	readonly verdict: TraceVerdict;
	/** The hook; undefined for a rejected entry or a file that does not parse. */
	readonly entry: HookEntry | undefined;
	/** The matcher (`*` for none), the event key as written for a rejected entry, `-` for a whole file. */
	readonly matcher: string;
	/** What the hook runs (secrets masked); `-` for a rejected place. */
	readonly target: string;
	/** Absolute path of the file. */
	readonly file: string;
	readonly line: number;
	readonly column: number;
	/** The engine's not-run reason, or the skip's code; undefined for a hook that ran. */
	readonly code: string | undefined;
	/** Why, in one line. */
	readonly why: string;
}

/**
 * Why no hook ran for a case, as codes (a case `test` fails on, each its own): `settings_unparsable` (a settings
 * file does not parse or cannot be read), `rejected_by_lint` (an entry of the event, or of a misspelling of it, is
 * skipped for a problem), `not_approved` (a project hook that matches is not approved and the run has no
 * `--approve-project-hooks`), `switched_off` (a matching hook is off in /hooks or by disableAllHooks), `not_run`
 * (a matching hook the engine stopped for another reason: the same command ran, its approval's files changed,
 * ...), `not_matched` (the event has hooks, their matchers or `if` refuse this input), `no_hook` (the event has
 * no hook at all).
 */
export const NO_RUN_CODES = [
	"settings_unparsable",
	"rejected_by_lint",
	"not_approved",
	"switched_off",
	"not_run",
	"not_matched",
	"no_hook",
] as const;

/** A reason code of a case no hook ran for (see {@link NO_RUN_CODES}). */
export type NoRunCode = (typeof NO_RUN_CODES)[number];

/** The row of a rejected place. */
const placeRow = (place: RejectedPlace): TraceRow => ({
	verdict: place.kind,
	entry: undefined,
	matcher: place.eventKey === undefined ? "-" : safe(place.eventKey),
	target: "-",
	file: place.file,
	line: place.line,
	column: place.column,
	code: place.kind === "unparsable" ? "settings_unparsable" : "rejected_by_lint",
	why: oneLine(place.message),
});

/** The rows of one run's trace: its hooks in configuration order, then the rejected places of its event. */
export const traceRows = (ctx: CliContext, run: FixtureRun): TraceRow[] => {
	const locator = createLocator();
	const rows = new Map<HookEntry, TraceRow>();
	const query = typeof run.fixture.input.tool_name === "string" ? run.fixture.input.tool_name : undefined;
	const row = (entry: HookEntry, verdict: TraceVerdict, code: string | undefined, why: string): TraceRow => {
		const position = locator.position(entry.source.file, entry.jsonPath);
		const target = hookTarget(entry);
		const file = entry.source.file;
		return { verdict, entry, matcher: matcherText(entry), target, file, ...position, code, why: oneLine(why) };
	};
	for (const verdict of run.verdicts) {
		const would = wouldEffects(verdict, query).map(wouldLine).join("; ");
		rows.set(verdict.entry, row(verdict.entry, "ran", undefined, would));
	}
	for (const hook of run.notRun) {
		const skipped = ctx.config.skipped.some((s) => s.entry === hook.entry);
		const why =
			hook.reason === "unapproved"
				? "a project hook not approved in pi: it runs only with --approve-project-hooks"
				: hook.reason === "files_changed"
					? filesChangedText(ctx, hook.entry)
					: notRunSentence(hook, query);
		rows.set(hook.entry, row(hook.entry, skipped ? "skipped" : "not run", hook.reason, why));
	}
	for (const { entry, skip } of run.needPi)
		rows.set(entry, row(entry, "skipped", skip.reason, `it matches, but ${skip.reason}: ${piSkipText(skip)}`));
	for (const entry of run.idleNeedPi) {
		const reason = wouldNotRun(entry, run.stdin, {
			allOff: ctx.config.disableAllHooks,
			enabled: ctx.isEnabled(entry),
			cwd: ctx.session.cwd,
			projectDir: ctx.projectDir,
			home: ctx.home,
		});
		const why = reason === undefined ? "its matcher does not match this input" : wouldNotRunText(entry, reason);
		rows.set(entry, row(entry, "not run", reason ?? "matcher", why));
	}
	const order = [...ctx.config.entries, ...ctx.config.skipped.map((skipped) => skipped.entry)];
	const hooks = order.flatMap((entry) => {
		const found = rows.get(entry);
		return found === undefined ? [] : [found];
	});
	return [...hooks, ...rejectedPlaces(ctx, run.fixture.event).map(placeRow)];
};

/** True when an unapproved project hook would run for the run's input once approved (matcher and `if` accept). */
const wouldMatch = (ctx: CliContext, run: FixtureRun, entry: HookEntry): boolean => {
	const event = run.fixture.event;
	if (isToolEvent(event)) {
		const context = { allOff: false, enabled: true, cwd: ctx.session.cwd, projectDir: ctx.projectDir };
		return wouldNotRun(entry, run.stdin, { ...context, home: ctx.home }) === undefined;
	}
	return !eventUsesMatcher(event) || run.matchValue === undefined || entry.matcher.test(run.matchValue);
};

/** Why no hook ran for `run` (call it only when none did), each code once, in {@link NO_RUN_CODES} order. */
export const noRunCodes = (ctx: CliContext, run: FixtureRun, rows: readonly TraceRow[]): NoRunCode[] => {
	const codes = new Set<NoRunCode>();
	for (const row of rows) {
		if (row.code === "settings_unparsable" || row.code === "rejected_by_lint") codes.add(row.code);
	}
	for (const hook of run.notRun) {
		if (hook.reason === "unapproved") codes.add(wouldMatch(ctx, run, hook.entry) ? "not_approved" : "not_matched");
		else if (hook.reason === "disabled" || hook.reason === "all_off") codes.add("switched_off");
		else if (hook.reason === "matcher" || hook.reason === "if") codes.add("not_matched");
		else codes.add("not_run");
	}
	if (run.idleNeedPi.length > 0) codes.add("not_matched");
	const configured = entriesFor(ctx.config, run.fixture.event).length > 0 || run.notRun.length > 0;
	if (!configured) codes.add("no_hook");
	if (codes.size === 0) codes.add("not_run");
	return NO_RUN_CODES.filter((code) => codes.has(code));
};

/** A row as a line of `why`'s table: its cells. */
export const rowCells = (ctx: CliContext, row: TraceRow): string[] => {
	const place = `${shownPath(row.file, process.cwd(), ctx.home)}:${row.line}:${row.column}`;
	return [`  ${row.verdict}`, row.matcher, row.target, place, safe(row.why)];
};

/** The trace in one line (under a case no hook ran for): `not run Write true (.claude/settings.json:7:6): ...`. */
export const traceLine = (ctx: CliContext, rows: readonly TraceRow[]): string =>
	rows.length === 0
		? "no hook is configured for this event"
		: rows
				.map((row) => {
					const place = `${shownPath(row.file, process.cwd(), ctx.home)}:${row.line}:${row.column}`;
					const what =
						row.entry === undefined ? (row.matcher === "-" ? "" : ` ${row.matcher}`) : ` ${row.target}`;
					return `${row.verdict}${what} (${place}): ${safe(row.why)}`;
				})
				.join("; ");
