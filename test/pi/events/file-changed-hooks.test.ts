/**
 * The FileChanged watch of a session in a real pi session (the SDK), over a recording watch port: it watches the
 * files the matchers name only while FileChanged hooks are configured, runs the hooks for each change with a
 * CLAUDE_ENV_FILE whose exports are applied, takes a hook's `watchPaths` as the dynamic list, and stops at `close`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import type { HookConfig } from "../../../src/engine/types.ts";
import type { FileEventKind, FileWatch } from "../../../src/host/watch/file-watch.ts";
import { createFileChangedHooks } from "../../../src/pi/events/file-changed-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { type Hooks, printsJson, recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-file-changed-");

const configOf = (hooks: Hooks): HookConfig =>
	mergeSources(
		[parseSettingsText(JSON.stringify({ hooks }), { scope: "claude-user", file: "/u/s.json", project: false })],
		true,
	);

/** A watch port that records what it is asked to watch and lets the test tell a change. */
const recordingWatch = () => {
	const sets: string[][] = [];
	let closed = 0;
	let tell: ((path: string, kind: FileEventKind) => void) | undefined;
	const make = (onEvent: (path: string, kind: FileEventKind) => void): FileWatch => {
		tell = onEvent;
		let paths: string[] = [];
		return {
			set(next) {
				paths = [...next].sort();
				sets.push(paths);
			},
			paths: () => paths,
			close() {
				closed++;
			},
		};
	};
	return { make, sets, closed: () => closed, tell: (path: string, kind: FileEventKind) => tell?.(path, kind) };
};

describe("createFileChangedHooks", () => {
	it("watches the matchers' files, runs the hooks with an env file, takes watchPaths as the new list", async () => {
		const dir = mkdtempSync(join(tmpdir(), "phm-fc-"));
		const log = join(dir, "runs.jsonl");
		const envFile = join(dir, "env.sh");
		const answer = { hookSpecificOutput: { hookEventName: "FileChanged", watchPaths: [join(dir, "b.txt")] } };
		const hooks: Hooks = {
			FileChanged: [
				{
					matcher: ".envrc|.env",
					hooks: [recordStdinTo(log), { type: "command", command: printsJson(answer) }],
				},
				{ hooks: [{ type: "command", command: `echo 'export FROM_HOOK=1' >> "$CLAUDE_ENV_FILE"` }] },
			],
		};
		const { hc } = await startHookContext(sdk, hooks);
		const watch = recordingWatch();
		const applied: (string | undefined)[] = [];
		const files = createFileChangedHooks({
			cwd: "/p",
			hookContext: () => hc,
			envFile: () => {
				writeFileSync(envFile, "");
				return envFile;
			},
			applyEnv: async (file) => {
				applied.push(file);
			},
			track: () => {},
			watch: watch.make,
		});
		files.configure(configOf(hooks));
		expect(files.watched()).toEqual(["/p/.env", "/p/.envrc"]);
		watch.tell("/p/.envrc", "unlink");
		await files.settled();
		expect(readJsonLines(log)).toEqual([
			expect.objectContaining({ hook_event_name: "FileChanged", file_path: "/p/.envrc", event: "unlink" }),
		]);
		expect(applied).toEqual([envFile]);
		expect(files.watched()).toEqual(["/p/.env", "/p/.envrc", join(dir, "b.txt")]);
		// No FileChanged hooks any more: nothing is watched; close ends it, and a change told after runs nothing.
		files.configure(configOf({ Stop: [{ hooks: [{ type: "command", command: "true" }] }] }));
		expect(files.watched()).toEqual([]);
		expect(watch.closed()).toBe(1);
		files.close();
		watch.tell("/p/.envrc", "change");
		await files.settled();
		expect(readJsonLines(log)).toHaveLength(1);
	});

	it("watches nothing while no FileChanged hook is configured", async () => {
		const watch = recordingWatch();
		const files = createFileChangedHooks({
			cwd: "/p",
			hookContext: () => undefined,
			envFile: () => undefined,
			applyEnv: async () => {},
			track: () => {},
			watch: watch.make,
		});
		files.configure(configOf({ PreToolUse: [{ matcher: ".env", hooks: [{ type: "command", command: "true" }] }] }));
		files.replaceDynamic(["/p/x"]);
		expect(watch.sets).toEqual([]);
		expect(files.watched()).toEqual([]);
	});
});
