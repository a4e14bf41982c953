/**
 * End to end in the real pi (print mode): whatever writes a hook file during a tool call, the change is found when
 * the call returns and undone before any hook runs. Command forms the self-guard cannot predict (`timeout 5 cp`,
 * `tar -x`) rewrite the project's and the user's settings; the file is back byte-for-byte afterwards, the hook the
 * agent added never ran, and one stderr line names the file and what was undone.
 */
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { hookSettings, OPT_IN, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** Settings whose PostToolUse and Stop hooks touch `marker`: the hooks an agent would add. */
const evil = (marker: string): string =>
	JSON.stringify({
		hooks: {
			PostToolUse: [{ hooks: [{ type: "command", command: `touch "${marker}"` }] }],
			Stop: [{ hooks: [{ type: "command", command: `touch "${marker}"` }] }],
		},
	});

describe("verify after every tool call, in print mode", () => {
	it("puts back the project's settings a wrapped cp rewrote, byte for byte", async () => {
		const marker = "evil-ran";
		const box = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PreToolUse", "Read", { type: "command", command: "true" }),
			files: { "evil.json": evil(marker) },
		});
		const settings = join(box.projectDir, ".claude", "settings.json");
		const before = readFileSync(settings);
		const result = await runPiPrint(box, piPrintArgs("bash: timeout 5 cp evil.json .claude/settings.json"), {
			env: OPT_IN,
		});
		expect(result.code).toBe(0);
		expect(box.made(marker)).toBe(false);
		expect(readFileSync(settings)).toEqual(before);
		expect(result.stderr).toContain("undone [hook_file_restored] .claude/settings.json: a hook file was changed");
	});

	it("puts back ~/.claude/settings.json that tar -x overwrote", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "evil-ran");
		trustSandbox(box, { user: hookSettings("PreToolUse", "Read", { type: "command", command: "true" }) });
		const settings = join(box.home, ".claude", "settings.json");
		const before = readFileSync(settings);
		box.writeFile("stage/.claude/settings.json", evil(marker));
		execFileSync("tar", ["-cf", join(box.projectDir, "x.tar"), "-C", join(box.root, "stage"), ".claude"]);
		const result = await runPiPrint(box, piPrintArgs("bash: tar -xf x.tar -C ~"));
		expect(result.code).toBe(0);
		expect(existsSync(marker)).toBe(false);
		expect(readFileSync(settings)).toEqual(before);
		expect(result.stderr).toContain("undone [hook_file_restored] ~/.claude/settings.json");
	});

	it("puts back ~/.claude/settings.json that pi's write tool wrote through a file:// path", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "evil-ran");
		trustSandbox(box, { user: hookSettings("PreToolUse", "Read", { type: "command", command: "true" }) });
		const settings = join(box.home, ".claude", "settings.json");
		const before = readFileSync(settings);
		const write = JSON.stringify({ path: `file://${settings}`, content: evil(marker) });
		const result = await runPiPrint(box, piPrintArgs(`tool: write ${write}`));
		expect(result.code).toBe(0);
		expect(existsSync(marker)).toBe(false);
		expect(readFileSync(settings)).toEqual(before);
		expect(result.stderr).toContain("undone [hook_file_restored] ~/.claude/settings.json");
	});

	it("hooks read the settings put back, even when a watch merged the agent's version during the call", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "evil-ran");
		const watched = hookSettings("ConfigChange", undefined, { type: "command", command: "true" });
		trustSandbox(box, { user: watched });
		const settings = join(box.home, ".claude", "settings.json");
		const before = readFileSync(settings);
		const added = {
			...watched.hooks,
			PostToolUse: [{ hooks: [{ type: "command", command: `touch "${marker}"` }] }],
		};
		box.writeFile("project/evil.json", JSON.stringify({ hooks: added }));
		// The settings watch (ConfigChange is configured) merges the new file while the call sleeps.
		const result = await runPiPrint(
			box,
			piPrintArgs("bash: timeout 5 cp evil.json ~/.claude/settings.json; sleep 2"),
		);
		expect(result.code).toBe(0);
		expect(existsSync(marker)).toBe(false);
		expect(readFileSync(settings)).toEqual(before);
	});

	it("undoes ~/.claude/settings.json swapped for a symlink without writing into the file it points at", async () => {
		const box = e2e.sandbox();
		trustSandbox(box, { user: hookSettings("PreToolUse", "Read", { type: "command", command: "true" }) });
		const settings = join(box.home, ".claude", "settings.json");
		const before = readFileSync(settings);
		const victim = box.writeFile("home/victim.txt", "the user's own file\n");
		const result = await runPiPrint(
			box,
			piPrintArgs("bash: timeout 5 ln -sf ~/victim.txt ~/.claude/settings.json"),
		);
		expect(result.code).toBe(0);
		expect(lstatSync(settings).isSymbolicLink()).toBe(false);
		expect(readFileSync(settings)).toEqual(before);
		expect(readFileSync(victim, "utf8")).toBe("the user's own file\n");
		expect(result.stderr).toContain("undone [hook_file_restored] ~/.claude/settings.json");
	});

	it("puts back a user hook's script that the tripwire covers, rewritten by a wrapped cp", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "evil-ran");
		const guard = box.writeFile("home/.claude/hooks/guard.sh", "exit 0\n");
		trustSandbox(box, {
			user: hookSettings("PreToolUse", "Read", { type: "command", command: "sh ~/.claude/hooks/guard.sh" }),
		});
		const before = readFileSync(guard);
		box.writeFile("project/evil.sh", `touch "${marker}"\n`);
		const result = await runPiPrint(box, piPrintArgs("bash: timeout 5 cp evil.sh ~/.claude/hooks/guard.sh"));
		expect(result.code).toBe(0);
		expect(readFileSync(guard)).toEqual(before);
		expect(existsSync(marker)).toBe(false);
		expect(result.stderr).toContain("undone [hook_file_restored] ~/.claude/hooks/guard.sh");
	});

	it("removes a user settings file a tool call created where there was none", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "evil-ran");
		box.writeFile("project/evil.json", evil(marker));
		const settings = join(box.home, ".claude", "settings.local.json");
		const result = await runPiPrint(
			box,
			piPrintArgs(`bash: mkdir -p ~/.claude && timeout 5 cp evil.json ${settings}`),
		);
		expect(result.code).toBe(0);
		expect(existsSync(marker)).toBe(false);
		expect(existsSync(settings)).toBe(false);
		expect(result.stderr).toContain("undone [hook_file_restored] ~/.claude/settings.local.json");
		expect(result.stderr).toContain("it is removed again");
	});

	it("leaves a hook file alone with guardHookFiles: false", async () => {
		const box = trustSandbox(e2e.sandbox(), { selfGuard: false });
		box.writeFile("project/evil.json", "{}\n");
		const settings = join(box.home, ".claude", "settings.json");
		const result = await runPiPrint(
			box,
			piPrintArgs("bash: mkdir -p ~/.claude && timeout 5 cp evil.json ~/.claude/settings.json"),
		);
		expect(result.code).toBe(0);
		expect(readFileSync(settings, "utf8")).toBe("{}\n");
		expect(result.stderr).not.toContain("undone [");
	});
});
