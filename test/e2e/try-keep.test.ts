/**
 * `npm run try --keep` and `--agent-dir DIR`: pi's agent dir outlives the run (sessions, so `--continue` resumes;
 * approvals; exports), `--port N` fixes the scripted model's port, a dir that is not try's is refused, and in
 * print mode the hint about unapproved project hooks says what works under try.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { runTry } from "../support/run-try.ts";

let sandbox: PiSandbox | undefined;
afterEach(() => sandbox?.cleanup());

/** The kept dir of `--keep` in the sandbox's home (`$XDG_STATE_HOME` unset). */
const keptDir = (box: PiSandbox) => join(box.home, ".local", "state", "pi-hook-manager", "try-agent");

/** The text of every session file under `dir`. */
const sessions = (dir: string): string[] =>
	existsSync(dir)
		? readdirSync(dir, { recursive: true, withFileTypes: true })
				.filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
				.map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
		: [];

/** A port nobody listens on now (the OS picks a free one, and it is closed again). */
const freePort = (): Promise<number> =>
	new Promise((done) => {
		const server = createServer().listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() => done(typeof address === "object" && address !== null ? address.port : 0));
		});
	});

const projectGuard = {
	hooks: {
		PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo project-guard >&2; exit 2" }] }],
	},
};

describe("npm run try --keep", () => {
	it("keeps pi's sessions in a dir under the state folder, so --continue resumes the last one", async () => {
		sandbox = createPiSandbox();
		const first = await runTry(sandbox, ["--keep", sandbox.projectDir, "-p", "remember-the-first-prompt"]);
		expect(first.code, first.stderr).toBe(0);
		const dir = keptDir(sandbox);
		expect(sessions(join(dir, "sessions"))).toHaveLength(1);
		const second = await runTry(sandbox, [sandbox.projectDir, "--keep", "-c", "-p", "and-the-second"]);
		expect(second.code, second.stderr).toBe(0);
		const kept = sessions(join(dir, "sessions"));
		expect(kept).toHaveLength(1);
		expect(kept[0]).toContain("remember-the-first-prompt");
		expect(kept[0]).toContain("and-the-second");
		// The user's own agent dir got no session.
		expect(existsSync(join(sandbox.agentDir, "sessions"))).toBe(false);
	});

	it("--agent-dir DIR keeps the dir named, and --port puts the scripted model on that port", async () => {
		sandbox = createPiSandbox();
		const dir = join(sandbox.root, "my-try-agent");
		const port = await freePort();
		const run = await runTry(sandbox, ["--agent-dir", "my-try-agent", "--port", String(port), "-p", "bash: pwd"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain(`fake-model saw tool result: ${sandbox.root}`);
		const models = JSON.parse(readFileSync(join(dir, "models.json"), "utf8"));
		expect(models.providers.fake.baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
		expect(sessions(join(dir, "sessions"))).toHaveLength(1);
		expect(existsSync(join(dir, "try.pid"))).toBe(false);
	});

	it("refuses an agent dir it did not make, and the user's own pi agent dir", async () => {
		sandbox = createPiSandbox();
		const foreign = join(sandbox.root, "notes");
		mkdirSync(foreign);
		writeFileSync(join(foreign, "todo.txt"), "mine\n");
		const refused = await runTry(sandbox, ["--agent-dir", foreign, "-p", "hi"]);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain(`not using ${foreign} as the agent dir: it is not empty`);
		expect(readdirSync(foreign)).toEqual(["todo.txt"]);
		const settings = readFileSync(join(sandbox.agentDir, "settings.json"), "utf8");
		const own = await runTry(sandbox, ["--agent-dir", sandbox.agentDir, "-p", "hi"]);
		expect(own.code).toBe(2);
		expect(own.stderr).toContain("it is your pi agent dir");
		expect(readFileSync(join(sandbox.agentDir, "settings.json"), "utf8")).toBe(settings);
	});

	it("refuses a --port that is not a port, and says so when the port is taken", async () => {
		sandbox = createPiSandbox();
		const run = await runTry(sandbox, ["--port", "http", "-p", "hi"]);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain('--port needs a port number from 1 to 65535, not "http"');
		const taken = createServer();
		const port = await new Promise<number>((done) =>
			taken.listen(0, "127.0.0.1", () => done((taken.address() as { port: number }).port)),
		);
		try {
			const busy = await runTry(sandbox, ["--port", String(port), "-p", "hi"]);
			expect(busy.code).toBe(2);
			expect(busy.stderr).toContain(`the scripted model cannot listen on port ${port}: listen EADDRINUSE`);
		} finally {
			await new Promise((done) => taken.close(done));
		}
	});
});

describe("unapproved project hooks in print mode under try", () => {
	it("with a throw-away dir the hint names the variable, not an interactive approval that is lost", async () => {
		sandbox = createPiSandbox();
		sandbox.writeJson("project/.claude/settings.json", projectGuard);
		const run = await runTry(sandbox, [sandbox.projectDir, "-p", "bash: echo hi"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stderr).toContain("will not run until approved");
		expect(run.stderr).toContain("To approve them, set PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS=1 for this run");
		expect(run.stderr).toContain("npm run try forgets approvals at exit");
		expect(run.stderr).not.toContain("start pi interactively");
	});

	it("with a kept dir the hint says to accept them in try's TUI with the same dir", async () => {
		sandbox = createPiSandbox();
		sandbox.writeJson("project/.claude/settings.json", projectGuard);
		const run = await runTry(sandbox, ["--keep", sandbox.projectDir, "-p", "bash: echo hi"]);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stderr).toContain("start npm run try with the same --keep or --agent-dir in a terminal and accept");
		expect(run.stderr).not.toContain("start pi interactively");
	});
});
