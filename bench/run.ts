/**
 * `npm run bench`: measures the figures of issue 6 (dispatch overhead, spawn cost, parallel hooks, config
 * loading, panel frames, history rebuild, start-up), prints a markdown table and writes it to BENCHMARKS.md
 * with the machine's Node version, CPU count and the date. Benchmarks report; they never fail on a slow figure.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureConfig } from "./figures/config.ts";
import { measureDispatch } from "./figures/dispatch.ts";
import { measureHistory } from "./figures/history.ts";
import { measurePanel } from "./figures/panel.ts";
import { measureParallel } from "./figures/parallel.ts";
import { measureSpawn } from "./figures/spawn.ts";
import { measureStartup } from "./figures/startup.ts";
import type { FigureRow } from "./stats.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const FIGURES: readonly {
	readonly figure: number;
	readonly name: string;
	readonly measure: () => Promise<FigureRow[]>;
}[] = [
	{ figure: 1, name: "dispatch overhead", measure: measureDispatch },
	{ figure: 2, name: "one hook vs a bare spawn", measure: measureSpawn },
	{ figure: 3, name: "16 parallel hooks", measure: measureParallel },
	{ figure: 4, name: "settings load and change check", measure: measureConfig },
	{ figure: 5, name: "panel with 10,000 log rows", measure: measurePanel },
	{ figure: 6, name: "decision history rebuild", measure: measureHistory },
	{ figure: 7, name: "start-up", measure: measureStartup },
];

const cell = (text: string): string => text.replaceAll("|", "\\|").replaceAll("\n", " ");

const piVersion = (): string => {
	const manifest = join(ROOT, "node_modules", "@earendil-works", "pi-coding-agent", "package.json");
	return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
};

const main = async (): Promise<void> => {
	const rows: FigureRow[] = [];
	for (const { figure, name, measure } of FIGURES) {
		process.stderr.write(`figure ${figure}: ${name}...\n`);
		try {
			rows.push(...(await measure()));
		} catch (error) {
			// One broken figure must not hide the others: say so in its row.
			process.exitCode = 1;
			rows.push({
				figure,
				what: name,
				target: "-",
				measured: `not measured: ${(error as Error).message.split("\n")[0]}`,
				result: "-",
			});
		}
	}
	const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
	const date = new Date().toISOString().slice(0, 10);
	const gc = (globalThis as { gc?: unknown }).gc === undefined ? "without" : "with";
	const lines = [
		"# Benchmarks",
		"",
		`Written by \`npm run bench\` on ${date}: Node ${process.version}, ${availableParallelism()} CPUs (${cpu}),`,
		`${process.platform} ${process.arch}, pi ${piVersion()}, ${gc} \`--expose-gc\`.`,
		"Each figure is a median over repeated runs (the count is in the row); ratios and comparisons are measured side by",
		"side, alternating, in the same run. Figures are the numbered items of issue 6. Other work on the machine shows up as",
		"noise: compare rows from one run, not across machines.",
		"",
		"| # | What | Target | Measured | Result |",
		"| --- | --- | --- | --- | --- |",
		...rows.map(
			(row) => `| ${row.figure} | ${cell(row.what)} | ${cell(row.target)} | ${cell(row.measured)} | ${row.result} |`,
		),
		"",
		"How each figure is measured (bench/figures/):",
		"",
		"1. `dispatch.ts`: the real runtime (`createRuntime`) after `session_start`, with 200 PreToolUse hooks in",
		"   `~/.claude/settings.json` whose matchers (`Read`, `Edit|Write`, `mcp__github__.*`, ...) do not match Bash; each",
		"   `tool_call` is timed from the call into the handler to its result. The pi context is a fake with only what the",
		"   runtime reads. The configuration is re-checked for changes at most every 100 ms, as in pi.",
		"2. `spawn.ts`: `engine.dispatch` of a PreToolUse event whose one hook is `true` (shell form: `/bin/sh -c true` in",
		"   its own process group, stdin written, stdout and stderr read, verdict interpreted), against Node's `spawn` of",
		"   `/bin/sh -c true` waiting for its exit.",
		"3. `parallel.ts`: one dispatch with 16 distinct `sleep 0.2` hooks, real processes, wall time.",
		"4. `config.ts`: a new live configuration over 5 files (100 handlers each, some with `if` rules) read from disk, parsed,",
		"   compiled and merged; then `current()` when no file changed, with a check forced on every call (5 `stat` calls) and",
		"   within the default 100 ms interval.",
		"5. `panel.ts`: the /hooks panel component on its log tab over a firing log of 10,000 records (one hook run each;",
		"   the shipped log keeps 500), `render(120)` timed: unchanged, after one more record, and per keystroke of a filter.",
		"   Memory is the heap growth from before the log was filled to after the first frame.",
		"6. `history.ts`: a session file written by pi's SessionManager with 5,000 decision entries, opened with",
		"   `SessionManager.open`; the extension's part is `DecisionLog.restore` (history and footer counts) on that branch.",
		"7. `startup.ts`: `pi -ne -p hello` against the scripted model, with and without `-e <this project>`, alternating.",
		"",
	];
	const table = lines.join("\n");
	process.stdout.write(`${table}\n`);
	writeFileSync(join(ROOT, "BENCHMARKS.md"), table);
	process.stderr.write(`wrote ${join(ROOT, "BENCHMARKS.md")}\n`);
};

await main();
