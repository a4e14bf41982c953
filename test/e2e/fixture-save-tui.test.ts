/**
 * A case saved from the /hooks workbench in the real pi (tmux) is a fixture `pi-hook-manager test` runs green:
 * a guard is test-run on an edited sample, one key saves it with its outcome into `.pi/hook-tests/`, and the
 * built command, a separate process reading the same settings, passes it (and fails it once the guard is gone).
 */
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_BIN } from "../support/cli.ts";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox } from "../support/pi-env.ts";
import { startPiTui } from "../support/pi-tui.ts";
import { createTmuxServer, type TmuxServer } from "../support/tmux.ts";

let llm: FakeLlm;
let sandbox: PiSandbox;
let tmux: TmuxServer;

/** Blocks (exit 2) any stdin that mentions "forbidden". */
const GUARD = "grep -q forbidden && { echo 'Blocked: a forbidden call' >&2; exit 2; }; exit 0";

beforeAll(async () => {
	llm = await startFakeLlm();
	sandbox = createPiSandbox({ fakeUrl: llm.url });
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: GUARD }] }] },
	});
	tmux = createTmuxServer();
	await startPiTui(tmux, sandbox, { cols: 120, rows: 50 });
});

afterAll(async () => {
	await tmux?.quit().catch(() => undefined);
	tmux?.kill();
	await llm?.close();
	sandbox?.cleanup();
});

/** Runs the built command in the project with pi's environment; resolves with its exit code and output. */
const cli = (args: readonly string[]): Promise<{ code: number; stdout: string }> => {
	const managed = join(sandbox.root, "managed");
	mkdirSync(managed, { recursive: true });
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[CLI_BIN, ...args],
			{ cwd: sandbox.projectDir, env: sandbox.env({ PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: managed }) },
			(error, stdout) => resolve({ code: error === null ? 0 : Number(error.code), stdout }),
		);
	});
};

describe("a fixture saved from the workbench", () => {
	it("is written with the run's outcome by one key, and pi-hook-manager test passes it", async () => {
		tmux.type("/hooks");
		tmux.keys(["Enter"]);
		await tmux.waitFor("Filter:");
		tmux.type("grep -q");
		tmux.keys(["C-r"]);
		await tmux.waitFor('"command": "echo hello"');
		// The guard looks at the whole stdin: one more field that mentions the word, after the first line's "{".
		tmux.keys(["Right"]);
		tmux.type(' "why": "forbidden",');
		tmux.keys(["C-r"]);
		await tmux.waitFor((screen) => screen.includes("would block") && screen.includes("save as fixture"));
		tmux.keys(["C-f"]);
		const saved = await tmux.waitFor("pi-hook-manager test runs it");
		expect(saved.replace(/\s+/g, " ")).toContain("Saved as .pi/hook-tests/pretooluse-bash-echo-hello.json");
		const dir = join(sandbox.projectDir, ".pi", "hook-tests");
		expect(readdirSync(dir)).toEqual(["pretooluse-bash-echo-hello.json"]);
		const fixture = JSON.parse(readFileSync(join(dir, "pretooluse-bash-echo-hello.json"), "utf8"));
		expect(fixture).toMatchObject({
			version: 1,
			name: "PreToolUse Bash: echo hello",
			event: "PreToolUse",
			input: { tool_name: "Bash", tool_input: { command: "echo hello" }, why: "forbidden" },
			expect: { decision: "deny", reason: "Blocked: a forbidden call" },
		});
		expect(fixture.input.session_id).toBeUndefined();
		const result = await cli(["test"]);
		expect(result.stdout).toContain(
			"PASS PreToolUse Bash: echo hello (.pi/hook-tests/pretooluse-bash-echo-hello.json)",
		);
		expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("1 passed, 0 failed");
		expect(result.code).toBe(0);
	});

	it("the log saves the events it shows as fixtures, and pi-hook-manager test passes them too", async () => {
		tmux.keys(["Escape"]);
		await tmux.waitFor((screen) => !screen.includes("Hooks > test"));
		tmux.keys(["Escape"]);
		await tmux.waitFor("Filter: type to filter");
		tmux.keys(["Escape"]);
		await tmux.waitFor((screen) => !screen.includes("Filter:"));
		tmux.type("bash: echo forbidden fruit");
		tmux.keys(["Enter"]);
		await tmux.waitFor(/hooks 1 blocked/);
		tmux.type("/hooks");
		tmux.keys(["Enter"]);
		await tmux.waitFor("Filter:");
		tmux.keys(["Tab"]);
		tmux.type("forbidden fruit");
		await tmux.waitFor(/PreToolUse +Bash echo forbidden fruit/);
		tmux.keys(["C-f"]);
		await tmux.waitFor("Saved 1 event(s) as fixtures in .pi/hook-tests");
		const file = join(sandbox.projectDir, ".pi", "hook-tests", "pretooluse-bash-echo-forbidden-fruit.json");
		expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
			event: "PreToolUse",
			input: { tool_name: "Bash", tool_input: { command: "echo forbidden fruit" } },
			expect: { decision: "deny", reason: "Blocked: a forbidden call" },
		});
		const result = await cli(["test"]);
		expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("2 passed, 0 failed");
		expect(result.code).toBe(0);
	});

	it("fails in pi-hook-manager test once the guard no longer blocks", async () => {
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] },
		});
		const result = await cli(["test"]);
		expect(result.stdout).toContain('decision: expected "deny", got "none"');
		expect(result.code).toBe(1);
	});
});
