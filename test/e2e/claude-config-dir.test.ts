/**
 * End to end in the real pi (print mode): with `CLAUDE_CONFIG_DIR` set, the user's Claude Code settings file and
 * plugins are read from that folder instead of `~/.claude`, as Claude Code reads them.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { layClaudeLayout } from "../support/claude-layout.ts";
import { useE2e } from "../support/e2e.ts";
import { piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();

describe("CLAUDE_CONFIG_DIR", () => {
	it("the user settings file and the plugins come from $CLAUDE_CONFIG_DIR, and ~/.claude is not read", async () => {
		const sandbox = e2e.sandbox();
		// The recorded Claude Code layout, laid out under another folder: its .claude is the config dir.
		const other = join(sandbox.root, "elsewhere");
		layClaudeLayout(other, sandbox.projectDir);
		const configDir = join(other, ".claude");
		const settings = JSON.parse(readFileSync(join(configDir, "settings.json"), "utf8")) as Record<string, unknown>;
		const userMarker = join(sandbox.root, "config-dir-hook-ran");
		const homeMarker = join(sandbox.root, "home-hook-ran");
		const hook = (command: string) => ({
			PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }],
		});
		sandbox.writeJson("elsewhere/.claude/settings.json", { ...settings, hooks: hook(`touch "${userMarker}"`) });
		sandbox.writeJson("home/.claude/settings.json", { hooks: hook(`touch "${homeMarker}"`) });
		mkdirSync(join(sandbox.projectDir, "victim"));
		const before = e2e.llm.requests.length;
		const result = await runPiPrint(sandbox, piPrintArgs("bash: rm -rf victim"), {
			env: { CLAUDE_CONFIG_DIR: configDir },
		});
		expect(result.code).toBe(0);
		expect(existsSync(userMarker)).toBe(true);
		expect(existsSync(homeMarker)).toBe(false);
		// The guard plugin installed under $CLAUDE_CONFIG_DIR/plugins blocks, and writes to its data folder there.
		expect(existsSync(join(sandbox.projectDir, "victim"))).toBe(true);
		expect(JSON.stringify(e2e.llm.requests.slice(before).at(-1)?.messages)).toContain(
			"guard@my-marketplace (level strict) blocked: rm -rf victim",
		);
		expect(readFileSync(join(configDir, "plugins", "data", "guard-my-marketplace", "calls.log"), "utf8")).toBe(
			"rm -rf victim\n",
		);
	});
});
