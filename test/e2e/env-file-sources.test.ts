/**
 * What a project hook writes to CLAUDE_ENV_FILE stays where Claude Code applies it (issue #40; recorded in Claude
 * Code 2.1.197: an env-file export reaches Bash tool calls, not later hooks): in the real pi over RPC, an approved
 * project SessionStart hook's exports reach the bash tool but no hook, the user's own included, also after a new
 * session (`new_session`, where pi loads the extension again); the variables that make a program load code
 * (NODE_OPTIONS, BASH_ENV, PATH entries in the repository, ...) are named in a notice.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { hookSettings } from "../support/trust-sandbox.ts";

const e2e = useE2e();

describe("a project hook's CLAUDE_ENV_FILE exports", () => {
	it("reach the bash tool, never the user's hooks, also after a new session; loaders are named", async () => {
		const box = e2e.sandbox();
		const seen = join(box.root, "user-hook-env.txt");
		box.writeJson(
			"project/.claude/settings.json",
			hookSettings("SessionStart", undefined, {
				type: "command",
				command:
					`printf 'export PHM_LEAK=repo\\nexport NODE_OPTIONS="--require %s/x.js"\\n` +
					`export PATH="%s/bin:$PATH"\\n' "$CLAUDE_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" >> "$CLAUDE_ENV_FILE"`,
			}),
		);
		box.writeJson(
			"home/.claude/settings.json",
			hookSettings("PreToolUse", "Bash", {
				type: "command",
				command: `echo "leak=$PHM_LEAK node=$NODE_OPTIONS" >> '${seen}'`,
			}),
		);
		const rpc = startPiRpc(box, [], { PI_HOOK_MANAGER_APPROVE_PROJECT_HOOKS: "1" });
		try {
			await rpc.prompt("bash: echo value=$PHM_LEAK");
			expect(JSON.stringify(e2e.llm.requests.at(-1)?.messages)).toContain("value=repo");
			const notices = rpc.records
				.filter((record) => record.method === "notify")
				.map((record) => String(record.message));
			const loaders = notices.find((text) => text.includes("makes programs load code"));
			expect(loaders, notices.join("\n")).toContain(`NODE_OPTIONS (${join(box.projectDir, "x.js")})`);
			expect(loaders).toContain(`PATH (${join(box.projectDir, "bin")})`);
			expect(loaders).not.toContain("PHM_LEAK");
			const from = rpc.records.length;
			rpc.send({ id: "n1", type: "new_session" });
			await rpc.waitFor((record) => record.type === "response" && record.id === "n1", 30_000, from);
			await rpc.prompt("bash: echo two");
			expect(existsSync(seen)).toBe(true);
			expect(readFileSync(seen, "utf8")).toBe("leak= node=\nleak= node=\n");
		} finally {
			await rpc.close();
		}
	});
});
