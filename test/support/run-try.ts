/**
 * Running `npm run try` (`node demo/try.mjs ...args`) the way npm does, for the try end-to-end tests: in the
 * package folder, with INIT_CWD where npm was started (the sandbox root), in the sandbox's environment.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { type PiSandbox, PROJECT_ROOT } from "./pi-env.ts";

/** The try script. */
export const TRY_SCRIPT = join(PROJECT_ROOT, "demo", "try.mjs");

/** What a finished try run printed and how it exited. */
export interface TryRun {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs try to its end (killed after 60 s) with `extraEnv` on top of the sandbox's environment. */
export const runTry = (sandbox: PiSandbox, args: readonly string[], extraEnv: Record<string, string> = {}) =>
	new Promise<TryRun>((done) => {
		const child = spawn("node", [TRY_SCRIPT, ...args], {
			cwd: PROJECT_ROOT,
			env: sandbox.env({ INIT_CWD: sandbox.root, ...extraEnv }),
			stdio: ["ignore", "pipe", "pipe"],
		});
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
		child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
		const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
		child.on("close", (code) => {
			clearTimeout(timer);
			done({ code, stdout, stderr });
		});
	});
