/**
 * The /hooks log's rows and their details in the real pi's TUI (tmux): an ask row says what the user answered in
 * pi's dialog; earlier sessions' rows carry the short session id that session: takes, and Ctrl+L keeps the cursor
 * on its row; replaying a row whose hook policy now skips replays that very hook and says why it would not run;
 * and editing a hook in the panel keeps its run count.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createJournal } from "../../src/pi/stores/journal.ts";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, PI_BIN, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

const flat = (screen: string): string => screen.replace(/\s+/g, " ");
/** The selected row of the panel (the one with the `>` marker). */
const selectedRow = (screen: string): string => screen.split("\n").find((line) => /│\s*> /.test(line)) ?? "";

const ASK = JSON.stringify({
	hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "sure?" },
});

type Sandbox = ReturnType<typeof e2e.sandbox>;

/** Starts pi in tmux as `name` in the sandbox's project, with `env` added, and waits for it. */
const startPi = async (sandbox: Sandbox, name: string, env: Record<string, string> = {}): Promise<void> => {
	tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
		name,
		cwd: sandbox.projectDir,
		env: sandbox.env({ TERM: "tmux-256color", ...env }),
		cols: 120,
		rows: 40,
	});
	await tmux.waitFor("fake-model", { name });
};

/** Has the model run `echo <marker>` and waits for its result. */
const runBash = async (name: string, marker: string): Promise<void> => {
	await tmux.submit(`bash: echo ${marker}`, name);
	await tmux.waitFor(`fake-model saw tool result: ${marker}`, { name });
};

/** Opens /hooks (on its hook list). */
const openPanel = async (name: string): Promise<string> => {
	tmux.type("/hooks", name);
	tmux.keys(["Enter"], name);
	return tmux.waitFor("Filter:", { name });
};

/** Presses each key on its own, waiting a moment between (two Escapes sent at once read as alt+escape). */
const press = async (name: string, keys: readonly string[]): Promise<void> => {
	for (const key of keys) {
		tmux.keys([key], name);
		await new Promise((resolve) => setTimeout(resolve, 150));
	}
};

