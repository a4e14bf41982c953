/**
 * The rows of issue 38 measured inside the real pi: the whole `pi -p hello` and pi's start to its first model
 * request, with no hooks and with 200 non-matching user hooks, each next to pi alone (its floor) in the same
 * round; and what a tool call costs when no hook is configured, as the gap from one model request to the next
 * (the `context` event pi emits before each), next to pi with the probes alone. Configurations alternate run by
 * run (order rotated each round), so the machine's load slows figure and floor alike; every value is a median of
 * per-round differences. The breakdown of where start-up goes is startup-parts.ts.
 */
import { loadavg } from "node:os";
import { createPiSandbox, EXTENSION_PATH, type PiSandbox } from "../../test/support/pi-env.ts";
import type { ProbedRun } from "../pi-run.ts";
import { formatMs, type MainRow, median } from "../stats.ts";
import { nonMatching, runAlternating, type Setup, sandboxWith } from "./in-pi.ts";

/** `pi -p` runs per configuration for start-up, and tool-call runs (each of CALLS calls) per configuration. */
const START_ROUNDS = 15;
const CALL_ROUNDS = 10;
const CALLS = 40;

/** Milliseconds from the first probe's factory to pi's first `context` event (its first model request). */
const toFirstRequest = (run: ProbedRun): number => {
	const first = run.marks.spans.find((span) => span.event === "context");
	return (first?.start ?? Number.NaN) - (run.marks.factory.before ?? Number.NaN);
};

/** The median gap between successive model requests of one run (each after one bash call of `true`). */
const requestGap = (run: ProbedRun): number => {
	const starts = run.marks.spans.filter((span) => span.event === "context").map((span) => span.start);
	return median(starts.slice(2).map((start, index) => start - (starts[index + 1] as number)));
};

/**
 * The median CPU time pi's process spent between successive model requests of one run (probe-before's
 * `contextCpu`): the gap's share that is work, not waiting for a core on a loaded machine.
 */
const requestCpu = (run: ProbedRun): number => {
	const cpu = run.marks.contextCpu ?? [];
	return median(cpu.slice(2).map((at, index) => at - (cpu[index + 1] as number)));
};

/** Per round, `value` of `loaded`'s run less that of `floor`'s run of the same round. */
const paired = (loaded: Setup, floor: Setup, value: (run: ProbedRun) => number): number[] =>
	loaded.runs.map((run, round) => value(run) - value(floor.runs[round] as ProbedRun));

const signed = (ms: number): string => `${ms >= 0 ? "+" : "−"}${formatMs(Math.abs(ms))}`;

/** The start-up rows (0 and 200 hooks) and the no-hooks per-call row, with the load averages they ran at. */
export const measureStartup = async (): Promise<MainRow[]> => {
	const sandboxes: PiSandbox[] = [];
	const track = (sandbox: PiSandbox): PiSandbox => {
		sandboxes.push(sandbox);
		return sandbox;
	};
	const setup = (sandbox: PiSandbox, extensions: readonly string[]): Setup => ({ sandbox, extensions, runs: [] });
	try {
		const empty = track(createPiSandbox());
		const many = track(sandboxWith(nonMatching));
		const bare = setup(empty, []);
		const noHooks = setup(empty, [EXTENSION_PATH]);
		const withHooks = setup(many, [EXTENSION_PATH]);
		const loadAt = loadavg()[0] ?? 0;
		// One run each first: jiti's cache, the seen-state baseline, the reach cache (a start like the next ones).
		await runAlternating([bare, noHooks, withHooks], 1, 0);
		for (const each of [bare, noHooks, withHooks]) each.runs.length = 0;
		await runAlternating([bare, noHooks, withHooks], START_ROUNDS, 0);
		const bareCalls = setup(empty, []);
		const oursCalls = setup(empty, [EXTENSION_PATH]);
		await runAlternating([bareCalls, oursCalls], CALL_ROUNDS, CALLS);
		const loadEnd = loadavg()[0] ?? 0;
		const load = `load average ${loadAt.toFixed(1)} → ${loadEnd.toFixed(1)}`;
		const rows: MainRow[] = [];
		for (const [name, loaded] of [
			["no hooks", noHooks],
			["200 hooks", withHooks],
		] as const) {
			const wall = median(paired(loaded, bare, (run) => run.wallMs));
			const bareWall = median(bare.runs.map((run) => run.wallMs));
			rows.push({
				what: `whole \`pi -p hello\`, ${name}`,
				target: "≤ +20 ms",
				figure: `${signed(wall)} (median of ${START_ROUNDS} paired runs; ${load})`,
				floor: `${formatMs(bareWall)} (pi alone, same rounds)`,
				ratio: `${((bareWall + wall) / bareWall).toFixed(2)}×`,
				result: wall <= 20 ? "met" : "missed",
				fakeContext: "-",
			});
			const first = median(paired(loaded, bare, toFirstRequest));
			const bareFirst = median(bare.runs.map(toFirstRequest));
			rows.push({
				what: `pi's start to its first model request, ${name}`,
				target: "≤ +20 ms",
				figure: `${signed(first)} (median of ${START_ROUNDS} paired runs; ${load})`,
				floor: `${formatMs(bareFirst)} (pi alone: from the first extension's load to the request)`,
				ratio: `${((bareFirst + first) / bareFirst).toFixed(2)}×`,
				result: first <= 20 ? "met" : "missed",
				fakeContext: "-",
			});
		}
		const gaps = paired(oursCalls, bareCalls, requestGap);
		const gap = median(gaps);
		const bareGap = median(bareCalls.runs.map(requestGap));
		rows.push({
			what: "per tool call, no hooks configured (the gap from one model request to the next)",
			target: "≤ +0.5 ms",
			figure:
				`${signed(gap)} (median of ${CALL_ROUNDS} paired runs of ${CALLS} calls; per run ` +
				`${gaps.map(signed).join(", ")}; ${load})`,
			floor: `${formatMs(bareGap)} (pi alone: a bash call of \`true\` and the next scripted reply)`,
			ratio: `${((bareGap + gap) / bareGap).toFixed(2)}×`,
			result: gap <= 0.5 ? "met" : "missed",
			fakeContext: "-",
		});
		const cpus = paired(oursCalls, bareCalls, requestCpu);
		const cpu = median(cpus);
		const bareCpu = median(bareCalls.runs.map(requestCpu));
		rows.push({
			what: "per tool call, no hooks configured: pi's CPU time from one model request to the next",
			target: "≤ +0.5 ms",
			figure:
				`${signed(cpu)} (median of ${CALL_ROUNDS} paired runs of ${CALLS} calls; per run ` +
				`${cpus.map(signed).join(", ")}; ${load})`,
			floor: `${formatMs(bareCpu)} (pi alone, same rounds)`,
			ratio: `${((bareCpu + cpu) / bareCpu).toFixed(2)}×`,
			result: cpu <= 0.5 ? "met" : "missed",
			fakeContext: "-",
		});
		return rows;
	} finally {
		for (const sandbox of sandboxes) sandbox.cleanup();
	}
};
