/**
 * `npm run try -- <project>` in a terminal (tmux): pi's TUI on the user's project with their own hooks, the
 * scripted model's example prompts kept above the editor, and one of them reaching the user's hook.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createPiSandbox, type PiSandbox, PROJECT_ROOT } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const tmux = createTmuxServer();
afterAll(() => tmux.kill());
let sandbox: PiSandbox | undefined;
afterEach(() => sandbox?.cleanup());

describe("npm run try in a terminal", () => {
	it("shows what the scripted model understands and runs the user's hook", async () => {
		sandbox = createPiSandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{ matcher: "Bash", hooks: [{ type: "command", command: "echo mine-said-no >&2; exit 2" }] },
				],
			},
		});
		tmux.start(["node", join(PROJECT_ROOT, "demo", "try.mjs"), sandbox.projectDir], {
			cwd: PROJECT_ROOT,
			env: { ...sandbox.env(), TERM: "tmux-256color" },
			cols: 120,
			rows: 40,
		});
		const screen = await tmux.waitFor("Your hooks on this project, a scripted model: type a prompt like these", {
			timeoutMs: 60_000,
		});
		expect(screen).not.toContain("Demo:");
		expect(screen).toContain("bash: git status");
		expect(screen).toContain('tool: read {"path":"README.md"}');
		tmux.type("bash: echo hi");
		tmux.keys(["Enter"]);
		expect(await tmux.waitFor(/blocked Bash/, { timeoutMs: 30_000 })).toContain("mine-said-no");
		await tmux.quit();
	});

	it("keeps pi-global hooks read-only in /hooks, since they come from a throw-away copy", async () => {
		sandbox = createPiSandbox();
		const settings = sandbox.writeJson("agent/settings.json", {
			hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "echo PIGLOBAL-HOOK" }] }] },
		});
		const before = readFileSync(settings, "utf8");
		tmux.start(["node", join(PROJECT_ROOT, "demo", "try.mjs"), sandbox.projectDir], {
			cwd: PROJECT_ROOT,
			env: { ...sandbox.env(), TERM: "tmux-256color" },
			cols: 120,
			rows: 40,
			name: "global",
		});
		await tmux.waitFor("Your hooks on this project", { name: "global", timeoutMs: 60_000 });
		tmux.type("/hooks", "global");
		tmux.keys(["Enter"], "global");
		await tmux.waitFor("Filter:", { name: "global" });
		tmux.type("PIGLOBAL", "global");
		await tmux.waitFor("echo PIGLOBAL-HOOK", { name: "global" });
		const flat = (text: string): string => text.replace(/\s+/g, " ");
		for (const key of ["C-d", "C-e"]) {
			tmux.keys([key], "global");
			const screen = flat(
				await tmux.waitFor((text) => flat(text).includes("read-only under npm run try"), { name: "global" }),
			);
			expect(screen).toContain("change them in");
			expect(screen).toContain(settings);
		}
		expect(readFileSync(settings, "utf8")).toBe(before);
		// Esc clears the filter, a second Esc closes the panel.
		tmux.keys(["Escape"], "global");
		await tmux.waitFor((text) => !text.includes("Filter: PIGLOBAL"), { name: "global" });
		tmux.keys(["Escape"], "global");
		await tmux.waitFor((text) => !text.includes("Filter:"), { name: "global" });
		await tmux.quit("global");
	});

	it("says an export from the log is in the throw-away dir and goes at exit", async () => {
		sandbox = createPiSandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo checked >&2" }] }] },
		});
		tmux.start(["node", join(PROJECT_ROOT, "demo", "try.mjs"), sandbox.projectDir], {
			cwd: PROJECT_ROOT,
			env: { ...sandbox.env(), TERM: "tmux-256color" },
			cols: 120,
			rows: 40,
			name: "export",
		});
		await tmux.waitFor("Your hooks on this project", { name: "export", timeoutMs: 60_000 });
		await tmux.submit("bash: echo exported-run", "export");
		await tmux.waitFor("fake-model saw tool result: exported-run", { name: "export" });
		tmux.type("/hooks", "export");
		tmux.keys(["Enter"], "export");
		await tmux.waitFor("Filter:", { name: "export" });
		tmux.keys(["Tab"], "export");
		await tmux.waitFor("echo exported-run", { name: "export" });
		tmux.keys(["C-x"], "export");
		const flat = (text: string): string => text.replace(/\s+/g, " ");
		const screen = flat(
			await tmux.waitFor((text) => flat(text).includes("Exported 1 record(s)"), { name: "export" }),
		);
		expect(screen).toMatch(/pi-hook-manager-try-\S+\/pi-hook-manager\/exports\/hooks-log-/);
		expect(screen).toContain("throw-away agent dir: deleted when try exits");
		tmux.keys(["Escape"], "export");
		await tmux.waitFor((text) => !text.includes("Filter:"), { name: "export" });
		await tmux.quit("export");
	});
});
