/**
 * Issue 18's row: `pi-hook-manager test` (the built dist/cli.mjs, a real process) on 100 fixtures of a PreToolUse
 * hook `true`, against its floor: a Node process that makes 100 bare spawns of the same `/bin/sh -c true`, as many
 * at once as the command runs fixtures, each with a stdin JSON line written and its output read. Both are whole
 * processes (Node's start-up is in both), measured alternately; the target is at most 2× the floor.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatMs, type MainRow, median, ratioText } from "../stats.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CLI = join(ROOT, "dist", "cli.mjs");

/** Fixtures per run. */
const FIXTURES = 100;
/** Runs of each side. */
const RUNS = 9;
/** The command's concurrency (src/cli/test.ts FIXTURE_CONCURRENCY), so the floor spawns as many at once. */
const CONCURRENCY = Math.max(4, availableParallelism() * 4);

/** The floor: 100 spawns of `/bin/sh -c true`, CONCURRENCY at a time, in a fresh Node process. */
const FLOOR_SCRIPT = `
import { spawn } from "node:child_process";
const stdin = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
let next = 0;
const one = () => new Promise((resolve, reject) => {
	const child = spawn("/bin/sh", ["-c", "true"], { stdio: "pipe" });
	child.once("error", reject);
	child.stdout.resume();
	child.stderr.resume();
	child.stdin.on("error", () => {});
	child.stdin.end(stdin + "\\n");
	child.once("close", resolve);
});
const lane = async () => { while (next < ${FIXTURES}) { next++; await one(); } };
await Promise.all(Array.from({ length: ${CONCURRENCY} }, lane));
`;

/** Milliseconds a process took from spawn to exit; rejects when it exits non-zero. */
const wall = (args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> =>
	new Promise((resolve, reject) => {
		const start = performance.now();
		const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
		let output = "";
		child.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.once("error", reject);
		child.once("close", (code) => {
			const ms = performance.now() - start;
			if (code === 0) resolve(ms);
			else reject(new Error(`${args.join(" ")} exited ${code}: ${output.slice(-300)}`));
		});
	});

/** A project with 100 fixtures and a home whose `~/.claude/settings.json` has the `true` hook (no approval). */
const sandbox = (): { root: string; project: string; home: string; env: NodeJS.ProcessEnv } => {
	const root = mkdtempSync(join(tmpdir(), "phm-bench-cli-"));
	const project = join(root, "project");
	const home = join(root, "home");
	const managed = join(root, "managed");
	const tests = join(project, ".pi", "hook-tests");
	for (const dir of [tests, join(home, ".claude"), managed]) mkdirSync(dir, { recursive: true });
	const hooks = { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] };
	writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ hooks }));
	for (let index = 0; index < FIXTURES; index++)
		writeFileSync(
			join(tests, `case-${String(index).padStart(3, "0")}.json`),
			JSON.stringify({
				version: 1,
				name: `case ${index}`,
				event: "PreToolUse",
				input: { tool_name: "Bash", tool_input: { command: `echo ${index}` } },
				expect: { decision: "none" },
			}),
		);
	const env: NodeJS.ProcessEnv = { ...process.env, PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: managed };
	delete env.CLAUDE_CONFIG_DIR;
	delete env.PI_CODING_AGENT_DIR;
	return { root, project, home, env };
};

/** The row: medians of both sides, their ratio, met when at most 2×. */
export const measureCli = async (): Promise<MainRow[]> => {
	const box = sandbox();
	try {
		const command = [CLI, "test", "--home", box.home];
		const floor = ["--input-type=module", "-e", FLOOR_SCRIPT];
		await wall(command, box.project, box.env);
		await wall(floor, box.project, box.env);
		const figures: number[] = [];
		const floors: number[] = [];
		for (let run = 0; run < RUNS; run++) {
			figures.push(await wall(command, box.project, box.env));
			floors.push(await wall(floor, box.project, box.env));
		}
		const figure = median(figures);
		const bare = median(floors);
		const range = `${formatMs(Math.min(...figures))} to ${formatMs(Math.max(...figures))}`;
		return [
			{
				what: `\`pi-hook-manager test\` on ${FIXTURES} fixtures of a \`true\` hook (whole process)`,
				target: "≤ 2× the floor",
				figure: `${formatMs(figure)} median of ${RUNS} (${range})`,
				floor: `${formatMs(bare)}: ${FIXTURES} bare spawns of \`/bin/sh -c true\`, ${CONCURRENCY} at once`,
				ratio: ratioText(figure, bare),
				result: figure <= 2 * bare ? "met" : "missed",
				fakeContext: "-",
			},
		];
	} finally {
		rmSync(box.root, { recursive: true, force: true });
	}
};