describe("the /hooks log's rows and details in the real pi", () => {
	it("an ask row's details say what the user answered in pi's dialog", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `echo '${ASK}'` }] }] },
		});
		const name = "ask";
		await startPi(sandbox, name);
		await tmux.submit("bash: echo denied-call", name);
		await tmux.waitFor("Hook asks", { name });
		await press(name, ["Down", "Enter"]);
		await tmux.waitFor((screen) => !screen.includes("Hook asks"), { name });
		await runBashAllowed(name, "allowed-call");
		await openPanel(name);
		tmux.keys(["Tab"], name);
		await tmux.waitFor("echo allowed-call", { name });
		tmux.type("denied-call", name);
		await tmux.waitFor((screen) => !screen.includes("echo allowed-call"), { name });
		tmux.keys(["Enter"], name);
		let screen = await tmux.waitFor("Stdin JSON", { name });
		expect(flat(screen)).toContain("Answer denied: you blocked the call");
		await press(name, ["Escape", "C-u"]);
		tmux.type("allowed-call", name);
		await tmux.waitFor((text) => !text.includes("echo denied-call"), { name });
		tmux.keys(["Enter"], name);
		screen = await tmux.waitFor("Stdin JSON", { name });
		expect(flat(screen)).toContain("Answer allowed: you let the call run");
		await press(name, ["Escape", "Escape", "Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"), { name });
		await tmux.quit(name);
		// The journal keeps the answers, so a later session's Ctrl+L shows them too.
		const journalDir = join(sandbox.agentDir, "pi-hook-manager", "journal");
		const [file] = readdirSync(journalDir);
		const earlier = createJournal(join(journalDir, file ?? ""), 1_000_000).read();
		expect(earlier.map((item) => [item.record.summary, item.record.answer])).toEqual([
			["echo denied-call", "denied"],
			["echo allowed-call", "allowed"],
		]);
	});

	it("earlier sessions' rows show the short id session: takes, and Ctrl+L keeps the cursor on its row", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo checked >&2" }] }] },
		});
		await runPiPrint(sandbox, piPrintArgs("bash: echo earlier-run"));
		const journalDir = join(sandbox.agentDir, "pi-hook-manager", "journal");
		const [journal] = readdirSync(journalDir);
		const earlier = String(
			JSON.parse(readFileSync(join(journalDir, journal ?? ""), "utf8").split("\n")[0] ?? "{}").session,
		);
		const short = earlier.slice(-8);
		expect(short).toHaveLength(8);
		const name = "history";
		await startPi(sandbox, name);
		await runBash(name, "now-a");
		await runBash(name, "now-b");
		await openPanel(name);
		tmux.keys(["Tab"], name);
		await tmux.waitFor("echo now-b", { name });
		tmux.keys(["Down"], name);
		await tmux.waitFor((screen) => selectedRow(screen).includes("now-a"), { name });
		tmux.keys(["C-l"], name);
		const screen = await tmux.waitFor("echo earlier-run", { name });
		expect(selectedRow(screen)).toContain("now-a");
		expect(screen.split("\n").find((line) => line.includes("earlier-run"))).toContain(short);
		tmux.type(`session:${short}`, name);
		const filtered = await tmux.waitFor((text) => !text.includes("now-a"), { name });
		expect(filtered).toContain("echo earlier-run");
		await press(name, ["Escape", "Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"), { name });
		await tmux.quit(name);
	});

	it("replays a row's own hook when policy now skips it, saying why it would not run now", async () => {
		const sandbox = e2e.sandbox();
		const managed = join(sandbox.root, "etc-claude-code");
		mkdirSync(managed, { recursive: true });
		const corp = {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo corp" }] }] },
		};
		writeFileSync(join(managed, "managed-settings.json"), JSON.stringify(corp));
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo guard-ran >&2" }] }] },
		});
		const name = "replay";
		await startPi(sandbox, name, { PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: managed });
		await runBash(name, "replayed-call");
		// Policy now allows managed hooks only: the user's hook is skipped from here on.
		writeFileSync(join(managed, "managed-settings.json"), JSON.stringify({ ...corp, allowManagedHooksOnly: true }));
		await runBash(name, "after-policy");
		await openPanel(name);
		tmux.keys(["Tab"], name);
		await tmux.waitFor("echo replayed-call", { name });
		tmux.type("guard-ran", name);
		await tmux.waitFor((text) => !text.includes("echo corp"), { name });
		tmux.keys(["C-r"], name);
		let screen = await tmux.waitFor("Replay a logged event", { name });
		expect(flat(screen)).toMatch(/Hook +1\/2 < PreToolUse +echo guard-ran/);
		expect(flat(screen)).toContain(
			"It would not run in this session now: managed policy allows only managed hooks (allowManagedHooksOnly)",
		);
		tmux.keys(["C-r"], name);
		screen = await tmux.waitFor("Result of the test run", { name });
		// The result is the row's own hook's run.
		expect(flat(screen).split("Result of the test run")[1]).toContain("echo guard-ran >&2");
		await press(name, ["Escape", "Escape", "Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"), { name });
		await tmux.quit(name);
	});

	it("editing a hook in the panel keeps its run count", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo checked >&2" }] }] },
		});
		const name = "edit";
		await startPi(sandbox, name);
		await runBash(name, "one");
		await runBash(name, "two");
		let screen = await openPanel(name);
		expect(screen.split("\n").find((line) => line.includes("echo checked"))).toMatch(/ 2x /);
		tmux.type("checked", name);
		await tmux.waitFor((text) => selectedRow(text).includes("echo checked"), { name });
		tmux.keys(["C-e"], name);
		await tmux.waitFor("Edit hook", { name });
		await press(name, ["Down", "Down", "Down", "Down"]);
		tmux.type("30", name);
		await tmux.waitFor(/Timeout \(s\) 30/, { name });
		tmux.keys(["Enter"], name);
		screen = await tmux.waitFor((text) => flat(text).includes("Saved PreToolUse hook"), { name });
		screen = await tmux.waitFor((text) => /echo checked.*timeout 30/.test(text), { name });
		expect(screen.split("\n").find((line) => line.includes("echo checked"))).toMatch(/ 2x /);
		expect(
			JSON.parse(readFileSync(join(sandbox.home, ".claude", "settings.json"), "utf8")).hooks.PreToolUse[0]
				.hooks[0],
		).toEqual({ type: "command", command: "echo checked >&2", timeout: 30 });
		await press(name, ["Escape", "Escape"]);
		await tmux.waitFor((text) => !text.includes("Filter:"), { name });
		await tmux.quit(name);
	});
});

/** Has the model run `echo <marker>`, answers Yes when a hook asks, and waits for the result. */
const runBashAllowed = async (name: string, marker: string): Promise<void> => {
	await tmux.submit(`bash: echo ${marker}`, name);
	await tmux.waitFor("Hook asks", { name });
	tmux.keys(["Enter"], name);
	await tmux.waitFor(`fake-model saw tool result: ${marker}`, { name });
};
