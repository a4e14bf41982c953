/**
 * The FileChanged flow on a real engine with real hook processes: the watch list the matchers name, Claude Code's
 * stdin, the matcher tests the file's name, `CLAUDE_ENV_FILE` is set, `watchPaths` is the new watch list, exit 2
 * and `systemMessage` are notices (nothing blocks), and an event without hooks is answered at once.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { fileChanged, matcherWatchList } from "../../../src/engine/flow/file-changed.ts";
import { appendTo, flowEngine, jsonLinesOf } from "../../support/flow-engine.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-file-changed-"));
const sh = (command: string) => ({ type: "command", command });
const configOf = (hooks: unknown) =>
	mergeSources(
		[
			parseSettingsText(JSON.stringify({ hooks }), {
				scope: "claude-user",
				file: "/u/settings.json",
				project: false,
			}),
		],
		true,
	);
const noticesOf = (steps: readonly { do: string; notice?: { text: string } }[] | undefined) =>
	(steps ?? []).flatMap((step) => (step.notice === undefined ? [] : [step.notice.text]));

describe("matcherWatchList", () => {
	it("splits each FileChanged matcher on | into files in the cwd; no matcher adds none; other events none", () => {
		const config = configOf({
			FileChanged: [
				{ matcher: ".envrc|.env", hooks: [sh("a")] },
				{ matcher: " config/app.json | .env ", hooks: [sh("b")] },
				{ hooks: [sh("c")] },
				{ matcher: "/abs/file.txt", hooks: [sh("d")] },
			],
			PreToolUse: [{ matcher: "Bash", hooks: [sh("e")] }],
		});
		expect(matcherWatchList(config, "/p")).toEqual(["/abs/file.txt", "/p/.env", "/p/.envrc", "/p/config/app.json"]);
	});
});

describe("fileChanged", () => {
	it("sends Claude Code's stdin with CLAUDE_ENV_FILE set, to the hooks whose matcher names the file", async () => {
		const root = dir();
		const log = join(root, "runs.jsonl");
		const envFile = join(root, "env.sh");
		writeFileSync(envFile, "");
		const { ports, moment } = flowEngine(
			{
				FileChanged: [
					{ matcher: ".envrc", hooks: [appendTo(log), sh('echo "export SEEN=1" >> "$CLAUDE_ENV_FILE"')] },
					{ matcher: "other.txt", hooks: [sh(`echo other >> '${log}.other'`)] },
				],
			},
			root,
		);
		const plan = await fileChanged(ports, moment, {
			filePath: join(root, ".envrc"),
			event: "change",
			envFile: () => envFile,
		});
		expect(plan).toEqual({ steps: [], watchPaths: undefined });
		const [stdin] = jsonLinesOf(log);
		expect(Object.keys(stdin ?? {})).toEqual([
			"session_id",
			"transcript_path",
			"cwd",
			"hook_event_name",
			"file_path",
			"event",
		]);
		expect(stdin).toMatchObject({
			hook_event_name: "FileChanged",
			file_path: join(root, ".envrc"),
			event: "change",
		});
		expect(readFileSync(envFile, "utf8")).toBe("export SEEN=1\n");
	});

	it("gives the hooks' watchPaths (relative ones in the cwd) as the new list, every hook's together", async () => {
		const root = dir();
		const out = (watchPaths: unknown) => {
			const json = JSON.stringify({ hookSpecificOutput: { hookEventName: "FileChanged", watchPaths } });
			return sh(`printf '%s' '${json}'`);
		};
		const { ports, moment } = flowEngine(
			{ FileChanged: [{ hooks: [out(["b.txt", "/abs/a"]), out([3, "c"])] }] },
			root,
		);
		const plan = await fileChanged(ports, moment, { filePath: join(root, "x"), event: "add" });
		expect(plan?.watchPaths).toEqual(["/abs/a", join(root, "b.txt"), join(root, "c")]);
	});

	it("blocks nothing: exit 2's stderr and a systemMessage are notices", async () => {
		const { ports, moment } = flowEngine(
			{
				FileChanged: [
					{
						hooks: [
							sh("echo bad file >&2; exit 2"),
							sh(`printf '%s' '{"systemMessage":"reloaded","continue":false}'`),
						],
					},
				],
			},
			dir(),
		);
		const plan = await fileChanged(ports, moment, { filePath: "/p/.env", event: "unlink" });
		const notices = noticesOf(plan?.steps as never);
		expect(notices).toHaveLength(2);
		expect(notices.join("\n")).toContain("bad file");
		expect(notices.join("\n")).toContain("reloaded");
		expect(plan?.watchPaths).toBeUndefined();
	});

	it("is undefined at once without FileChanged hooks", () => {
		const { ports, moment } = flowEngine({ Stop: [{ hooks: [sh("exit 0")] }] }, dir());
		expect(fileChanged(ports, moment, { filePath: "/p/.env", event: "change" })).toBeUndefined();
	});
});
