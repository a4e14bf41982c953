/**
 * Figure 2: one hook running `true`, through the whole engine (match, spawn with piped stdin/stdout/stderr in
 * its own process group, interpret), against a bare `child_process.spawn` of the same `/bin/sh -c true`,
 * measured alternately in the same run.
 */
import { spawn } from "node:child_process";
import { benchEngine, benchRequest } from "../engine-setup.ts";
import { type FigureRow, formatMs, median, timeMs } from "../stats.ts";

/** Resolves when a bare `/bin/sh -c true` (no pipes, no group) has exited. */
const bareSpawn = (): Promise<void> =>
	new Promise((resolve, reject) => {
		const child = spawn("/bin/sh", ["-c", "true"], { stdio: "ignore" });
		child.once("error", reject);
		child.once("exit", () => resolve());
	});

/** Figure 2 row: the ratio of the medians, engine / bare spawn. */
export const measureSpawn = async (): Promise<FigureRow[]> => {
	const engine = benchEngine([{ type: "command", command: "true" }]);
	const request = benchRequest();
	const throughEngine = async (): Promise<void> => {
		const { verdicts } = await engine.dispatch(request);
		if (verdicts.length !== 1 || verdicts[0]?.status !== "success")
			throw new Error(`unexpected verdicts: ${JSON.stringify(verdicts)}`);
	};
	for (let i = 0; i < 20; i++) {
		await throughEngine();
		await bareSpawn();
	}
	const engineTimes: number[] = [];
	const bareTimes: number[] = [];
	for (let i = 0; i < 200; i++) {
		// Alternate which goes first, so neither always runs on a warmer system.
		if (i % 2 === 0) {
			engineTimes.push(await timeMs(throughEngine));
			bareTimes.push(await timeMs(bareSpawn));
		} else {
			bareTimes.push(await timeMs(bareSpawn));
			engineTimes.push(await timeMs(throughEngine));
		}
	}
	const ratio = median(engineTimes) / median(bareTimes);
	return [
		{
			figure: 2,
			what: "one hook `true` through the engine / bare spawn of `/bin/sh -c true`",
			target: "< 1.15",
			measured: `${ratio.toFixed(2)} (${formatMs(median(engineTimes))} / ${formatMs(median(bareTimes))}, 200 pairs alternating)`,
			result: ratio < 1.15 ? "met" : "missed",
		},
	];
};
