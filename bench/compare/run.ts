/**
 * `npm run bench -- --compare REF`: every figure for REF's build (a git ref, built in a temporary worktree,
 * `ref.ts`) and for this tree's, measured alternately in one run, printed as a table of before, after, their
 * ratio and the verdict (`worse` beyond 10% and the spread of either side). BENCHMARKS.md is left as it is.
 */
import { execFileSync } from "node:child_process";
import { availableParallelism, cpus, loadavg } from "node:os";
import { PROJECT_ROOT } from "../../test/support/pi-env.ts";
import { formatMs, median, ratioText } from "../stats.ts";
import { compareInPi, STEADY_CALLS } from "./in-pi.ts";
import { compareOutside } from "./outside.ts";
import { buildRef } from "./ref.ts";
import { type Compared, spreadOf, verdictOf } from "./stats.ts";

/** Child runs of each outside figure module per tree. */
const OUTSIDE_ROUNDS = 3;

const cell = (text: string): string => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** `values`' median and count, or `-` for none. */
const shown = (values: readonly number[]): string =>
	values.length === 0 ? "-" : `${formatMs(median(values))} (±${formatMs(spreadOf(values) / 2)}, n=${values.length})`;

/** The table row of one compared figure. */
const rowOf = (row: Compared): string => {
	const ratio =
		row.before.length > 0 && row.after.length > 0 ? ratioText(median(row.after), median(row.before)) : "-";
	const verdict = verdictOf(row);
	const marked = verdict === "worse" ? "**worse**" : verdict;
	return `| ${cell(row.what)} | ${shown(row.before)} | ${shown(row.after)} | ${ratio} | ${marked} |`;
};

/** This tree's commit, `+ changes` when the working tree differs from it. */
const headOf = (): string => {
	const git = (...args: string[]) => execFileSync("git", ["-C", PROJECT_ROOT, ...args], { encoding: "utf8" }).trim();
	const changed = git("status", "--porcelain", "--untracked-files=no") !== "";
	return `${git("rev-parse", "--short=12", "HEAD")}${changed ? " + changes" : ""}`;
};

/** Builds REF, measures both builds, prints the table. Sets exit code 1 when a figure is worse. */
export const compareWith = async (ref: string): Promise<void> => {
	const started = performance.now();
	const build = buildRef(PROJECT_ROOT, ref);
	const load = loadavg()[0] ?? 0;
	process.stderr.write("in the real pi: tool calls, spawns, start-up (both builds)...\n");
	const rows = [
		...(await compareInPi(build.root, PROJECT_ROOT)),
		...(await compareOutside(build.root, PROJECT_ROOT, OUTSIDE_ROUNDS)),
	];
	const minutes = ((performance.now() - started) / 60_000).toFixed(1);
	const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
	const worse = rows.filter((row) => verdictOf(row) === "worse");
	const lines = [
		`# Benchmarks compared: ${ref} (${build.commit.slice(0, 12)}) before, ${headOf()} after`,
		"",
		`One run on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ` +
			`${availableParallelism()} CPUs ` +
			`(${cpu}); load average ${load.toFixed(1)} at the start; took ${minutes} min. Medians of one value per ` +
			`round (± half the interquartile range, n rounds); inside pi a round is one pi run per build (its ` +
			`${STEADY_CALLS} steady calls' median), outside pi one child process per build, the builds alternating.`,
		"",
		"| Figure | Before | After | After / before | Verdict |",
		"| --- | --- | --- | --- | --- |",
		...rows.map(rowOf),
		"",
		worse.length === 0
			? "No figure is worse than before (worse: over 10% and over the larger spread)."
			: `${worse.length} figure(s) worse than before (over 10% and over the larger spread).`,
		"",
	];
	process.stdout.write(lines.join("\n"));
	if (worse.length > 0) process.exitCode = 1;
};
