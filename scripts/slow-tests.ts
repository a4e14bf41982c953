/**
 * `npm run test:slow`: the 10 slowest test files of the last vitest run (`npm test`, `npm run test:unit` or `npx
 * vitest run`, which write vitest's JSON report to {@link REPORT_FILE}), slowest first: each file's time, its test
 * count and its slowest test, so the next person sees where the suite's time goes. `--count N` lists N files.
 * Exit 0; 2 when there is no report yet (no run since `npm install`) or it cannot be read.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where vitest.config.ts has vitest write its JSON report (below node_modules: never committed). */
export const REPORT_FILE = join("node_modules", ".cache", "vitest", "report.json");

/** The parts of vitest's JSON report read here (`startTime`/`endTime` in ms since the epoch, `duration` in ms). */
export interface VitestReport {
	readonly testResults: readonly {
		readonly name: string;
		readonly startTime: number;
		readonly endTime: number;
		readonly assertionResults: readonly { readonly fullName: string; readonly duration?: number | null }[];
	}[];
}

/** One test file's time in a run. */
export interface FileTime {
	/** The file's path relative to `root`. */
	readonly file: string;
	/** Milliseconds from the file's start to its end. */
	readonly ms: number;
	readonly tests: number;
	/** The file's slowest test (undefined without tests). */
	readonly slowest?: { readonly name: string; readonly ms: number };
}

/** The `count` slowest files of `report`, slowest first; paths relative to `root`. */
export const slowestFiles = (report: VitestReport, root: string, count = 10): FileTime[] =>
	report.testResults
		.map((result) => {
			const slowest = [...result.assertionResults].sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))[0];
			return {
				file: relative(root, result.name),
				ms: Math.max(0, Math.round(result.endTime - result.startTime)),
				tests: result.assertionResults.length,
				...(slowest === undefined
					? {}
					: { slowest: { name: slowest.fullName, ms: Math.round(slowest.duration ?? 0) } }),
			};
		})
		.sort((a, b) => b.ms - a.ms)
		.slice(0, count);

/** Seconds with one decimal: `12.3 s`. */
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * The listing: one line per file (`  63.2 s  test/e2e/cli.test.ts (26 tests)`) and under it its slowest test
 * (`         slowest 12.6 s: <name>`, cut at 120 columns).
 */
export const formatSlowest = (files: readonly FileTime[]): string =>
	files
		.map((file) => {
			const tests = `${file.tests} test${file.tests === 1 ? "" : "s"}`;
			const head = `${seconds(file.ms).padStart(8)}  ${file.file} (${tests})`;
			if (file.slowest === undefined) return head;
			const under = `          slowest ${seconds(file.slowest.ms)}: ${file.slowest.name}`;
			return `${head}\n${under.length > 120 ? `${under.slice(0, 119)}…` : under}`;
		})
		.join("\n");

/** Runs the listing with command-line `argv`; returns the exit code. */
export const main = (argv: readonly string[], root: string = ROOT): number => {
	const { values } = parseArgs({ args: [...argv], options: { count: { type: "string", default: "10" } } });
	const count = Number(values.count);
	let report: VitestReport;
	try {
		report = JSON.parse(readFileSync(join(root, REPORT_FILE), "utf8")) as VitestReport;
	} catch (error) {
		const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no report yet" : String(error);
		process.stderr.write(`test:slow: ${REPORT_FILE}: ${why}; run npm test (or npm run test:unit) first\n`);
		return 2;
	}
	const files = slowestFiles(report, root, Number.isInteger(count) && count > 0 ? count : 10);
	process.stdout.write(`${formatSlowest(files)}\n`);
	return 0;
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
	process.exitCode = main(process.argv.slice(2));
