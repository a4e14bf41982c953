/**
 * Whether a fixture's run passes: its outcome against `expect`, and whether the hooks it is about ran. A case
 * passes only when a hook ran for its input (a green run that tested nothing is a failure): without `expect.ran`
 * at least one must run, `"ran": [...]` names the hooks (ids or commands) that must, `"ran": N` says how many
 * (`0`: a case about nothing running). A case no hook ran for fails with the reason codes (trace.ts) and the
 * `why` trace in one line.
 */
import { compareOutcome, failedHooks } from "../engine/fixture/outcome.ts";
import { handlerTarget } from "../engine/text/messages.ts";
import type { HookEntry } from "../engine/types.ts";
import type { CliContext } from "./context.ts";
import type { FixtureRun } from "./run-fixture.ts";
import { type NoRunCode, noRunCodes, type TraceRow, traceLine, traceRows } from "./trace.ts";

/** What one fixture came to. */
export type FixtureResult =
	| { readonly kind: "pass" | "updated"; readonly run: FixtureRun; readonly rows: readonly TraceRow[] }
	| {
			readonly kind: "fail";
			readonly run: FixtureRun;
			readonly rows: readonly TraceRow[];
			readonly differences: readonly string[];
			/** Why no hook ran, when none did and the case needed one. */
			readonly noRun?: readonly NoRunCode[];
	  }
	| { readonly kind: "skip"; readonly run: FixtureRun; readonly rows: readonly TraceRow[] };

/** What to do about each reason, after its code. */
const NO_RUN_TEXT: Readonly<Record<NoRunCode, string>> = {
	settings_unparsable: "a settings file does not parse or cannot be read: its hooks are not there",
	rejected_by_lint: "lint rejects an entry of this event (pi-hook-manager lint shows it): it is skipped",
	not_approved:
		"a project hook that matches is not approved in pi: approve it there (/hooks approve) or pass " +
		"--approve-project-hooks",
	switched_off: "a hook that matches is switched off (in /hooks, or by disableAllHooks)",
	not_run: "a hook that matches was stopped (see why)",
	not_matched: "the event's hooks do not match this input (their matcher or if)",
	no_hook: "no hook is configured for this event",
};

/** The lines of a case no hook ran for: the codes with what to do, and the trace in one line. */
export const noRunLines = (ctx: CliContext, codes: readonly NoRunCode[], rows: readonly TraceRow[]): string[] => [
	`no hook ran: ${codes.map((code) => `${code} (${NO_RUN_TEXT[code]})`).join("; ")}`,
	`why: ${traceLine(ctx, rows)}`,
];

/** True when `name` (a `ran` item) names `entry`: its id, or a part of its command (with args), URL or prompt. */
export const namesHook = (name: string, entry: HookEntry): boolean => {
	if (name === entry.id) return true;
	const handler = entry.handler;
	const command = handler.type === "command" ? [handler.command, ...(handler.args ?? [])].join(" ") : "";
	return (command !== "" && command.includes(name)) || handlerTarget(entry).includes(name);
};

/** The differences of a run against its `ran` expectation (`ran` undefined: at least one hook). */
const ranDifferences = (
	ctx: CliContext,
	run: FixtureRun,
	rows: readonly TraceRow[],
	ran: number | readonly string[] | undefined,
): { differences: string[]; noRun?: NoRunCode[] } => {
	const count = run.verdicts.length;
	const ranNames = (): string => run.verdicts.map((verdict) => handlerTarget(verdict.entry)).join(", ");
	if (count === 0 && ran !== 0) {
		const noRun = noRunCodes(ctx, run, rows);
		return { differences: noRunLines(ctx, noRun, rows), noRun };
	}
	if (ran === undefined) return { differences: [] };
	if (typeof ran === "number")
		return ran === count
			? { differences: [] }
			: {
					differences: [
						ran === 0
							? `ran: expected no hook to run, got ${count}: ${ranNames()}`
							: `ran: expected ${ran} hook(s) to run, got ${count}: ${ranNames()}`,
					],
				};
	const missing = (ran as readonly string[]).filter(
		(name) => !run.verdicts.some((verdict) => namesHook(name, verdict.entry)),
	);
	return {
		differences: missing.map((name) => {
			const row = rows.find((item) => item.entry !== undefined && namesHook(name, item.entry));
			const why = row === undefined ? "no configured hook has that id or command" : `${row.verdict}: ${row.why}`;
			return `ran: expected ${JSON.stringify(name)} to run, it did not (${why}); ran: ${ranNames() || "nothing"}`;
		}),
	};
};

/** The result of one run against its fixture (`update`: the outcome becomes the expectation, if hooks ran). */
export const judge = (ctx: CliContext, run: FixtureRun, update: boolean): FixtureResult => {
	const rows = traceRows(ctx, run);
	const outcome = run.outcome;
	if (outcome === undefined) return { kind: "skip", run, rows };
	const expect = run.fixture.expect;
	const ran = ranDifferences(ctx, run, rows, expect?.ran);
	if (update) {
		if (ran.differences.length === 0) return { kind: "updated", run, rows };
		const keep =
			run.verdicts.length === 0
				? ['nothing recorded: no hook ran (if the case is about nothing running, write "ran": 0 in expect)']
				: [];
		return { kind: "fail", run, rows, ...ran, differences: [...ran.differences, ...keep] };
	}
	if (expect === undefined)
		return {
			kind: "fail",
			run,
			rows,
			...ran,
			differences: ["no expect yet: run with --update to record the current outcome", ...ran.differences],
		};
	const differences = [...compareOutcome(expect, outcome, failedHooks(run.verdicts).length), ...ran.differences];
	return differences.length === 0
		? { kind: "pass", run, rows }
		: { kind: "fail", run, rows, differences, ...(ran.noRun === undefined ? {} : { noRun: ran.noRun }) };
};
