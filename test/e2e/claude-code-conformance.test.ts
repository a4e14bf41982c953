/**
 * Conformance with the real Claude Code (2.1.332, recorded headless by scripts/claude-code/record-hooks.mjs): the
 * real pi runs each recorded case (the same user settings, the same model tool calls editing settings files and
 * watched files) and its ConfigChange and FileChanged hooks get the stdin and environment Claude Code gave them
 * (same keys in the same order, same values but the session, transcript and prompt ids and the sandbox's paths),
 * and a blocked ConfigChange keeps the hooks the edit added from running, as in Claude Code.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
	CLAUDE_RECORDING,
	comparable,
	fillTemplates,
	piStep,
	type RecordedHook,
	type RecordingPaths,
} from "../support/claude-recording.ts";
import { readJsonLines } from "../support/e2e.ts";
import { type FakeLlm, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { HOOK_SCRIPT } from "../support/recorder.ts";
import { selfGuardOff } from "../support/trust-sandbox.ts";

let llm: FakeLlm | undefined;
let sandbox: PiSandbox | undefined;
afterEach(async () => {
	await llm?.close();
	sandbox?.cleanup();
	llm = undefined;
	sandbox = undefined;
});

/** Runs the recorded case `name` in the real pi; resolves to its paths and the hook runs per record file. */
const replay = async (name: string) => {
	const recorded = CLAUDE_RECORDING.cases[name];
	if (recorded === undefined) throw new Error(`no recorded case ${name}`);
	const box = createPiSandbox();
	sandbox = box;
	const paths: RecordingPaths = {
		home: box.home,
		project: box.projectDir,
		records: join(box.root, "records"),
		hook: HOOK_SCRIPT,
	};
	mkdirSync(paths.records);
	const turns = fillTemplates(recorded.turns, paths);
	llm = await startFakeLlm({ script: turns.map(piStep) });
	box.setFakeUrl(llm.url);
	// The model edits hook files here, as it did in Claude Code; pi's self-guard would ask first.
	selfGuardOff(box);
	for (const [file, value] of Object.entries(fillTemplates(recorded.settings, paths))) box.writeJson(file, value);
	for (const [file, text] of Object.entries(recorded.files ?? {})) box.writeFile(file, text);
	const result = await runPiPrint(box, piPrintArgs("Run the scripted steps."), { timeoutMs: 110_000 });
	expect(result.code, result.stderr).toBe(0);
	const runs = (file: string): RecordedHook[] => {
		const path = join(paths.records, `${file}.jsonl`);
		return existsSync(path) ? (readJsonLines(path) as unknown as RecordedHook[]) : [];
	};
	return { recorded, paths, runs };
};

/** pi's runs of a record file next to Claude Code's, both with their per-run values templated. */
const compare = (replayed: Awaited<ReturnType<typeof replay>>, file: string) => ({
	pi: replayed.runs(file).map((run) => comparable(run, replayed.paths)),
	claude: (replayed.recorded.hooks[file] ?? []).map((run) => comparable(run)),
});

/** Per run of the env recorder (`claude-env`), whether the hook had a CLAUDE_ENV_FILE, in pi and in Claude Code. */
const envFiles = (replayed: Awaited<ReturnType<typeof replay>>) => {
	const set = (runs: readonly unknown[]) =>
		runs.map((run) => typeof (run as { CLAUDE_ENV_FILE?: unknown }).CLAUDE_ENV_FILE === "string");
	return { pi: set(replayed.runs("claude-env")), claude: set(replayed.recorded.hooks["claude-env"] ?? []) };
};

/** The stdin keys of each run, in order. */
const keysOf = (runs: readonly RecordedHook[]): string[][] => runs.map((run) => Object.keys(run.stdin));

describe("ConfigChange as in Claude Code 2.1.332", () => {
	it("edits of the local, project and user settings and a deleted local settings file: same stdin, env", async () => {
		const replayed = await replay("config-change");
		const { pi, claude } = compare(replayed, "config");
		expect(claude.map((run) => run.stdin.source)).toEqual([
			"local_settings",
			"project_settings",
			"user_settings",
			"local_settings",
		]);
		expect(keysOf(pi)).toEqual(keysOf(claude));
		expect(pi).toEqual(claude);
		// The hook the user-settings edit added ran on the next two Bash calls, in both.
		expect(replayed.runs("added").length).toBe(replayed.recorded.hooks.added?.length);
		// No CLAUDE_ENV_FILE on ConfigChange.
		expect(envFiles(replayed)).toEqual({ pi: [false, false, false, false], claude: [false, false, false, false] });
	}, 120_000);

	it("an edit of a project skill's SKILL.md, a skill never used: source skills, same stdin, env", async () => {
		const replayed = await replay("config-change-skill");
		const { pi, claude } = compare(replayed, "config");
		expect(claude.map((run) => [run.stdin.source, run.stdin.file_path])).toEqual([
			["skills", "{{PROJECT}}/.claude/skills/demo/SKILL.md"],
		]);
		expect(keysOf(pi)).toEqual(keysOf(claude));
		expect(pi).toEqual(claude);
		expect(envFiles(replayed)).toEqual({ pi: [false], claude: [false] });
	}, 120_000);

	for (const name of ["config-change-block-json", "config-change-block-exit2"]) {
		it(`${name}: the blocked edit's hooks never run; the next change is asked about, same stdin`, async () => {
			const replayed = await replay(name);
			const { pi, claude } = compare(replayed, "config");
			expect(claude.map((run) => run.stdin.source)).toEqual(["user_settings", "local_settings"]);
			expect(pi).toEqual(claude);
			// The edit stays on disk, but neither the PreToolUse nor the ConfigChange hook it added ran.
			expect(replayed.recorded.hooks.added).toEqual([]);
			expect(replayed.recorded.hooks["added-config"]).toEqual([]);
			expect(replayed.runs("added")).toEqual([]);
			expect(replayed.runs("added-config")).toEqual([]);
		}, 120_000);
	}
});

describe("FileChanged as in Claude Code 2.1.332", () => {
	it(".envrc|notes.txt: add, change, unlink of notes.txt, a change of .envrc, not other.txt", async () => {
		const replayed = await replay("file-changed");
		const { pi, claude } = compare(replayed, "file");
		expect(claude.map((run) => [run.stdin.event, run.stdin.file_path])).toEqual([
			["add", "{{PROJECT}}/notes.txt"],
			["change", "{{PROJECT}}/notes.txt"],
			["change", "{{PROJECT}}/.envrc"],
			["unlink", "{{PROJECT}}/notes.txt"],
		]);
		expect(keysOf(pi)).toEqual(keysOf(claude));
		expect(pi).toEqual(claude);
		// Each FileChanged hook gets a CLAUDE_ENV_FILE.
		expect(envFiles(replayed)).toEqual({ pi: [true, true, true, true], claude: [true, true, true, true] });
	}, 120_000);

	it("a path a hook's watchPaths adds is watched, but reaches only hooks whose matcher names it", async () => {
		const replayed = await replay("file-changed-watch-paths");
		const { pi, claude } = compare(replayed, "file");
		// extra.txt was written twice after the notes.txt hook answered watchPaths: [extra.txt]; matcher notes.txt.
		expect(claude.map((run) => [run.stdin.event, run.stdin.file_path])).toEqual([["add", "{{PROJECT}}/notes.txt"]]);
		expect(pi).toEqual(claude);
	}, 120_000);
});
