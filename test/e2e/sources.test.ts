/**
 * End to end in the real pi (print mode): hooks from a Claude Code plugin installed as the real CLI lays it out,
 * from managed policy and from a skill's frontmatter run with the engine, with their trust and precedence rules.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { layClaudeLayout } from "../support/claude-layout.ts";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const e2e = useE2e();

const withLayout = (): PiSandbox => {
	const sandbox = e2e.sandbox();
	layClaudeLayout(sandbox.home, sandbox.projectDir);
	return sandbox;
};
const run = async (sandbox: PiSandbox, prompt: string, env: Record<string, string> = {}) => {
	const before = e2e.llm.requests.length;
	const result = await runPiPrint(sandbox, piPrintArgs(prompt), { env });
	return { ...result, requests: e2e.llm.requests.slice(before) };
};
const toolMessages = (requests: readonly { messages?: unknown[] }[]): string[] =>
	(requests.at(-1)?.messages ?? [])
		.filter((m): m is { role: string; content: unknown } => (m as { role?: string }).role === "tool")
		.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
const dataDir = (sandbox: PiSandbox, name: string) => join(sandbox.home, ".claude", "plugins", "data", name);
const lines = (file: string): string[] =>
	existsSync(file)
		? readFileSync(file, "utf8")
				.split("\n")
				.filter((line) => line !== "")
		: [];
const guard = (command: string) => ({
	PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }],
});

describe("plugin hooks in the real pi", () => {
	it("the user's guard plugin blocks rm -rf with its root, data and option; a project plugin waits", async () => {
		const sandbox = withLayout();
		mkdirSync(join(sandbox.projectDir, "victim"));
		const result = await run(sandbox, "bash: rm -rf victim");
		expect(result.code).toBe(0);
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
		expect(toolMessages(result.requests)[0]).toContain(
			"guard@my-marketplace (level strict) blocked: rm -rf victim",
		);
		expect(lines(join(dataDir(sandbox, "guard-my-marketplace"), "calls.log"))).toEqual(["rm -rf victim"]);
		// notes@my-marketplace is enabled by the project's .claude/settings.json only: project code, not approved.
		expect(result.stderr).toContain("will not run until approved");
		expect(result.stderr).toContain("(Plugin notes@my-marketplace)");
		expect(existsSync(join(dataDir(sandbox, "notes-my-marketplace"), "notes.log"))).toBe(false);
	});

	it("an approved project plugin runs its manifest hooks in exec form, ${CLAUDE_PLUGIN_DATA} filled in", async () => {
		const sandbox = withLayout();
		const result = await run(sandbox, "bash: echo hello", { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" });
		expect(result.code).toBe(0);
		expect(lines(join(dataDir(sandbox, "notes-my-marketplace"), "notes.log"))).toEqual(["echo hello"]);
		expect(lines(join(dataDir(sandbox, "guard-my-marketplace"), "calls.log"))).toEqual(["echo hello"]);
	});

	it("a plugin off in enabledPlugins runs nothing; a broken manifest skips just that plugin, says why", async () => {
		const sandbox = withLayout();
		sandbox.writeJson("project/.claude/settings.local.json", { enabledPlugins: { "guard@my-marketplace": false } });
		const manifest = join(
			sandbox.home,
			".claude/plugins/cache/my-marketplace/notes/0.2.0/.claude-plugin/plugin.json",
		);
		writeFileSync(manifest, "{ broken");
		mkdirSync(join(sandbox.projectDir, "victim"));
		const result = await run(sandbox, "bash: rm -rf victim", { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" });
		expect(result.code).toBe(0);
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(false);
		expect(result.stderr).toContain(
			`plugin notes@my-marketplace problem in ${manifest}: invalid JSON in the plugin manifest`,
		);
	});
});

describe("a plugin manifest broken while pi runs", () => {
	it("the guard plugin keeps blocking rm -rf with its last good hooks, and the notice names the guard", async () => {
		const sandbox = withLayout();
		sandbox.writeJson("project/.claude/settings.local.json", { enabledPlugins: { "notes@my-marketplace": false } });
		const manifest = join(
			sandbox.home,
			".claude/plugins/cache/my-marketplace/guard/1.0.0/.claude-plugin/plugin.json",
		);
		mkdirSync(join(sandbox.projectDir, "victim"));
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("bash: echo before");
			writeFileSync(manifest, "{ broken");
			const from = rpc.records.length;
			await rpc.prompt("bash: rm -rf victim");
			expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
			const notices = rpc.records
				.slice(from)
				.filter((record) => record.type === "extension_ui_request" && record.method === "notify")
				.map((record) => String(record.message));
			expect(notices).toContainEqual(
				expect.stringContaining(
					`plugin guard@my-marketplace problem in ${manifest}: invalid JSON in the plugin manifest`,
				),
			);
			expect(notices).toContainEqual(
				expect.stringContaining(
					"plugin guard@my-marketplace keeps its 1 hook(s) from before the edit: PreToolUse",
				),
			);
		} finally {
			await rpc.close();
		}
		expect(lines(join(dataDir(sandbox, "guard-my-marketplace"), "calls.log"))).toEqual([
			"echo before",
			"rm -rf victim",
		]);
	});
});

describe("a repository root's settings when pi starts in a subfolder", () => {
	it("are not read, as in Claude Code, and pi says so naming the file", async () => {
		const sandbox = e2e.sandbox();
		const marker = join(sandbox.root, "root-hook-ran");
		const rootSettings = sandbox.writeJson(".claude/settings.json", { hooks: guard(`touch "${marker}"`) });
		sandbox.writeJson(".claude/settings.local.json", { permissions: {} });
		const result = await run(sandbox, "bash: echo hi");
		expect(result.code, result.stderr).toBe(0);
		expect(existsSync(marker)).toBe(false);
		expect(result.stderr).toContain(
			`hooks in ${rootSettings} are not read: pi started in ${sandbox.projectDir}, and as in Claude Code only`,
		);
		expect(result.stderr.split("are not read").length).toBe(2);
	});
});

describe("managed policy in the real pi", () => {
	const managed = (sandbox: PiSandbox, settings: Record<string, unknown>) => {
		const dir = join(sandbox.root, "etc-claude-code");
		mkdirSync(join(dir, "managed-settings.d"), { recursive: true });
		writeFileSync(join(dir, "managed-settings.d", "50-policy.json"), JSON.stringify(settings));
		return { PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: dir };
	};

	it("a managed guard still blocks when the user's settings say disableAllHooks, and pi says so", async () => {
		const sandbox = e2e.sandbox();
		const marker = join(sandbox.root, "user-hook-ran");
		sandbox.writeJson("home/.claude/settings.json", { disableAllHooks: true, hooks: guard(`touch "${marker}"`) });
		const env = managed(sandbox, { hooks: guard("echo 'blocked by company policy' >&2; exit 2") });
		mkdirSync(join(sandbox.projectDir, "victim"));
		const result = await run(sandbox, "bash: rm -rf victim", env);
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
		expect(toolMessages(result.requests)[0]).toContain("blocked by company policy");
		expect(existsSync(marker)).toBe(false);
		expect(result.stderr).toContain("no hook runs except 1 managed hook(s)");
	});

	it("allowManagedHooksOnly leaves only managed hooks, and the others are reported as skipped", async () => {
		const sandbox = e2e.sandbox();
		const marker = join(sandbox.root, "user-hook-ran");
		const managedMarker = join(sandbox.root, "managed-hook-ran");
		sandbox.writeJson("home/.claude/settings.json", { hooks: guard(`touch "${marker}"`) });
		const env = managed(sandbox, { allowManagedHooksOnly: true, hooks: guard(`touch "${managedMarker}"`) });
		const result = await run(sandbox, "bash: echo hi", env);
		expect(result.code).toBe(0);
		expect(existsSync(managedMarker)).toBe(true);
		expect(existsSync(marker)).toBe(false);
		expect(result.stderr).toContain("1 hook(s) do not run: allowManagedHooksOnly is set in managed policy");
	});

	it("a managed file that is a directory is reported and the rest of the policy still applies", async () => {
		const sandbox = e2e.sandbox();
		const managedMarker = join(sandbox.root, "managed-hook-ran");
		const env = managed(sandbox, { hooks: guard(`touch "${managedMarker}"`) });
		const broken = join(env.PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR, "managed-settings.d", "10-dir.json");
		mkdirSync(broken);
		const result = await run(sandbox, "bash: echo hi", env);
		expect(result.code).toBe(0);
		expect(existsSync(managedMarker)).toBe(true);
		expect(result.stderr).toContain(`managed policy problem in ${broken}: is a directory`);
	});
});

describe("skill hooks in the real pi", () => {
	it("a skill's frontmatter hooks run once the skill is used, and once: true runs once per session", async () => {
		const sandbox = e2e.sandbox();
		const marker = join(sandbox.root, "skill-hook.log");
		const skillDir = join(sandbox.agentDir, "skills", "deploy");
		mkdirSync(skillDir, { recursive: true });
		writeFileSync(
			join(skillDir, "SKILL.md"),
			[
				"---",
				"name: deploy",
				"description: Deploys the app",
				"hooks:",
				"  PreToolUse:",
				"    - matcher: Bash",
				"      hooks:",
				"        - type: command",
				`          command: 'echo once >> "${marker}"'`,
				"          once: true",
				"        - type: command",
				`          command: 'echo every >> "${marker}"'`,
				"---",
				"Deploy carefully.",
				"",
			].join("\n"),
		);
		const unused = await run(sandbox, "bash: echo before");
		expect(unused.code).toBe(0);
		expect(lines(marker)).toEqual([]);
		const used = await run(sandbox, "/skill:deploy bash: echo one\nbash: echo two");
		expect(used.code).toBe(0);
		expect(lines(marker).sort()).toEqual(["every", "every", "once"]);
	});
});
