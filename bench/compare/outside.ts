/**
 * The figures measured outside pi (panel, parallel hooks, settings load, history, trust check, the command), for
 * two trees in one run: each tree's own figure module runs in a child process (`child.ts`) against its own
 * sources, the trees alternating for `rounds` rounds. A row's value is the first duration of its measured cell
 * (`6.82 ms (median of 7 ...)`), the figure each row leads with; rows are matched by their `what`.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Compared } from "./stats.ts";

const run = promisify(execFile);

/** The figure modules outside pi and their measuring export, in table order. */
const MODULES = [
	["panel", "measurePanel"],
	["cli", "measureCli"],
	["parallel", "measureParallel"],
	["config", "measureConfig"],
	["history", "measureHistory"],
	["trust-check", "measureTrustCheck"],
] as const;

const UNIT_MS: Readonly<Record<string, number>> = { µs: 0.001, ms: 1, s: 1000 };

/** The first duration in `text` (as `formatMs` writes it, a `+` allowed), in milliseconds; undefined when none. */
export const leadingMs = (text: string): number | undefined => {
	const found = /^\+?(-?\d+(?:\.\d+)?) (µs|ms|s)\b/.exec(text.trim());
	return found === null ? undefined : Number(found[1]) * (UNIT_MS[found[2] as string] ?? Number.NaN);
};

/** One child run of `name` in `root`: each row's `what` and leading figure; empty when the module is not there. */
const measureOnce = async (root: string, name: string, fn: string): Promise<Map<string, number>> => {
	const values = new Map<string, number>();
	if (!existsSync(join(root, "bench", "figures", `${name}.ts`))) return values;
	const child = join(import.meta.dirname, "child.ts");
	const { stdout } = await run(process.execPath, ["--expose-gc", child, root, name, fn], {
		cwd: root,
		maxBuffer: 16 * 1024 * 1024,
		timeout: 600_000,
	});
	const rows = JSON.parse(stdout.trim().split("\n").at(-1) ?? "[]") as readonly { what: string; text: string }[];
	for (const row of rows) {
		const ms = leadingMs(row.text);
		if (ms !== undefined) values.set(row.what, ms);
	}
	return values;
};

/** Measures every outside figure of the trees at `before` and `after`, alternating, `rounds` rounds each. */
export const compareOutside = async (before: string, after: string, rounds: number): Promise<Compared[]> => {
	const rows: Compared[] = [];
	for (const [name, fn] of MODULES) {
		process.stderr.write(`${name}...\n`);
		const seen = { before: [] as Map<string, number>[], after: [] as Map<string, number>[] };
		for (let round = 0; round < rounds; round++) {
			// Which tree goes first swaps each round, so neither always runs on a warmer machine.
			const order = round % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
			for (const side of order) {
				try {
					seen[side].push(await measureOnce(side === "before" ? before : after, name, fn));
				} catch (error) {
					process.stderr.write(`  ${side}: not measured: ${(error as Error).message.split("\n")[0]}\n`);
				}
			}
		}
		const names = new Set([...seen.after, ...seen.before].flatMap((values) => [...values.keys()]));
		for (const what of names) {
			const of = (runs: readonly Map<string, number>[]) =>
				runs.flatMap((values) => (values.has(what) ? [values.get(what) as number] : []));
			rows.push({ what, before: of(seen.before), after: of(seen.after) });
		}
	}
	return rows;
};
