/**
 * `npm run bench`: measures the rows of issue 11 inside the real pi binary (per-call cost with 200 non-matching
 * hooks, one `true` and one `cat` hook against a bare spawn, start-up) and the panel at 100,000 log rows, each next
 * to its floor from the same run, with the old fake-context figure as a second column; then the other figures
 * (parallel hooks, settings load, history rebuild). Prints the tables and writes them to BENCHMARKS.md with the
 * machine's Node version, CPU count and the date. Benchmarks report; they never fail on a slow figure.
 * `--compare REF` measures REF's build and this one alternately instead and prints the comparison (compare/).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compareWith } from "./compare/run.ts";
import { measureCli } from "./figures/cli.ts";
import { measureConfig } from "./figures/config.ts";
import { measureHistory } from "./figures/history.ts";
import { measureInPi } from "./figures/in-pi.ts";
import { measurePanel } from "./figures/panel.ts";
import { measureParallel } from "./figures/parallel.ts";
import { measureSelfGuard } from "./figures/self-guard.ts";
import { measureStartup } from "./figures/startup.ts";
import { measureStartupParts, type StartupPart } from "./figures/startup-parts.ts";
import { measureTelemetry } from "./figures/telemetry.ts";
import { measureTripwire } from "./figures/tripwire.ts";
import { measureTrustCheck } from "./figures/trust-check.ts";
import { measureVerify } from "./figures/verify.ts";
import type { FigureRow, MainRow } from "./stats.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const cell = (text: string): string => text.replaceAll("|", "\\|").replaceAll("\n", " ");

const piVersion = (): string => {
	const manifest = join(ROOT, "node_modules", "@earendil-works", "pi-coding-agent", "package.json");
	return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
};

/** Runs `measure`; a broken figure must not hide the others: it becomes a row saying why. */
const attempt = async <T>(name: string, measure: () => Promise<T[]>, failed: (message: string) => T): Promise<T[]> => {
	process.stderr.write(`${name}...\n`);
	try {
		return await measure();
	} catch (error) {
		process.exitCode = 1;
		return [failed(`not measured: ${(error as Error).message.split("\n")[0]}`)];
	}
};

/** A paragraph per row that misses its target, with the reason its own run measured; none when all are met. */
const missedReasons = (rows: readonly MainRow[]): string[] => {
	const missed = rows.filter((row) => row.result === "missed" && row.reason !== undefined);
	if (missed.length === 0) return [];
	return [
		"Why a row misses its target (from the figures of this run):",
		"",
		...missed.map((row) => `- **${cell(row.what)}**: ${cell(row.reason ?? "")}`),
		"",
	];
};

/** Rows as a table of figure, floor and ratio (the `pi-hook-manager` command's, issue 38's). */
const cliTable = (rows: readonly MainRow[]): string[] => [
	"| What | Target | Figure | Floor | Ratio | Result |",
	"| --- | --- | --- | --- | --- | --- |",
	...rows.map(
		(row) =>
			`| ${cell(row.what)} | ${cell(row.target)} | ${cell(row.figure)} | ${cell(row.floor)} | ` +
			`${cell(row.ratio)} | ${row.result} |`,
	),
];

/** The section of issue 38: start-up and the no-hooks tool call next to pi alone, and where start-up goes. */
const startupSection = (rows: readonly MainRow[], parts: readonly StartupPart[]): string[] => [
	"## Issue 38: start-up and a tool call with no hooks, against pi alone",
	"",
	...cliTable(rows),
	"",
	"Where the extension's start-up goes (`bench/figures/startup-parts.ts`: `pi -p hello` under V8's sampling",
	"profiler, 100 µs, a start where nothing changed; profiled milliseconds, slower than unprofiled ones: read the",
	"shares):",
	"",
	"| Part | No hooks | 200 hooks |",
	"| --- | --- | --- |",
	...parts.map((part) => `| ${cell(part.part)} | ${part.noHooks} | ${part.withHooks} |`),
	"",
];

