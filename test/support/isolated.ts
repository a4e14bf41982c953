/**
 * Runs a snippet of ES module code in a separate Node process with a time limit, for tests of code that could
 * block the event loop for good (a catastrophic regex, a read from a FIFO): such a test then fails instead of
 * hanging the test worker, which a vitest timeout cannot interrupt.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "./pi-env.ts";
import { waitBudget } from "./test-limit.ts";

/** The `import` specifier of a project file, e.g. `srcModule("src/engine/match/matcher.ts")`. */
export const srcModule = (relPath: string): string => JSON.stringify(pathToFileURL(join(PROJECT_ROOT, relPath)).href);

/**
 * Runs `script` (an ES module body; the constant `INPUT` holds `input`, sent as JSON on stdin) in the project's Node
 * and returns what it printed on stdout, parsed as JSON. Throws with a clear message when it takes longer than
 * `timeoutMs` ms (or runs into the test's limit).
 */
export const runIsolated = <T>(script: string, input: unknown, wantedMs = 20_000): T => {
	const timeoutMs = waitBudget(wantedMs).ms;
	try {
		const prelude = [
			`import { readFileSync as readInput } from "node:fs";`,
			`const INPUT = JSON.parse(readInput(0, "utf8"));`,
		].join(" ");
		const output = execFileSync(process.execPath, ["--input-type=module", "-e", `${prelude}\n${script}`], {
			input: JSON.stringify(input),
			encoding: "utf8",
			timeout: timeoutMs,
			stdio: ["pipe", "pipe", "pipe"],
		});
		return JSON.parse(output) as T;
	} catch (error) {
		const { signal, stderr } = error as { signal?: string; stderr?: string };
		if (signal === "SIGTERM") throw new Error(`the isolated script did not finish within ${timeoutMs} ms`);
		throw new Error(`the isolated script failed: ${stderr ?? (error as Error).message}`);
	}
};
