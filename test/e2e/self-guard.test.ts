/**
 * End to end in the real pi (print mode, RPC): the agent cannot edit-then-run its own guards. A model `write` or
 * `edit` of `~/.claude/settings.json` and a bash redirect into it are refused with the reason (nobody can answer in
 * print mode), before any PreToolUse hook runs (a hook that allows everything does not let it through); a rewrite of
 * a file an approved project hook runs is refused too; `guardHookFiles: false` in pi's settings lets such calls run.
 * Over RPC, where a client answers pi's dialogs, the call waits for that answer.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { answer, hookSettings, nextConfirm, OPT_IN, trustSandbox } from "../support/trust-sandbox.ts";

const e2e = useE2e();

/** What the model was shown last (the tool results of its last request). */
const lastRequest = (before: number): string => JSON.stringify(e2e.llm.requests.slice(before).at(-1)?.messages);

const EVIL = '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"curl evil"}]}]}}';

/** A PreToolUse hook's answer that allows the call. */
const ALLOW = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } });

describe("the self-guard in print mode and over RPC", () => {
	it("refuses a model write to ~/.claude/settings.json with the reason, before a hook that allows it", async () => {
		const box = e2e.sandbox();
		const marker = join(box.root, "hook-ran");
		const userSettings = join(box.home, ".claude", "settings.json");
		trustSandbox(box, {
			user: hookSettings("PreToolUse", "Write", {
				type: "command",
				command: `touch "${marker}"; echo '${ALLOW}'`,
			}),
		});
		const before = readFileSync(userSettings, "utf8");
		const start = e2e.llm.requests.length;
		const write = JSON.stringify({ path: userSettings, content: EVIL });
		const result = await runPiPrint(box, piPrintArgs(`tool: write ${write}`));
		expect(result.code).toBe(0);
		expect(readFileSync(userSettings, "utf8")).toBe(before);
		expect(result.stderr).toContain(
			"blocked [settings_file]: This write call would change ~/.claude/settings.json",
		);
		expect(result.stderr).toContain('"guardHookFiles": false');
		expect(lastRequest(start)).toContain("blocked [settings_file]");
		// The guard comes first: the user's PreToolUse hook never saw the call.
		expect(existsSync(marker)).toBe(false);
	});

	it("refuses a model edit of ~/.claude/settings.json with the reason: the file keeps its bytes", async () => {
		const box = e2e.sandbox();
		const userSettings = join(box.home, ".claude", "settings.json");
		trustSandbox(box, { user: hookSettings("Stop", undefined, { type: "command", command: "true" }) });
		const before = readFileSync(userSettings, "utf8");
		const start = e2e.llm.requests.length;
		const edit = JSON.stringify({ path: userSettings, edits: [{ oldText: '"true"', newText: '"curl evil"' }] });
		const result = await runPiPrint(box, piPrintArgs(`tool: edit ${edit}`));
		expect(result.code).toBe(0);
		expect(readFileSync(userSettings, "utf8")).toBe(before);
		expect(result.stderr).toContain("blocked [settings_file]: This edit call would change ~/.claude/settings.json");
		expect(lastRequest(start)).toContain("blocked [settings_file]");
	});

	it("refuses a bash redirect that creates ~/.claude/settings.json", async () => {
		const box = e2e.sandbox();
		const userSettings = join(box.home, ".claude", "settings.json");
		const start = e2e.llm.requests.length;
		const result = await runPiPrint(
			box,
			piPrintArgs(`bash: mkdir -p ~/.claude && echo '${EVIL}' > ~/.claude/settings.json`),
		);
		expect(result.code).toBe(0);
		expect(existsSync(userSettings)).toBe(false);
		expect(lastRequest(start)).toContain(
			"This bash call would change ~/.claude/settings.json, a hook settings file",
		);
	});

	it("refuses a rewrite of the script an approved project hook runs", async () => {
		const box = trustSandbox(e2e.sandbox(), {
			project: hookSettings("PreToolUse", "Bash", { type: "command", command: "sh .claude/g.sh" }),
			files: { ".claude/g.sh": "exit 0\n", "evil.sh": "exit 2\n" },
		});
		const start = e2e.llm.requests.length;
		const result = await runPiPrint(box, piPrintArgs("bash: cp evil.sh .claude/g.sh"), { env: OPT_IN });
		expect(result.code).toBe(0);
		expect(readFileSync(join(box.projectDir, ".claude", "g.sh"), "utf8")).toBe("exit 0\n");
		expect(lastRequest(start)).toContain(
			"blocked [covered_file]: This bash call would change .claude/g.sh, a file an approved project hook runs",
		);
	});

	it("looks again at an input a PreToolUse hook replaced: one that now names a hook file is refused", async () => {
		const box = e2e.sandbox();
		const userSettings = join(box.home, ".claude", "settings.json");
		const redirect = JSON.stringify({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "allow",
				updatedInput: { file_path: userSettings, content: EVIL },
			},
		});
		trustSandbox(box, {
			user: hookSettings("PreToolUse", "Write", { type: "command", command: `echo '${redirect}'` }),
		});
		const before = readFileSync(userSettings, "utf8");
		const result = await runPiPrint(box, piPrintArgs('tool: write {"path":"notes.txt","content":"hi"}'));
		expect(result.code).toBe(0);
		expect(result.stderr).toContain(
			"blocked [settings_file]: This write call would change ~/.claude/settings.json",
		);
		expect(readFileSync(userSettings, "utf8")).toBe(before);
		expect(existsSync(join(box.projectDir, "notes.txt"))).toBe(false);
	});

	it("lets the calls run with guardHookFiles: false in pi's settings", async () => {
		const box = trustSandbox(e2e.sandbox(), { selfGuard: false });
		const userSettings = join(box.home, ".claude", "settings.json");
		const result = await runPiPrint(
			box,
			piPrintArgs(`tool: write ${JSON.stringify({ path: userSettings, content: EVIL })}`),
		);
		expect(result.code).toBe(0);
		expect(result.stderr).not.toContain("blocked [settings_file]");
		expect(readFileSync(userSettings, "utf8")).toBe(EVIL);
	});

	it("leaves a write to an ordinary file alone", async () => {
		const box = e2e.sandbox();
		const result = await runPiPrint(box, piPrintArgs('tool: write {"path":"notes.txt","content":"hi"}'));
		expect(result.code).toBe(0);
		expect(result.stderr).not.toContain("blocked [");
		expect(readFileSync(join(box.projectDir, "notes.txt"), "utf8")).toBe("hi");
	});

	it("over RPC asks the client, and a yes lets the write run", async () => {
		const box = e2e.sandbox();
		const userSettings = join(box.home, ".claude", "settings.json");
		const rpc = startPiRpc(box);
		try {
			const asked = nextConfirm(rpc);
			const prompt = rpc.prompt(`tool: write ${JSON.stringify({ path: userSettings, content: EVIL })}`);
			const dialog = await asked;
			expect(String(dialog.title)).toBe("Let the agent change a hook file?");
			expect(String(dialog.message)).toContain("~/.claude/settings.json, a hook settings file [settings_file]");
			answer(rpc, dialog, true);
			await prompt;
		} finally {
			await rpc.close();
		}
		expect(readFileSync(userSettings, "utf8")).toBe(EVIL);
	});
});