/**
 * The sections of the BENCHMARKS.md there is now whose heading ends with "(measured by hand)" (figures this bench
 * does not take, such as the size of an npm install), as lines, so a new run keeps them.
 */
const measuredByHand = (): string[] => {
	let text: string;
	try {
		text = readFileSync(join(ROOT, "BENCHMARKS.md"), "utf8");
	} catch {
		return [];
	}
	return text
		.split(/^(?=## )/m)
		.filter((section) => /^## .*\(measured by hand\)\n/.test(section))
		.flatMap((section) => section.trimEnd().split("\n").concat(""));
};

/** `npm run bench -- --only startup`: the issue 38 section alone, printed, BENCHMARKS.md left as it is. */
const onlyStartup = async (): Promise<void> => {
	const load = loadavg()[0] ?? 0;
	const rows = await measureStartup();
	const parts = await measureStartupParts();
	process.stdout.write(`load average ${load.toFixed(1)} at the start\n\n${startupSection(rows, parts).join("\n")}`);
};

/** `npm run bench -- --only cli`: that row alone, printed, BENCHMARKS.md left as it is. */
const onlyCli = async (): Promise<void> => {
	const rows = await measureCli();
	process.stdout.write(`${cliTable(rows).join("\n")}\n`);
};

const main = async (): Promise<void> => {
	const started = performance.now();
	const load = loadavg()[0] ?? 0;
	const mainFailed = (what: string) => (message: string) =>
		({ what, target: "-", figure: message, floor: "-", ratio: "-", result: "-", fakeContext: "-" }) as MainRow;
	const mainRows: MainRow[] = [
		...(await attempt(
			"in the real pi: tool calls, spawns, start-up",
			measureInPi,
			mainFailed("the rows measured in pi"),
		)),
		...(await attempt("panel at 100,000 rows", measurePanel, mainFailed("the panel rows"))),
	];
	const startupRows = await attempt(
		"start-up and the no-hooks call against pi alone",
		measureStartup,
		mainFailed("start-up"),
	);
	const partRows = await attempt("where start-up goes (profiled)", measureStartupParts, (message) => ({
		part: message,
		noHooks: "-",
		withHooks: "-",
	}));
	const cliRows = await attempt("pi-hook-manager test on 100 fixtures", measureCli, mainFailed("the command"));
	const otherFailed = (figure: number, what: string) => (measured: string) =>
		({ figure, what, target: "-", measured, result: "-" }) as FigureRow;
	const otherRows: FigureRow[] = [
		...(await attempt("16 parallel hooks", measureParallel, otherFailed(3, "16 parallel hooks"))),
		...(await attempt("settings load and change check", measureConfig, otherFailed(4, "settings load"))),
		...(await attempt("decision history rebuild", measureHistory, otherFailed(6, "history rebuild"))),
		...(await attempt("the per-run trust check", measureTrustCheck, otherFailed(8, "trust check"))),
		...(await attempt("the self-guard's check", measureSelfGuard, otherFailed(9, "self-guard"))),
		...(await attempt("telemetry on", measureTelemetry, otherFailed(10, "telemetry on"))),
		...(await attempt("the tripwire's per-run check", measureTripwire, otherFailed(11, "tripwire"))),
		...(await attempt("the check after every tool call", measureVerify, otherFailed(12, "verify"))),
	];
	const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
	const date = new Date().toISOString().slice(0, 10);
	const gc = (globalThis as { gc?: unknown }).gc === undefined ? "without" : "with";
	const minutes = ((performance.now() - started) / 60_000).toFixed(1);
	const lines = [
		"# Benchmarks",
		"",
		`Written by \`npm run bench\` on ${date}: Node ${process.version}, ${availableParallelism()} CPUs (${cpu}),`,
		`${process.platform} ${process.arch}, pi ${piVersion()}, ${gc} \`--expose-gc\`; load average`,
		`${load.toFixed(1)} at the start; the run took ${minutes} min. Figures are medians (counts in the cells); each`,
		"floor is measured in the same run, alternating with its figure, so the ratio holds even when other work on",
		"the machine slows both. Compare rows from one run, not across machines.",
		"",
		"## Issue 11: measured inside the real pi",
		"",
		"| What | Target | Figure | Floor | Ratio | Result | Fake context (the bench before) |",
		"| --- | --- | --- | --- | --- | --- | --- |",
		...mainRows.map(
			(row) =>
				`| ${cell(row.what)} | ${cell(row.target)} | ${cell(row.figure)} | ${cell(row.floor)} | ` +
				`${cell(row.ratio)} | ${row.result} | ${cell(row.fakeContext)} |`,
		),
		"",
		...missedReasons(mainRows),
		...startupSection(startupRows, partRows),
		"## Issue 18: the pi-hook-manager command",
		"",
		...cliTable(cliRows),
		"",
		"## Other figures (outside pi)",
		"",
		"| # | What | Target | Measured | Result |",
		"| --- | --- | --- | --- | --- |",
		...otherRows.map(
			(row) =>
				`| ${row.figure} | ${cell(row.what)} | ${cell(row.target)} | ${cell(row.measured)} | ${row.result} |`,
		),
		"",
		...measuredByHand(),
		"## How each figure is measured",
		"",
		"- **Inside pi** (`bench/figures/in-pi.ts`, `bench/pi-run.ts`, `bench/probes/`): the real `pi` binary of",
		"  `node_modules` in print mode, against the scripted model (`test/support/fake-llm.mjs`) making 40 bash calls",
		"  of `true` one after another, in a sandbox HOME. Two probe extensions are loaded around the measured one",
		"  (`pi -ne -e probe-before.ts -e <this project> -e probe-after.ts`); pi runs an event's handlers in load",
		"  order, so the time from the first probe's handler to the second's is the extension's handler plus pi's step",
		"  between two handlers. Each pi run's first call is left out of the medians and shown apart (with the",
		"  scripted model it comes before the background load of execa is done). Five pi runs per configuration, the",
		"  configurations alternating. The probes listen to every event the extension handles (`message_update` too),",
		"  so in the floors pi already builds and emits those events to an extension; the figures hold the extension's",
		"  handlers and what they cause, not pi's cost of having a listener for an event.",
		"  - tool call: 200 PreToolUse hooks in `~/.claude/settings.json` whose matchers (`Read`, `Edit|Write`,",
		"    `mcp__github__.*`, ...) do not match Bash; the figure is the `tool_call` plus the `tool_result` span.",
		"    Floor: the two probes with nothing between them. Next to it, `bench/probes/floor-handler.ts`: an",
		"    extension whose two handlers return at once, what pi itself spends on one more extension's handlers (used",
		"    in the reasons).",
		"  - one hook: a PreToolUse hook `true` (or `cat > /dev/null`) on Bash; the `tool_call` span. Floor:",
		"    `bench/probes/floor-spawn.ts` in place of the extension, a bare Node `spawn` of the same `/bin/sh -c`",
		"    command per call, stdin written with the same kind of JSON, stdout and stderr read, waiting for exit and",
		"    close. Next to it, `bench/probes/floor-execa.ts`: the same through execa with the runner's options and",
		"    nothing else of the extension, which shows how much of the ratio is execa's own cost inside pi.",
		"  - start-up: `pi -p` answering one prompt (no tool call), eleven runs each, alternating. The figure is how",
		"    much longer the span from the first probe's factory to the end of the session is with the extension than",
		"    without (the floor): its module load and factory, every handler it ran, and anything it does in between",
		"    (such as loading execa in the background when command hooks are configured, 50 ms after the first prompt,",
		"    while pi waits for the model). The whole `pi -p` wall time is shown too: on a loaded machine pi's own",
		"    start-up before any extension loads varies by hundreds of milliseconds, which is why it is not the",
		"    figure. The last of these rows is pi's own floor: an extension of as many trivial modules as this one's",
		"    bundle (`dist/index.js` and the chunks it imports at start-up, built by `scripts/build.mjs`) loads (each",
		"    imports the next), loaded the same way; pi's extension loader (jiti) costs about that much per module.",
		"  - the fake-context column: the same operations called directly in this process (`createRuntime` with a fake",
		"    pi context; the project's runner, which spawns through execa, against a bare `spawn`), the old bench's",
		"    figures.",
		"- **Issue 38** (`bench/figures/startup.ts`, `bench/figures/startup-parts.ts`): `pi -p hello` alone, with the",
		"  extension and no hooks, and with 200 non-matching user hooks, alternating (15 rounds, after one start of",
		"  each so that every measured start is one where nothing changed); each figure is the median of the per-round",
		"  differences to pi alone: the whole wall time, and from the first probe's factory to pi's first `context`",
		"  event (its first model request). The no-hooks tool call: 10 runs of 40 bash calls of `true` each, pi alone",
		"  and pi with the extension alternating, the median gap between successive `context` events, and the CPU",
		"  time pi's process spent in that gap (`process.cpuUsage` at each `context`, which waiting for a core on a",
		"  loaded machine does not add to). The breakdown: 7 profiled starts each (`--cpu-prof`, 100 µs), each sample",
		"  given to the part of the innermost extension frame's source file (esbuild's `// src/...` markers, read in",
		"  the text jiti runs: its cache of the bundle, whose lines are not the bundle's). `npm run bench -- --only",
		"  startup` prints this section alone.",
		"- **Panel** (`bench/figures/panel.ts`): the /hooks panel component on its log tab over a firing log fed",
		"  100,000 records through its `add` (10,000 for the second column), `render(120)` timed as pi-tui calls it:",
		"  with nothing new (the floor), after one more record, per keystroke of the filter `case-42`. Not inside pi:",
		"  the panel only draws in pi's interactive terminal.",
		"- **The command** (`bench/figures/cli.ts`): `node dist/cli.mjs test` in a temp project with 100 fixtures",
		"  of a PreToolUse hook `true` (in the sandbox's `~/.claude/settings.json`), wall time from spawn to exit,",
		"  nine runs alternating with the floor: a Node process spawning `/bin/sh -c true` 100 times, as many at once",
		"  as the command runs fixtures, each with a stdin line written and its output read. `npm run bench -- --only",
		"  cli` measures this row alone and prints it (BENCHMARKS.md is not written).",
		"- 3 `parallel.ts`: one dispatch with 16 distinct `sleep 0.2` hooks, real processes, wall time.",
		"- 4 `config.ts`: a live configuration over 5 files (100 handlers each, some with `if` rules) read from disk,",
		"  parsed, compiled and merged; then `current()` when no file changed, with a check forced on every call (5",
		"  `stat` calls) and within the default 100 ms interval.",
		"- 6 `history.ts`: a session file written by pi's SessionManager with 5,000 decision entries, opened with",
		"  `SessionManager.open`; the extension's part is `CardLog.restore` (history and footer counts) on that",
		"  branch.",
		"- 8 `trust-check.ts`: the per-run trust check of an approved project hook (`stillApproved`) on a project",
		"  whose `.claude/` holds 13 files in 4 folders, when nothing changed: one `stat` per covered file and folder,",
		"  in batches of 50 calls. `npm run bench -- --only trust` measures this row alone and prints it.",
		"- 9 `self-guard.ts`: the self-guard's look at a tool call it lets through (pi's session guard over a live",
		"  configuration with an approved project hook): a bash command without a write, one with a redirect (parsed),",
		"  a `write` to an ordinary file; in batches of 50 calls. `npm run bench -- --only guard` prints these rows.",
		"- 10 `telemetry.ts`: one PreToolUse dispatch of one command hook whose runner answers at once, through the",
		"  real engine without a tracer and with the tracer of `PI_HOOK_MANAGER_TELEMETRY=1` (the SDK exporting to a",
		"  local OTLP/HTTP receiver), alternating in batches of 100; the difference of the awaited dispatch, and of",
		"  the dispatch up to the next tick (where the spans are built and queued). `npm run bench -- --only",
		"  telemetry` measures these rows alone and prints them.",
		"- 11 `tripwire.ts`: the tripwire's check of every source that a run makes once (the seen-state store read,",
		"  every hook fingerprinted: one `stat` per covered file and folder, no hashing while no stamp moved) over",
		"  234 hooks recorded as seen (200 user hooks, half running one of 20 scripts under `~/.claude/hooks/`, pi's",
		"  global settings, a plugin and its folder, the project's `.claude/`), and strict mode's look at one hook",
		"  (made for each hook when the configuration is merged), in batches of 50 calls; measured directly, not",
		"  inside pi. `npm run bench -- --only tripwire` prints these rows.",
		"",
	];
	const table = lines.join("\n");
	process.stdout.write(`${table}\n`);
	writeFileSync(join(ROOT, "BENCHMARKS.md"), table);
	process.stderr.write(`wrote ${join(ROOT, "BENCHMARKS.md")}\n`);
};

/** `npm run bench -- --only telemetry`: the telemetry rows alone, printed, BENCHMARKS.md left as it is. */
const onlyTelemetry = async (): Promise<void> => {
	for (const row of await measureTelemetry())
		process.stdout.write(`| ${row.what} | ${row.target} | ${row.measured} | ${row.result} |\n`);
};

/** `npm run bench -- --only trust`: the per-run trust check alone, printed, BENCHMARKS.md left as it is. */
const onlyTrust = async (): Promise<void> => {
	for (const row of await measureTrustCheck())
		process.stdout.write(`| ${row.what} | ${row.target} | ${row.measured} | ${row.result} |\n`);
};

/** `npm run bench -- --only tripwire`: the tripwire's rows alone, printed, BENCHMARKS.md left as it is. */
const onlyTripwire = async (): Promise<void> => {
	for (const row of await measureTripwire())
		process.stdout.write(`| ${row.what} | ${row.target} | ${row.measured} | ${row.result} |\n`);
};

/** `npm run bench -- --only guard`: the self-guard's rows alone, printed, BENCHMARKS.md left as it is. */
const onlyGuard = async (): Promise<void> => {
	for (const row of await measureSelfGuard())
		process.stdout.write(`| ${row.what} | ${row.target} | ${row.measured} | ${row.result} |\n`);
};

/** `npm run bench -- --only verify`: the check after every tool call alone, printed, BENCHMARKS.md left as it is. */
const onlyVerify = async (): Promise<void> => {
	for (const row of await measureVerify())
		process.stdout.write(`| ${row.figure} | ${row.what} | ${row.target} | ${row.measured} | ${row.result} |\n`);
};

const compareAt = process.argv.indexOf("--compare");
if (compareAt >= 0) {
	const ref = process.argv[compareAt + 1];
	if (ref === undefined || ref.startsWith("-")) throw new Error("usage: npm run bench -- --compare REF (a git ref)");
	await compareWith(ref);
} else if (process.argv.includes("--only") && process.argv.includes("cli")) await onlyCli();
else if (process.argv.includes("--only") && process.argv.includes("trust")) await onlyTrust();
else if (process.argv.includes("--only") && process.argv.includes("startup")) await onlyStartup();
else if (process.argv.includes("--only") && process.argv.includes("guard")) await onlyGuard();
else if (process.argv.includes("--only") && process.argv.includes("tripwire")) await onlyTripwire();
else if (process.argv.includes("--only") && process.argv.includes("telemetry")) await onlyTelemetry();
else if (process.argv.includes("--only") && process.argv.includes("verify")) await onlyVerify();
else await main();
