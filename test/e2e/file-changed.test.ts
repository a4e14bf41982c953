/**
 * FileChanged in the real pi over RPC: a write to a file a FileChanged matcher names fires its hooks without waiting
 * for pi's next event, with Claude Code's stdin (`file_path`, `event`) and `CLAUDE_ENV_FILE` set; a hook's
 * `watchPaths` replaces the dynamic watch list (a file it names fires the hooks too, the matcher-less ones); a
 * deletion is `unlink`; a `systemMessage` is a notice; after a new session (RPC `new_session`) each write still
 * fires the hooks once, and pi exits cleanly (no watch keeps it alive).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { startPiRpc } from "../support/pi-rpc.ts";
import { recordedStdins, recorder } from "../support/recorder.ts";

const e2e = useE2e();
const WAIT = { timeout: 30_000, interval: 100 };

describe("FileChanged over RPC", () => {
	it("fires on a write of a watched file, then on a file its watchPaths named, and on a deletion", async () => {
		const sandbox = e2e.sandbox();
		const all = join(sandbox.root, "all.jsonl");
		const named = join(sandbox.root, "named.jsonl");
		const envSeen = join(sandbox.root, "env-file.txt");
		const watched = join(sandbox.projectDir, ".envrc");
		const later = join(sandbox.projectDir, "later.txt");
		writeFileSync(watched, "export A=1\n");
		const output = {
			systemMessage: "reloaded .envrc",
			hookSpecificOutput: { hookEventName: "FileChanged", watchPaths: ["later.txt"] },
		};
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: {
				FileChanged: [
					{
						matcher: ".envrc",
						hooks: [
							recorder(named, "--stdout", `'${JSON.stringify(output)}'`),
							{ type: "command", command: `printf '%s' "$CLAUDE_ENV_FILE" > '${envSeen}'` },
						],
					},
					{ hooks: [recorder(all)] },
				],
			},
		});
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("hi");
			writeFileSync(watched, "export A=2\n");
			await expect.poll(() => recordedStdins(named).length, WAIT).toBe(1);
			expect(recordedStdins(named)[0]).toEqual({
				session_id: expect.any(String),
				transcript_path: expect.any(String),
				cwd: sandbox.projectDir,
				prompt_id: expect.any(String),
				hook_event_name: "FileChanged",
				file_path: watched,
				event: "change",
			});
			await expect.poll(() => existsSync(envSeen), WAIT).toBe(true);
			expect(readFileSync(envSeen, "utf8")).toMatch(/filechanged-hook\.sh$/);
			await expect.poll(() => recordedStdins(all).length, WAIT).toBe(1);
			await expect
				.poll(
					() =>
						rpc.records.some(
							(r) =>
								r.type === "extension_ui_request" &&
								r.method === "notify" &&
								String(r.message).includes("reloaded .envrc"),
						),
					WAIT,
				)
				.toBe(true);
			// The watchPaths of the first run are watched now: creating the file fires the matcher-less hook.
			writeFileSync(later, "x");
			await expect.poll(() => recordedStdins(all).length, WAIT).toBe(2);
			expect(recordedStdins(all)[1]).toMatchObject({ file_path: later, event: "add" });
			rmSync(later);
			await expect.poll(() => recordedStdins(all).length, WAIT).toBe(3);
			expect(recordedStdins(all)[2]).toMatchObject({ file_path: later, event: "unlink" });
			// The matcher tests the file's name: the .envrc hook ran for .envrc only.
			expect(recordedStdins(named)).toHaveLength(1);
		} finally {
			await rpc.close();
		}
	});

	it("ends the watch with the session: after a new session a write fires the hooks once", async () => {
		const sandbox = e2e.sandbox();
		const runs = join(sandbox.root, "runs.jsonl");
		const watched = join(sandbox.projectDir, ".envrc");
		writeFileSync(watched, "1");
		sandbox.writeJson("home/.claude/settings.json", {
			hooks: { FileChanged: [{ matcher: ".envrc|.env", hooks: [recorder(runs)] }] },
		});
		const rpc = startPiRpc(sandbox);
		try {
			await rpc.prompt("hi");
			const from = rpc.records.length;
			rpc.send({ id: "n1", type: "new_session" });
			await rpc.waitFor((record) => record.type === "response" && record.id === "n1", 30_000, from);
			await rpc.prompt("hi in the new session");
			writeFileSync(watched, "2");
			await expect.poll(() => recordedStdins(runs).length, WAIT).toBeGreaterThanOrEqual(1);
			writeFileSync(join(sandbox.projectDir, ".env"), "3");
			const names = () => recordedStdins(runs).map((stdin) => String(stdin.file_path).split("/").pop());
			await expect.poll(() => names().includes(".env"), WAIT).toBe(true);
			// The new session's watch runs the hook once per write, in the new session.
			expect(names().filter((name) => name === ".envrc")).toEqual([".envrc"]);
			expect(new Set(recordedStdins(runs).map((stdin) => stdin.session_id)).size).toBe(1);
			expect(await rpc.close()).toBe(0);
		} finally {
			await rpc.close();
		}
	});
});
