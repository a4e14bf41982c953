/**
 * ConfigChange in the real pi over RPC: an edit of a settings file fires the ConfigChange hooks in effect, without
 * waiting for pi's next event, with Claude Code's stdin (`source` by the file's kind, `file_path`), and the edit
 * takes effect; a hook's exit 2 keeps the hooks from before (a hook the blocked edit adds does not run) and says so.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type RpcRecord, startPiRpc } from "../support/pi-rpc.ts";
import { recordedStdins, recorder } from "../support/recorder.ts";

const e2e = useE2e();
const WAIT = { timeout: 30_000, interval: 100 };

/** Writes `value` as JSON to `file` in one step (a rename), as editors save: no half-written file is ever seen. */
const saveJson = (file: string, value: unknown): void => {
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(`${file}.tmp`, JSON.stringify(value));
	renameSync(`${file}.tmp`, file);
};

const notices = (records: readonly RpcRecord[]): string[] =>
	records.filter((r) => r.type === "extension_ui_request" && r.method === "notify").map((r) => String(r.message));

describe("ConfigChange over RPC", () => {
	it.each([
		["home/.claude/settings.json", "user_settings"],
		["project/.claude/settings.json", "project_settings"],
		["project/.claude/settings.local.json", "local_settings"],
	])("an edit of %s fires it with source %s, and the edit takes effect", async (rel, source) => {
		const sandbox = e2e.sandbox();
		const changes = join(sandbox.root, "config-change.jsonl");
		const prompts = join(sandbox.root, "prompt.jsonl");
		const user = join(sandbox.home, ".claude", "settings.json");
		saveJson(user, { hooks: { ConfigChange: [{ hooks: [recorder(changes)] }] } });
		mkdirSync(join(sandbox.projectDir, ".claude"), { recursive: true });
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("hi");
			const edited = join(sandbox.root, rel);
			const hooks = { UserPromptSubmit: [{ hooks: [recorder(prompts)] }] };
			saveJson(edited, {
				hooks: edited === user ? { ...hooks, ConfigChange: [{ hooks: [recorder(changes)] }] } : hooks,
			});
			// No prompt, no tool call: the watch on the settings files fires it.
			await expect.poll(() => recordedStdins(changes).length, WAIT).toBe(1);
			expect(recordedStdins(changes)[0]).toEqual({
				session_id: expect.any(String),
				transcript_path: expect.any(String),
				cwd: sandbox.projectDir,
				// Claude Code: the prompt being processed, from the first prompt on.
				prompt_id: expect.any(String),
				hook_event_name: "ConfigChange",
				source,
				file_path: edited,
			});
			if (edited === user) {
				await rpc.prompt("hi again");
				expect(recordedStdins(prompts)).toEqual([
					expect.objectContaining({ hook_event_name: "UserPromptSubmit" }),
				]);
			}
		} finally {
			await rpc.close();
		}
	});

	it("an exit 2 keeps the hooks from before: the hook the blocked edit adds does not run", async () => {
		const sandbox = e2e.sandbox();
		const changes = join(sandbox.root, "config-change.jsonl");
		const before = join(sandbox.root, "before.jsonl");
		const added = join(sandbox.root, "added.jsonl");
		const user = join(sandbox.home, ".claude", "settings.json");
		const guard = { ConfigChange: [{ matcher: "user_settings", hooks: [recorder(changes, "--exit", "2")] }] };
		saveJson(user, { hooks: { ...guard, UserPromptSubmit: [{ hooks: [recorder(before)] }] } });
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("hi");
			expect(recordedStdins(before)).toHaveLength(1);
			saveJson(user, { hooks: { ...guard, UserPromptSubmit: [{ hooks: [recorder(added)] }] } });
			await expect.poll(() => recordedStdins(changes).length, WAIT).toBe(1);
			expect(recordedStdins(changes)[0]).toMatchObject({ source: "user_settings", file_path: user });
			await rpc.prompt("hi again");
			expect(recordedStdins(before)).toHaveLength(2);
			expect(existsSync(added)).toBe(false);
			expect(notices(rpc.records).join("\n")).toContain(`blocked the change to ${user}`);
		} finally {
			await rpc.close();
		}
	});
});
