/**
 * History across sessions and approve-all in the real pi, in tmux: a hook that ran in an earlier pi run (print
 * mode) is in the journal; the next session's log shows only its own runs until Ctrl+L adds the earlier ones;
 * Ctrl+X exports the shown rows as JSON lines. Declined project hooks are approved at once with Ctrl+Y.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, PI_BIN, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { createTmuxServer } from "../support/tmux.ts";

const e2e = useE2e();
const tmux = createTmuxServer();
afterAll(() => tmux.kill());

const flat = (screen: string): string => screen.replace(/\s+/g, " ");

describe("history across sessions in the real pi", () => {
	it("the log shows this session; Ctrl+L adds the earlier run; Ctrl+X exports what is shown", async () => {
		const sandbox = e2e.sandbox();
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo checked >&2" }] }] },
		});
		await runPiPrint(sandbox, piPrintArgs("bash: echo earlier-run"));
		const journalDir = join(sandbox.agentDir, "pi-hook-manager", "journal");
		expect(readdirSync(journalDir)).toHaveLength(1);
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			name: "history",
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
			cols: 120,
			rows: 40,
		});
		await tmux.waitFor("fake-model", { name: "history" });
		await tmux.submit("bash: echo now-run", "history");
		await tmux.waitFor("fake-model saw tool result: now-run", { name: "history" });
		tmux.type("/hooks", "history");
		tmux.keys(["Enter"], "history");
		await tmux.waitFor("Filter:", { name: "history" });
		tmux.keys(["Tab"], "history");
		let screen = await tmux.waitFor("echo now-run", { name: "history" });
		expect(screen).not.toContain("earlier-run");
		tmux.keys(["C-l"], "history");
		screen = await tmux.waitFor("echo earlier-run", { name: "history" });
		expect(flat(screen)).toContain("earlier records of 1 session(s) from the journal");
		tmux.type("earlier", "history");
		await tmux.waitFor((text) => !text.includes("echo now-run"), { name: "history" });
		tmux.keys(["C-x"], "history");
		await tmux.waitFor((text) => flat(text).includes("Exported 1 record(s)"), { name: "history" });
		const exports = join(sandbox.agentDir, "pi-hook-manager", "exports");
		const [file] = readdirSync(exports);
		const lines = readFileSync(join(exports, file ?? ""), "utf8")
			.trim()
			.split("\n");
		expect(lines.map((line) => JSON.parse(line).summary)).toEqual(["echo earlier-run"]);
		tmux.keys(["Escape"], "history");
		await tmux.waitFor((text) => text.includes("echo now-run"), { name: "history" });
		// The hook's details: one run this session, two over the journal (the earlier run and this one).
		tmux.keys(["Tab"], "history");
		await tmux.waitFor((text) => text.includes("echo checked") && !text.includes("echo now-run"), {
			name: "history",
		});
		tmux.keys(["Enter"], "history");
		screen = await tmux.waitFor((text) => flat(text).includes("History (every session"), { name: "history" });
		expect(flat(screen)).toMatch(/Statistics \(this session\).* Runs 1 .*History \(every session.* Runs 2 /);
		tmux.keys(["Escape"], "history");
		await tmux.waitFor((text) => !text.includes("History (every session"), { name: "history" });
		tmux.keys(["Escape"], "history");
		await tmux.waitFor((text) => !text.includes("Filter:"), { name: "history" });
		await tmux.quit("history");
	});

	it("Ctrl+Y in /hooks approves every declined project hook at once", async () => {
		const sandbox = e2e.sandbox();
		const fired = join(sandbox.root, "fired.log");
		sandbox.writeJson("project/.claude/settings.json", {
			hooks: {
				PreToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{ type: "command", command: `echo one >> ${fired}` },
							{ type: "command", command: `echo two >> ${fired}` },
						],
					},
				],
			},
		});
		tmux.start([PI_BIN, "-e", EXTENSION_PATH], {
			name: "approve",
			cwd: sandbox.projectDir,
			env: sandbox.env({ TERM: "tmux-256color" }),
			cols: 120,
			rows: 40,
		});
		await tmux.waitFor(/Run 2 new or changed project hook/, { name: "approve" });
		tmux.type("n", "approve");
		await tmux.waitFor((text) => flat(text).includes("will not run until approved"), { name: "approve" });
		tmux.type("/hooks", "approve");
		tmux.keys(["Enter"], "approve");
		await tmux.waitFor("approve all", { name: "approve" });
		tmux.keys(["C-y"], "approve");
		// Every definition is shown first (nothing is approved blind): Enter approves them.
		await tmux.waitFor("Approve these 2 project hooks?", { name: "approve" });
		tmux.keys(["End"], "approve");
		tmux.keys(["Enter"], "approve");
		await tmux.waitFor((text) => flat(text).includes("Approved 2 project hook(s)"), { name: "approve" });
		tmux.keys(["Escape"], "approve");
		await tmux.waitFor((text) => !text.includes("Filter:"), { name: "approve" });
		tmux.type("bash: echo go", "approve");
		tmux.keys(["Enter"], "approve");
		await tmux.waitFor("fake-model saw tool result: go", { name: "approve" });
		expect(existsSync(fired) ? readFileSync(fired, "utf8").split("\n").filter(Boolean).sort() : []).toEqual([
			"one",
			"two",
		]);
		await tmux.quit("approve");
	});
});
