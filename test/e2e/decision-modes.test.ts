/**
 * Decision entries without the TUI, in the real pi: print and JSON mode write the same entry into the
 * session file; RPC mode sends the footer counter as a plain-text `setStatus` UI request.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionLines, useE2e } from "../support/e2e.ts";
import { EXTENSION_PATH, type PiSandbox, PROJECT_ROOT, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const e2e = useE2e();
let sandbox: PiSandbox;

/** A sandbox whose user settings (`~/.claude/settings.json`) hold the rm -rf guard; no trust or approval needed. */
const setup = (): PiSandbox => {
	sandbox = e2e.sandbox();
	const hookDir = join(sandbox.home, ".claude", "hooks");
	mkdirSync(hookDir, { recursive: true });
	copyFileSync(join(PROJECT_ROOT, "test", "fixtures", "hooks", "block_dangerous_bash.py"), join(hookDir, "guard.py"));
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: {
			PreToolUse: [
				{ matcher: "Bash", hooks: [{ type: "command", command: `python3 ${join(hookDir, "guard.py")}` }] },
			],
		},
	});
	return sandbox;
};

const decisionEntries = () =>
	sessionLines(sandbox).filter((line) => line.type === "custom" && line.customType === "pi-hook-manager/decision");

describe("decision entries in print, JSON and RPC mode", () => {
	it.each([
		["print", piPrintArgs("bash: rm -rf victim")],
		["json", ["-e", EXTENSION_PATH, "--mode", "json", "bash: rm -rf victim"]],
	])("%s mode writes the block into the session file as one decision entry", async (mode, args) => {
		setup();
		const result = await runPiPrint(sandbox, args);
		expect(result.code).toBe(0);
		const entries = decisionEntries();
		expect(entries).toHaveLength(1);
		expect(entries[0]?.data).toMatchObject({
			version: 1,
			kind: "block",
			event: "PreToolUse",
			tool: "Bash",
			input: "rm -rf victim",
			hooks: [expect.objectContaining({ exitCode: 2, source: "Claude user", matcher: "Bash" })],
		});
		if (mode === "print") {
			// Print mode prints only the model's answer.
			expect(result.stdout).not.toContain("pi-hook-manager/decision");
		} else {
			// JSON mode streams pi's events, including the appended entry, so JSON consumers see the decision too.
			const appended = result.stdout
				.split("\n")
				.filter((line) => line.startsWith("{"))
				.map((line) => JSON.parse(line) as { type?: string; entry?: { customType?: string } })
				.filter(
					(event) =>
						event.type === "entry_appended" && event.entry?.customType === "pi-hook-manager/decision",
				);
			expect(appended).toHaveLength(1);
		}
	});

	it("RPC mode sends the counter through pi's RPC UI as plain text", async () => {
		setup();
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("bash: rm -rf victim");
			const isStatus = (record: Record<string, unknown>) =>
				record.type === "extension_ui_request" &&
				record.method === "setStatus" &&
				record.statusKey === "pi-hook-manager";
			await rpc.waitFor((record) => isStatus(record) && record.statusText === "hooks 1 blocked");
			const texts = rpc.records.filter(isStatus).map((record) => record.statusText);
			// A slow guard may show "hooks running guard.py" first; every text is plain (no ANSI for RPC clients).
			expect(texts.at(-1)).toBe("hooks 1 blocked");
			expect(texts.filter((text) => typeof text === "string" && text.includes("\x1b"))).toEqual([]);
		} finally {
			await rpc.close();
		}
		expect(decisionEntries()).toHaveLength(1);
	});
});
