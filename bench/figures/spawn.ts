/**
 * Figure 2: one hook running `true`, through the whole engine (match, spawn with piped stdin/stdout/stderr in
 * its own process group, interpret), against a bare `child_process.spawn` of the same `/bin/sh -c true`,
 * measured alternately in the same run.
 */
import { spawn } from "node:child_process";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { createEngine } from "../../src/engine/engine.ts";
import { runProcess } from "../../src/engine/run.ts";
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
	const settings = JSON.stringify({
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
	});
	const config = mergeSources(
		[parseSettingsText(settings, { scope: "claude-user", file: "/bench/settings.json", project: false })],
		true,
	);
	const engine = createEngine({
		config: () => config,
		runner: runProcess,
		baseEnv: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
	});
	const cwd = process.cwd();
	const request = {
		event: "PreToolUse" as const,
		matchValues: ["Bash", "bash"],
		tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
		payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
		session: { sessionId: "bench", transcriptPath: "", cwd, projectDir: cwd, promptId: undefined },
	};
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
