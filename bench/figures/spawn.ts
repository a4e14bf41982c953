/**
 * The fake-context figures of one hook: the project's runner (`runProcess`: execa, the hook's own process group,
 * stdin written, stdout and stderr captured and capped) against a bare `child_process.spawn` of the same
 * `/bin/sh -c` with the same pipes, alternately in this process, for `true` and for `cat > /dev/null`. This is
 * execa next to a bare spawn; the real figures are measured inside pi (in-pi.ts).
 */
import { spawn } from "node:child_process";
import type { ProcessSpec } from "../../src/engine/ports.ts";
import { runProcess } from "../../src/engine/run/process.ts";
import { formatMs, median, ratioText, timeMs } from "../stats.ts";

const PAYLOAD = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };
const STDIN = `${JSON.stringify(PAYLOAD)}\n`;

/** Resolves when a bare `/bin/sh -c <command>` with stdin written and its pipes read has exited and closed. */
const bareSpawn = (command: string): Promise<void> =>
	new Promise((resolve, reject) => {
		const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "pipe"] });
		child.stdout.resume();
		child.stderr.resume();
		child.stdin.on("error", () => {});
		child.stdin.end(STDIN);
		child.once("error", reject);
		child.once("close", () => resolve());
	});

const spec = (command: string): ProcessSpec => ({
	file: "/bin/sh",
	args: ["-c", command],
	cwd: process.cwd(),
	env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
	stdin: STDIN,
	timeoutMs: 60_000,
	killGraceMs: 2_000,
	maxOutputBytes: 1024 * 1024,
});

/** `runner / bare` for one command over `pairs` alternating pairs, as table text. */
const compare = async (command: string, pairs: number): Promise<string> => {
	const throughRunner = async (): Promise<void> => {
		const outcome = await runProcess(spec(command));
		if (outcome.kind !== "exited" || outcome.code !== 0) throw new Error(`unexpected outcome: ${outcome.kind}`);
	};
	for (let i = 0; i < 10; i++) {
		await throughRunner();
		await bareSpawn(command);
	}
	const runner: number[] = [];
	const bare: number[] = [];
	for (let i = 0; i < pairs; i++) {
		if (i % 2 === 0) {
			runner.push(await timeMs(throughRunner));
			bare.push(await timeMs(() => bareSpawn(command)));
		} else {
			bare.push(await timeMs(() => bareSpawn(command)));
			runner.push(await timeMs(throughRunner));
		}
	}
	const a = median(runner);
	const b = median(bare);
	return `execa runner ${formatMs(a)} vs bare spawn ${formatMs(b)} = ${ratioText(a, b)} (${pairs} pairs)`;
};

/** The two texts: `true` and `cat > /dev/null`. */
export const microSpawn = async (): Promise<{ trueText: string; catText: string }> => ({
	trueText: await compare("true", 150),
	catText: await compare("cat > /dev/null", 150),
});
