/**
 * `npm run try` removes its throw-away agent dir (which holds copies of the user's mcp.json and hook settings)
 * however it ends: on SIGHUP (the terminal closed) and SIGTERM while pi runs, and at start for the dirs of
 * earlier runs whose try process is gone.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createPiSandbox, type PiSandbox, PROJECT_ROOT } from "../support/pi-env.ts";

const TRY = join(PROJECT_ROOT, "demo", "try.mjs");

let sandbox: PiSandbox | undefined;
let hookPid: number | undefined;
afterEach(() => {
	if (hookPid !== undefined) spawnSync("kill", [String(hookPid)]);
	hookPid = undefined;
	sandbox?.cleanup();
});

/** Starts `node demo/try.mjs ...args` with its temp folder in the sandbox; resolves its exit once it ends. */
const startTry = (box: PiSandbox, tmp: string, args: string[]) => {
	const child: ChildProcess = spawn("node", [TRY, ...args], {
		cwd: PROJECT_ROOT,
		env: box.env({ INIT_CWD: box.root, TMPDIR: tmp }),
		stdio: ["ignore", "pipe", "pipe"],
	});
	let stderr = "";
	child.stderr?.setEncoding("utf8").on("data", (text: string) => (stderr += text));
	child.stdout?.resume();
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((done) =>
		child.on("close", (code, signal) => done({ code, signal, stderr })),
	);
	return { child, exited };
};

/** Waits until `file` exists (the hook is running) or the run ended. */
const waitForFile = async (file: string, ended: () => boolean): Promise<void> => {
	while (!existsSync(file) && !ended()) await sleep(50);
};

describe("npm run try cleans up its agent dir", () => {
	it.each(["SIGHUP", "SIGTERM"] as const)("when it gets %s while pi runs a hook", async (signal) => {
		sandbox = createPiSandbox();
		const tmp = join(sandbox.root, "tmp");
		mkdirSync(tmp);
		const marker = join(sandbox.root, "hook-running");
		// The hook says which agent dir pi runs in and who it is, then waits: pi is busy when the signal comes.
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				UserPromptSubmit: [
					{
						hooks: [
							{
								type: "command",
								command:
									`echo "$$ $PI_CODING_AGENT_DIR" > '${marker}.tmp' && ` +
									`mv '${marker}.tmp' '${marker}' && exec sleep 60`,
							},
						],
					},
				],
			},
		});
		sandbox.writeJson("agent/mcp.json", { mcpServers: {} });
		const run = startTry(sandbox, tmp, [sandbox.projectDir, "-p", "hi"]);
		let ended = false;
		void run.exited.then(() => (ended = true));
		await waitForFile(marker, () => ended);
		expect(existsSync(marker), (await Promise.race([run.exited, { stderr: "" }])).stderr).toBe(true);
		const [pid, agentDir = ""] = readFileSync(marker, "utf8").trim().split(" ");
		hookPid = Number(pid);
		expect(agentDir.startsWith(join(tmp, "pi-hook-manager-try-"))).toBe(true);
		expect(existsSync(join(agentDir, "mcp.json"))).toBe(true);

		run.child.kill(signal);
		await run.exited;

		expect(existsSync(agentDir)).toBe(false);
		expect(readdirSync(tmp).filter((name) => name.startsWith("pi-hook-manager-try-"))).toEqual([]);
	});

	it("removes at start the dirs of earlier runs whose try process is gone, and only those", async () => {
		sandbox = createPiSandbox();
		const tmp = join(sandbox.root, "tmp");
		// A pid no process has any more: a process that has exited.
		const gone = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" }).stdout.trim();
		const leftover = (name: string, pid?: string) => {
			const dir = join(tmp, name);
			mkdirSync(dir, { recursive: true });
			writeFileSync(join(dir, "mcp.json"), "{}");
			if (pid !== undefined) writeFileSync(join(dir, "try.pid"), pid);
			return dir;
		};
		const dead = leftover("pi-hook-manager-try-dead01", gone);
		const running = leftover("pi-hook-manager-try-live01", String(process.pid));
		const noPidFile = leftover("pi-hook-manager-try-other1");
		const notOurs = leftover("someone-else-dead01", gone);

		const run = await startTry(sandbox, tmp, [sandbox.projectDir, "-p", "hi"]).exited;

		expect(run.code, run.stderr).toBe(0);
		expect(existsSync(dead)).toBe(false);
		expect(existsSync(running)).toBe(true);
		expect(existsSync(noPidFile)).toBe(true);
		expect(existsSync(notOurs)).toBe(true);
		// Its own dir went at exit too.
		expect(
			readdirSync(tmp)
				.filter((name) => name.startsWith("pi-hook-manager-try-"))
				.sort(),
		).toEqual(["pi-hook-manager-try-live01", "pi-hook-manager-try-other1"]);
	});
});
