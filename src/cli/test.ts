/**
 * `pi-hook-manager test [FIXTURE|DIR ...] [--update]`: runs each fixture's event through the configured hooks
 * (in parallel, each hook within its own timeout) and compares the outcome with the fixture's `expect`. One line
 * per fixture (`PASS`, `FAIL` with the difference below it, `SKIP` for a case a hook matches that cannot run here:
 * a prompt or agent hook without pi's model, an mcp_tool hook, each with its reason code below it), then
 * exactly `N passed, N failed`. `--update` writes the current outcomes into the fixtures' `expect` instead.
 * Exit code 1 when any fixture failed, 2 when a fixture file cannot be read (it counts as failed too).
 */
import { availableParallelism } from "node:os";
import type { HookVerdict } from "../engine/decide/interpret.ts";
import { compareOutcome, expectFor, failedHooks } from "../engine/fixture/outcome.ts";
import { withProjectPlaceholder } from "../engine/fixture/project-paths.ts";
import { writeFileAtomic } from "../engine/io/atomic-write.ts";
import { lintLine, lintOutcome } from "../engine/lint/hook-lint.ts";
import type { CliContext } from "./context.ts";
import { type FixtureExpect, type FixtureFile, fixtureTextWith } from "./fixture.ts";
import { fixtureFiles, readFixtureFile } from "./fixture-files.ts";
import { hookTarget, oneLine, safe, shownPath } from "./format.ts";
import { type FixtureRun, filesChangedText, piSkipText, runFixture } from "./run-fixture.ts";

/** Fixtures run at once: enough to keep the cores busy while hooks wait, few enough not to swamp them. */
export const FIXTURE_CONCURRENCY = Math.max(4, availableParallelism() * 4);

/** What one fixture came to. */
export type FixtureResult =
	| { readonly kind: "pass" | "updated"; readonly run: FixtureRun }
	| { readonly kind: "fail"; readonly run: FixtureRun; readonly differences: readonly string[] }
	| { readonly kind: "skip"; readonly run: FixtureRun };

