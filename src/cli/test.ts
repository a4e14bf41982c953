/**
 * `pi-hook-manager test [FIXTURE|DIR ...] [--update] [--json] [--junit FILE] [--format github]`: runs each
 * fixture's event through the configured hooks (in parallel, each hook within its own timeout, for real: with their
 * side effects) and compares the outcome with the fixture's `expect` (judge.ts: a case no hook ran for fails, with
 * the reason codes). One line per fixture (`PASS`, `FAIL` with the difference below it, `SKIP` for a case a hook
 * matches that cannot run here: a prompt or agent hook without pi's model, an mcp_tool hook, each with its reason
 * code below it), then exactly `N passed, N failed`; `--json` prints one document instead, `--junit FILE` also
 * writes JUnit XML, `--format github` adds `::error` annotations (test-report.ts). `--update` writes the current
 * outcomes into the fixtures' `expect` instead. Exit code 1 when any fixture failed, 2 when a fixture file cannot
 * be read (it counts as failed too) or the JUnit file cannot be written.
 */
import { realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname } from "node:path";
import { expectFor } from "../engine/fixture/outcome.ts";
import { withProjectPlaceholder } from "../engine/fixture/project-paths.ts";
import { writeFileAtomic } from "../engine/io/atomic-write.ts";
import { type CaseReport, caseReport, errorReport } from "./case-report.ts";
import type { CliContext } from "./context.ts";
import { type FixtureExpect, type FixtureFile, fixtureTextWith } from "./fixture.ts";
import { fixtureFiles, readFixtureFile } from "./fixture-files.ts";
import { safe } from "./format.ts";
import { type FixtureResult, judge } from "./judge.ts";
import { createLocator } from "./locate.ts";
import { runFixture } from "./run-fixture.ts";
import { githubAnnotations, junitXml, testJson } from "./test-report.ts";

/** Fixtures run at once: enough to keep the cores busy while hooks wait, few enough not to swamp them. */
export const FIXTURE_CONCURRENCY = Math.max(4, availableParallelism() * 4);

/** The line before the count when hooks ran (see docs/cli.md, "Hooks run for real"). */
export const TEST_RAN_FOR_REAL =
	"the hooks ran for real, with their side effects (a formatter hook would rewrite the file a case names); " +
	"nothing is undone";

/** How `test` reports. */
export interface TestOptions {
	readonly update: boolean;
	/** `--json`: one JSON document on stdout instead of the lines. */
	readonly json: boolean;
	/** `--junit FILE`: also write the results as JUnit XML there. */
	readonly junit: string | undefined;
	/** `--format github`: also print `::error file=...,line=...,col=...::...` annotations. */
	readonly format: "text" | "github";
}

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

/** Where `file` really is when that is not in its own folder (a symlink to a file elsewhere); else undefined. */
const outsideItsFolder = (file: string): string | undefined => {
	try {
		const real = realpathSync(file);
		return dirname(real) === realpathSync(dirname(file)) ? undefined : real;
	} catch (error) {
		return `a path that cannot be resolved (${(error as Error).message})`;
	}
};

/**
 * Writes the updated expectations of `results` into their files (the project's path in them as
 * `${CLAUDE_PROJECT_DIR}`, the home's as `${HOME}`, a `ran` the case had kept); returns a problem per file that
 * failed.
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
			const ran = run.fixture.expect?.ran;
			const expect = withProjectPlaceholder(expectFor(run.outcome, run.finished), projectDir, home);
			expects.set(run.fixture.index ?? 0, ran === undefined ? expect : { ...expect, ran });
		}
		if (expects.size === 0) continue;
		// Only inside the fixture folder: a fixture named through a symlink to a file elsewhere is not written.
		const outside = outsideItsFolder(read.file);
		if (outside !== undefined) {
			problems.push(`${read.file}: not updated: it is a link to ${outside}, outside its folder`);
			continue;
		}
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
	options: TestOptions,
	out: (text: string) => void,
	err: (text: string) => void,
): Promise<number> => {
	const files = fixtureFiles(operands, ctx.projectDir).map((file) => readFixtureFile(file, ctx.projectDir, ctx.home));
	const broken = files.flatMap((read) => (read.ok ? [] : [errorReport(ctx, read.file, read.message)]));
	const fixtures = files.flatMap((read) => (read.ok ? read.fixtures : []));
	const results = await mapLimited(fixtures, FIXTURE_CONCURRENCY, async (fixture) =>
		judge(ctx, await runFixture(ctx, fixture), options.update),
	);
	const locator = createLocator();
	const reports: CaseReport[] = [...broken, ...results.map((result) => caseReport(ctx, result, locator))];
	const passed = reports.filter((report) => report.status === "pass" || report.status === "updated").length;
	const failed = reports.filter((report) => report.status === "fail" || report.status === "error").length;
	const skipped = reports.filter((report) => report.status === "skip").length;
	const problems = options.update ? writeUpdates(files, results, ctx.projectDir, ctx.home) : [];
	if (options.junit !== undefined) {
		try {
			writeFileAtomic(options.junit, junitXml(ctx, reports));
		} catch (error) {
			problems.push(`${options.junit}: the JUnit report could not be written: ${(error as Error).message}`);
		}
	}
	for (const problem of problems) err(`ERROR ${safe(problem)}\n`);
	const ranForReal = reports.some((report) => report.ran.length > 0);
	if (options.json) out(testJson(ctx, reports, { passed, failed, skipped }, ranForReal));
	else {
		for (const report of reports) out(`${report.header}\n${report.body.map((line) => `    ${line}\n`).join("")}`);
		if (options.format === "github") out(githubAnnotations(reports));
		if (skipped > 0) out(`${skipped} skipped (not passed: a hook they match cannot run here, see above)\n`);
		if (ranForReal) out(`note: ${TEST_RAN_FOR_REAL}\n`);
		out(`${passed} passed, ${failed} failed\n`);
	}
	if (broken.length > 0 || problems.length > 0) return 2;
	return failed > 0 ? 1 : 0;
};
