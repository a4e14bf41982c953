/**
 * Figure 3: 16 matching hooks of `sleep 0.2` on one event, through the engine with the real runner: the wall
 * time of the dispatch (they run in parallel; one after another they would take 3.2 s), next to 16 bare parallel
 * spawns of the same `/bin/sh -c "sleep 0.2"`, alternately in the same run, which shows what the machine costs.
 */
import { spawn } from "node:child_process";
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { createEngine } from "../../src/engine/engine.ts";
import { runProcess } from "../../src/engine/run.ts";
import { type FigureRow, formatMs, median, timeMs } from "../stats.ts";

/** Resolves when 16 bare `/bin/sh -c "sleep 0.2"` started at once have exited. */
const bareParallel = (): Promise<unknown> =>
	Promise.all(
		Array.from(
			{ length: 16 },
			() =>
				new Promise<void>((resolve, reject) => {
					const child = spawn("/bin/sh", ["-c", "sleep 0.2"], { stdio: "ignore" });
					child.once("error", reject);
					child.once("exit", () => resolve());
				}),
		),
	);

/** Figure 3 row: median wall time over repeated dispatches. */
export const measureParallel = async (): Promise<FigureRow[]> => {
	// Distinct commands: the engine runs the same command only once per event.
	const hooks = Array.from({ length: 16 }, (_, i) => ({ type: "command", command: `sleep 0.2 # hook ${i}` }));
	const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });
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
	const dispatch = async (): Promise<void> => {
		const { verdicts } = await engine.dispatch(request);
		if (verdicts.length !== 16 || verdicts.some((verdict) => verdict.status !== "success"))
			throw new Error("expected 16 successful hooks");
	};
	await dispatch();
	await bareParallel();
	const times: number[] = [];
	const bare: number[] = [];
	for (let run = 0; run < 9; run++) {
		times.push(await timeMs(dispatch));
		bare.push(await timeMs(bareParallel));
	}
	const wall = median(times);
	return [
		{
			figure: 3,
			what: "16 matching hooks of `sleep 0.2` on one event (wall time)",
			target: "< 0.3 s (3.2 s one after another)",
			measured: [
				`${formatMs(wall)} median of 9 (${formatMs(Math.min(...times))} to ${formatMs(Math.max(...times))})`,
				`16 bare parallel spawns: ${formatMs(median(bare))}`,
			].join("; "),
			result: wall < 300 ? "met" : "missed",
		},
	];
};