/** Runs `work` over `items` with at most `limit` at once; results in the items' order. */
export const mapLimited = async <T, R>(
	items: readonly T[],
	limit: number,
	work: (item: T) => Promise<R>,
): Promise<R[]> => {
	const results: R[] = new Array(items.length);
	let next = 0;
	const lane = async (): Promise<void> => {
		while (next < items.length) {
			const index = next++;
			results[index] = await work(items[index] as T);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
	return results;
};

/** How a run ended, for the difference: `exit 2`, `timed out`, `could not start`. */
const endOf = (verdict: HookVerdict): string => {
	const outcome = verdict.outcome;
	switch (outcome.kind) {
		case "exited":
			return `exit ${outcome.code}`;
		case "signaled":
			return `killed by ${outcome.signal}`;
		case "timed_out":
			return `timed out after ${outcome.timeoutMs} ms`;
		case "aborted":
			return "cancelled";
		case "spawn_failed":
			return `could not start: ${outcome.message}`;
		case "request_failed":
			return `request failed: ${outcome.message}`;
	}
};

/** The lines under a failed fixture: the differences, the hooks that ran and how they ended, their failures. */
const failureLines = (result: Extract<FixtureResult, { kind: "fail" }>): string[] => {
	const run = result.run;
	const ran =
		run.verdicts.length === 0
			? ["no hook ran for this input (pi-hook-manager why FIXTURE says why)"]
			: run.verdicts.map((verdict) => {
					const stderr =
						"stderr" in verdict.outcome ? oneLine(verdict.outcome.stderr.text).slice(0, 300) : "";
					const said = stderr === "" ? "" : `, stderr: ${stderr}`;
					return `ran ${oneLine(commandOf(verdict))}: ${endOf(verdict)}${said}`;
				});
	return [...result.differences, ...ran, ...(run.outcome?.failures ?? [])].map((line) => `    ${safe(line)}`);
};

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
 * Hook lint of the runs (output Claude Code silently ignores, as the panel's details show it), one indented
 * `! <command>: <field>: <problem>; <fix>` line per finding, under any fixture's line.
 */
export const lintNotes = (run: FixtureRun): string[] =>
	run.verdicts.flatMap((verdict) =>
		lintOutcome(verdict.entry.event, verdict.outcome, verdict.entry.handler.type).map(
			(lint) => `    ! ${safe(oneLine(commandOf(verdict)))}: ${safe(lintLine(lint))}`,
		),
	);

/**
 * The project hooks of a run the per-run check stopped (a covered file changed after the approval), one indented
 * `not run <command>: <why, naming the files>` line each, under any fixture's line.
 */
export const stoppedNotes = (ctx: CliContext, run: FixtureRun): string[] =>
	run.notRun
		.filter((hook) => hook.reason === "files_changed")
		.map(
			(hook) =>
				`    not run ${safe(oneLine(hookTarget(hook.entry)))}: ${safe(filesChangedText(ctx, hook.entry))}`,
		);

/** The result of one run against its fixture (`update`: the outcome becomes the expectation). */
const judge = (run: FixtureRun, update: boolean): FixtureResult => {
	const outcome = run.outcome;
	if (outcome === undefined) return { kind: "skip", run };
	if (update) return { kind: "updated", run };
	const expect = run.fixture.expect;
	if (expect === undefined)
		return { kind: "fail", run, differences: ["no expect yet: run with --update to record the current outcome"] };
	const differences = compareOutcome(expect, outcome, failedHooks(run.verdicts).length);
	return differences.length === 0 ? { kind: "pass", run } : { kind: "fail", run, differences };
};

/**
 * Writes the updated expectations of `results` into their files (the project's path in them as
 * `${CLAUDE_PROJECT_DIR}`, the home's as `${HOME}`); returns a problem per file that failed.
 */
const writeUpdates = (
	files: readonly FixtureFile[],
	results: readonly FixtureResult[],
	projectDir: string,
	home: string,
): string[] => {
	const problems: string[] = [];
	for (const read of files) {
		if (!read.ok) continue;
		const expects = new Map<number, FixtureExpect>();
		for (const result of results) {
			const run = result.run;
			if (result.kind !== "updated" || run.fixture.file !== read.file || run.outcome === undefined) continue;
			expects.set(
				run.fixture.index ?? 0,
				withProjectPlaceholder(expectFor(run.outcome, run.finished), projectDir, home),
			);
		}
		if (expects.size === 0) continue;
		try {
			writeFileAtomic(read.file, fixtureTextWith(read, expects));
		} catch (error) {
			problems.push(`${read.file}: could not be written: ${(error as Error).message}`);
		}
	}
	return problems;
};

/** Runs `test`; writes its lines through `out` (stdout) and `err` (stderr); resolves with the exit code. */
export const testCommand = async (
	ctx: CliContext,
	operands: readonly string[],
	update: boolean,
	out: (text: string) => void,
	err: (text: string) => void,
): Promise<number> => {
	const from = process.cwd();
	const where = (file: string): string => shownPath(file, from, ctx.home);
	const files = fixtureFiles(operands, ctx.projectDir).map((file) => readFixtureFile(file, ctx.projectDir, ctx.home));
	const broken = files.filter((read) => !read.ok);
	for (const read of broken) if (!read.ok) out(`ERROR ${where(read.file)}: ${safe(read.message)}\n`);
	const fixtures = files.flatMap((read) => (read.ok ? read.fixtures : []));
	const results = await mapLimited(fixtures, FIXTURE_CONCURRENCY, async (fixture) =>
		judge(await runFixture(ctx, fixture), update),
	);
	const notes = (run: FixtureRun): string =>
		[...stoppedNotes(ctx, run), ...lintNotes(run)].map((line) => `${line}\n`).join("");
	let passed = 0;
	let failed = broken.length;
	let skipped = 0;
	for (const result of results) {
		const fixture = result.run.fixture;
		const label = `${safe(fixture.name)} (${where(fixture.file)})`;
		switch (result.kind) {
			case "pass":
				passed++;
				out(`PASS ${label}${failedHooksNote(result.run)}\n${notes(result.run)}`);
				break;
			case "updated": {
				passed++;
				const decision = result.run.outcome?.decision ?? "none";
				const failures = failedHooksNote(result.run);
				out(`UPDATED ${label}: expect.decision "${decision}"${failures}\n${notes(result.run)}`);
				break;
			}
			case "skip": {
				skipped++;
				const why = [
					...new Set(
						result.run.needPi.map(
							({ entry, skip }) =>
								`a ${entry.handler.type} hook matches: ${skip.reason}: ${piSkipText(skip)}`,
						),
					),
				];
				out(`SKIP ${label}\n${why.map((line) => `    ${safe(line)}\n`).join("")}`);
				break;
			}
			case "fail":
				failed++;
				out(`FAIL ${label}\n${failureLines(result).join("\n")}\n${notes(result.run)}`);
				break;
		}
	}
	const problems = update ? writeUpdates(files, results, ctx.projectDir, ctx.home) : [];
	for (const problem of problems) err(`ERROR ${safe(problem)}\n`);
	if (skipped > 0) out(`${skipped} skipped (not passed: a hook they match cannot run here, see above)\n`);
	out(`${passed} passed, ${failed} failed\n`);
	if (broken.length > 0 || problems.length > 0) return 2;
	return failed > 0 ? 1 : 0;
};
