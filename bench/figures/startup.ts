/**
 * Figure 7: the time the extension adds to pi's start-up: the real pi in print mode answering one prompt from the
 * scripted model (test/support/fake-llm.mjs), with no extensions (`-ne`) and with only this one (`-ne -e <project>`),
 * alternately, in one sandbox.
 */
import { startFakeLlm } from "../../test/support/fake-llm.mjs";
import { createPiSandbox, EXTENSION_PATH, runPiPrint } from "../../test/support/pi-env.ts";
import { type FigureRow, formatMs, median } from "../stats.ts";

/** Figure 7 rows. */
export const measureStartup = async (): Promise<FigureRow[]> => {
	const llm = await startFakeLlm();
	const sandbox = createPiSandbox({ fakeUrl: llm.url });
	try {
		const run = async (args: readonly string[]): Promise<number> => {
			const result = await runPiPrint(sandbox, [...args, "-p", "hello"], { timeoutMs: 60_000 });
			if (result.code !== 0 || !result.stdout.includes("echo: hello")) {
				throw new Error(`pi ${args.join(" ")} failed (${result.code}): ${result.stderr}`);
			}
			return result.durationMs;
		};
		const without = ["-ne"];
		const withExtension = ["-ne", "-e", EXTENSION_PATH];
		await run(without);
		await run(withExtension);
		const bare: number[] = [];
		const loaded: number[] = [];
		for (let i = 0; i < 9; i++) {
			if (i % 2 === 0) {
				bare.push(await run(without));
				loaded.push(await run(withExtension));
			} else {
				loaded.push(await run(withExtension));
				bare.push(await run(without));
			}
		}
		const added = median(loaded) - median(bare);
		return [
			{
				figure: 7,
				what: "start-up added by the extension: `pi -ne -e <project> -p` vs `pi -ne -p`",
				target: "-",
				measured: `+${formatMs(added)} (${formatMs(median(loaded))} vs ${formatMs(median(bare))}, medians of 9 each)`,
				result: "-",
			},
		];
	} finally {
		sandbox.cleanup();
		await llm.close();
	}
};
