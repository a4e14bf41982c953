/**
 * `npm run try -- <project> -p <prompt>`: the real pi on a project of the user's, with the user's own Claude
 * Code and pi hooks, answered by the scripted model, in a throw-away agent dir: the hooks run and the user's
 * agent dir is left as it was.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { runTry } from "../support/run-try.ts";

/** Every file under `dir`, relative, sorted, with its content. */
const snapshot = (dir: string): string[] =>
	readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name))
		.sort()
		.map((file) => `${file}\n${readFileSync(file, "utf8")}`);

let sandbox: PiSandbox | undefined;
afterEach(() => sandbox?.cleanup());

describe("npm run try", () => {
	it("runs the user's own hooks on their project against the scripted model; their agent dir stays", async () => {
		sandbox = createPiSandbox();
		const { home, agentDir, projectDir } = sandbox;
		// The user's Claude Code hook blocks every Bash call; their pi settings log each tool call.
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [{ type: "command", command: "echo 'blocked by my own guard' >&2; exit 2" }],
					},
				],
			},
		});
		const piLog = join(home, "pi-hook.log");
		sandbox.writeJson("agent/settings.json", {
			hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `cat >> '${piLog}'` }] }] },
		});
		// models.json points at a port nobody answers: only the scripted model of `try` can reply.
		const before = snapshot(agentDir);

		const run = await runTry(sandbox, [projectDir, "-p", "bash: echo hi"]);

		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain("fake-model saw tool result");
		expect(run.stdout).toContain("blocked by my own guard");
		expect(JSON.parse(readFileSync(piLog, "utf8"))).toMatchObject({ tool_name: "Bash", cwd: projectDir });
		expect(snapshot(agentDir)).toEqual(before);
	});

	it("keeps the hook settings of the user's pi settings: their disableAllHooks holds", async () => {
		sandbox = createPiSandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 2" }] }] },
		});
		sandbox.writeJson("agent/settings.json", { disableAllHooks: true });
		const run = await runTry(sandbox, [sandbox.projectDir, "-p", "bash: echo still-ran"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain("fake-model saw tool result: still-ran");
		expect(run.stderr).toContain("disableAllHooks is set");
	});

	it("gives hooks a transcript_path that exists, in the throw-away agent dir", async () => {
		sandbox = createPiSandbox();
		const seen = join(sandbox.root, "stop-saw.json");
		// A Stop hook that reads the transcript, as many Claude Code Stop hooks do.
		const script = sandbox.writeFile(
			"home/stop-hook.mjs",
			[
				'import { existsSync, readFileSync, writeFileSync } from "node:fs";',
				'const { transcript_path: path } = JSON.parse(readFileSync(0, "utf8"));',
				'const lines = path && existsSync(path) ? readFileSync(path, "utf8").split("\\n").length : 0;',
				`writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ path, lines }));`,
			].join("\n"),
		);
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { Stop: [{ hooks: [{ type: "command", command: `node '${script}'` }] }] },
		});
		const run = await runTry(sandbox, [sandbox.projectDir, "-p", "hello transcript"]);
		expect(run.code, run.stderr).toBe(0);
		const { path, lines } = JSON.parse(readFileSync(seen, "utf8")) as { path: string; lines: number };
		expect(path).toMatch(/pi-hook-manager-try-[^/]+\/sessions\/.+\.jsonl$/);
		expect(lines).toBeGreaterThan(1);
		// The session went with the throw-away dir; none was written to the user's agent dir.
		expect(existsSync(path)).toBe(false);
		expect(existsSync(join(sandbox.agentDir, "sessions"))).toBe(false);
	});

	it("runs in the folder npm was started in when no project is named", async () => {
		sandbox = createPiSandbox();
		const run = await runTry(sandbox, ["-p", "bash: pwd"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain(`fake-model saw tool result: ${sandbox.root}`);
	});

	it("takes a relative project as relative to the folder npm was started in", async () => {
		sandbox = createPiSandbox();
		const run = await runTry(sandbox, ["project", "-p", "bash: pwd"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain(`fake-model saw tool result: ${sandbox.projectDir}`);
	});
});
