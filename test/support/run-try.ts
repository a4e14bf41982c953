/**
 * Running `npm run try` (`node demo/try.mjs ...args`) the way npm does, for the try end-to-end tests: in the
 * package folder, with INIT_CWD where npm was started (the sandbox root), in the sandbox's environment.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { type PiSandbox, PROJECT_ROOT, tail } from "./pi-env.ts";
import { killLeftovers, ownChild, waitBudget, waitedText } from "./test-limit.ts";

/** The try script. */
export const TRY_SCRIPT = join(PROJECT_ROOT, "demo", "try.mjs");

/** What a finished try run printed and how it exited. */
export interface TryRun {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/**
 * Runs try to its end with `extraEnv` on top of the sandbox's environment. After 60 s (or near the test's limit) try
 * and what it started are killed and the run rejects, naming the run and its last output.
 */
export const runTry = (sandbox: PiSandbox, args: readonly string[], extraEnv: Record<string, string> = {}) =>
	new Promise<TryRun>((done, fail) => {
		const budget = waitBudget(60_000);
		const child = spawn("node", [TRY_SCRIPT, ...args], {
			cwd: PROJECT_ROOT,
			env: sandbox.env({ INIT_CWD: sandbox.root, ...extraEnv }),
			stdio: ["ignore", "pipe", "pipe"],
			detached: true,
		});
		const what = `npm run try ${args.join(" ")}`.trim();
		const release =
			child.pid === undefined ? () => {} : ownChild({ pid: child.pid, label: what, root: sandbox.root });
		let stdout = "";
		let stderr = "";
		let timedOut = false;
		child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
		child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
		const timer = setTimeout(() => {
			timedOut = true;
			try {
				process.kill(-(child.pid ?? 0), "SIGKILL");
			} catch {
				// gone already
			}
			killLeftovers(sandbox.root);
		}, budget.ms);
		child.on("close", (code) => {
			clearTimeout(timer);
			release();
			if (!timedOut) done({ code, stdout, stderr });
			else {
				const output = `stdout:\n${tail(stdout)}\nstderr:\n${tail(stderr)}`;
				fail(new Error(`runTry: waited for \`${what}\` to exit; killed it ${waitedText(budget)}\n${output}`));
			}
		});
	});
