/**
 * Quitting the real pi while hooks run: an awaited hook, an `async` hook and a hook's background job, each with
 * a grandchild that ignores SIGTERM. Once pi has exited, none of them may still be running.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { PI_BIN, type PiSandbox, piPrintArgs } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { isRunning } from "../support/processes.ts";

const e2e = useE2e();

/** Polls until `condition` holds; fails with `what` after `timeoutMs`. */
const waitFor = async (condition: () => boolean, what: () => string, timeoutMs = 20_000): Promise<void> => {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
};

/** SIGKILLs every pid (test clean-up); gone ones are fine. */
const killAll = (pids: Map<string, number>): void => {
	for (const pid of pids.values()) {
		try {
			process.kill(pid, "SIGKILL");
		} catch {
			// already gone
		}
	}
};

/** Waits until none of `pids` is running; fails naming the survivors. */
const expectAllGone = async (pids: Map<string, number>): Promise<void> => {
	const survivors = () => [...pids].filter(([, pid]) => isRunning(pid)).map(([tag, pid]) => `${tag} (${pid})`);
	// Signals sent before pi exited may take a moment to land; nothing can kill them after that.
	await waitFor(
		() => survivors().length === 0,
		() => `no hook process left, still running: ${survivors().join(", ")}`,
		5_000,
	);
};

/** `tag pid` lines the hooks wrote. */
const readPids = (file: string): Map<string, number> => {
	if (!existsSync(file)) return new Map();
	const lines = readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.includes(" "));
	return new Map(lines.map((line) => [line.split(" ")[0] ?? "", Number(line.split(" ")[1])]));
};

/** Hooks that record their pids in `<project>/pids` and never end on their own. */
const hostileHooks = (box: PiSandbox): string => {
	const pids = join(box.projectDir, "pids");
	const note = (tag: string) => `echo "${tag} $$" >> "${pids}"`;
	// A grandchild that ignores SIGTERM and has let go of the hook's pipes.
	const stubborn = (tag: string) =>
		`(trap '' TERM; exec sleep 1000) </dev/null >/dev/null 2>&1 & echo "${tag}-grandchild $!" >> "${pids}"`;
	const hooks = [
		{ type: "command", command: `${note("awaited")}; ${stubborn("awaited")}; exec sleep 1000` },
		{ type: "command", command: `${note("async")}; ${stubborn("async")}; exec sleep 1000`, async: true },
		{ type: "command", command: `${stubborn("job")}; exit 0` },
	];
	box.writeJson("home/.claude/settings.json", { hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });
	return pids;
};

describe("quitting pi while hooks run", () => {
	it("closing pi's input (RPC quit) mid-call ends awaited and async hooks, background jobs, children", async () => {
		const box = e2e.sandbox();
		const pidFile = hostileHooks(box);
		const rpc = startPiRpc(box);
		let pids = new Map<string, number>();
		try {
			rpc.send({ id: "p1", type: "prompt", message: "bash: echo never-runs" });
			await waitFor(
				() => readPids(pidFile).size === 5,
				() => `5 hook pids, got ${JSON.stringify([...readPids(pidFile)])}; stderr: ${rpc.stderr()}`,
			);
			pids = readPids(pidFile);
			expect([...pids.values()].every(isRunning)).toBe(true);
			expect(await rpc.close()).toBe(0);
			await expectAllGone(pids);
		} finally {
			killAll(pids);
		}
	});

	it("SIGTERM to pi in print mode mid-call ends every hook process too", async () => {
		const box = e2e.sandbox();
		const pidFile = hostileHooks(box);
		const pi = spawn(PI_BIN, piPrintArgs("bash: echo never-runs"), {
			cwd: box.projectDir,
			env: box.env(),
			stdio: ["ignore", "ignore", "pipe"],
		});
		let stderr = "";
		pi.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
		const exited = new Promise<number | null>((resolve) => pi.on("close", resolve));
		let pids = new Map<string, number>();
		try {
			await waitFor(
				() => readPids(pidFile).size === 5,
				() => `5 hook pids, got ${JSON.stringify([...readPids(pidFile)])}; stderr: ${stderr}`,
			);
			pids = readPids(pidFile);
			pi.kill("SIGTERM");
			expect(await exited).toBe(143);
			await expectAllGone(pids);
		} finally {
			pi.kill("SIGKILL");
			killAll(pids);
		}
	});
});
