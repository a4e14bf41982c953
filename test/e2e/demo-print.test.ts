/**
 * `npm run demo` without a terminal: one `pi -p` per demo prompt, each prompt's outcome printed, and the list
 * of project hooks that run unapproved (each pi process prints it) shown once for the whole run.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/pi-env.ts";

/** Runs `node demo/run-demo.mjs --print ...args` to its end; resolves its exit code and stdout. */
const runDemo = (args: readonly string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> =>
	new Promise((done) => {
		const child = spawn("node", [join(PROJECT_ROOT, "demo", "run-demo.mjs"), "--print", ...args], {
			cwd: PROJECT_ROOT,
			env: {
				PATH: [join(PROJECT_ROOT, "node_modules", ".bin"), process.env.PATH ?? "/usr/bin:/bin"].join(":"),
				LANG: "C.UTF-8",
			},
			stdio: ["ignore", "pipe", "pipe"],
		});
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
		child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
		const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
		child.on("close", (code) => {
			clearTimeout(timer);
			done({ code, stdout, stderr });
		});
	});

describe("the demo in print mode", () => {
	it("prints each prompt's outcome and the unapproved project hooks once", { timeout: 250_000 }, async () => {
		const run = await runDemo();
		expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
		expect(run.stdout.match(/running 6 unapproved project hook\(s\)/g)).toHaveLength(1);
		expect(run.stdout.match(/^\$ pi -p /gm)).toHaveLength(5);
		expect(run.stdout).toContain("Dangerous command blocked: recursive forced delete");
		expect(run.stdout).toContain("force-push is not allowed here");
		expect(run.stdout).toContain("Formatter rewrote");
		expect(run.stdout).toMatch(/The logger hook wrote \d+ lines/);
	});

	it("refuses a --port that is not a port, and try's own --keep", async () => {
		const bad = await runDemo(["--port", "99999"]);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('--port needs a port number from 1 to 65535, not "99999"');
		const keep = await runDemo(["--keep"]);
		expect(keep.code).toBe(2);
		expect(keep.stderr).toContain("--keep is for npm run try");
	});
});
