/**
 * The recording of what the real Claude Code gave ConfigChange and FileChanged hooks
 * (test/fixtures/claude-code/config-file-hooks-2.1.332.json, made by scripts/claude-code/record-hooks.mjs), and the
 * helpers that replay one of its cases in pi and compare what pi's hooks got with it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FakeStepResult } from "./fake-llm.mjs";
import { PROJECT_ROOT } from "./pi-env.ts";

/** One recorded hook run: its stdin (Claude Code's key order), environment and cwd, paths templated. */
export interface RecordedHook {
	readonly stdin: Record<string, unknown>;
	readonly env: Record<string, string | undefined>;
	readonly cwd: string;
}

/** A scripted model turn: a Claude Code tool call (`Bash`, `Write`) or the final text. */
export type RecordedTurn =
	| { readonly tool: "Bash"; readonly input: { readonly command: string } }
	| { readonly tool: "Write"; readonly input: { readonly file_path: string; readonly content: string } }
	| { readonly text: string };

/** One recorded case: the sandbox's files, the model's turns, and what each record file got. */
export interface RecordedCase {
	/** Settings files by sandbox path (`home/.claude/settings.json`), as JSON. */
	readonly settings: Record<string, unknown>;
	/** Other files laid out before the session, by sandbox path. */
	readonly files?: Record<string, string>;
	readonly turns: readonly RecordedTurn[];
	/**
	 * The hook runs per record file (`config`, `added`, `added-config`, `file`); `claude-env` holds the env recorder's
	 * lines instead (`{names, CLAUDE_ENV_FILE}`), which have no stdin.
	 */
	readonly hooks: Record<string, readonly RecordedHook[]>;
	/** The settings files after the session (null = absent). */
	readonly settingsAfter: Record<string, unknown>;
}

/** The whole recording: the Claude Code version and its cases by name. */
export interface ClaudeRecording {
	readonly claudeCode: string;
	readonly cases: Record<string, RecordedCase>;
}

/** The checked-in recording of Claude Code 2.1.332. */
export const CLAUDE_RECORDING: ClaudeRecording = JSON.parse(
	readFileSync(join(PROJECT_ROOT, "test", "fixtures", "claude-code", "config-file-hooks-2.1.332.json"), "utf8"),
);

/** The sandbox paths the recording's `{{…}}` templates stand for. */
export interface RecordingPaths {
	readonly home: string;
	readonly project: string;
	readonly records: string;
	readonly hook: string;
}

/** `value` with the recording's templates filled in with `paths` (strings at any depth). */
export const fillTemplates = <T>(value: T, paths: RecordingPaths): T =>
	JSON.parse(
		JSON.stringify(value)
			.replaceAll("{{HOME}}", paths.home)
			.replaceAll("{{PROJECT}}", paths.project)
			.replaceAll("{{RECORDS}}", paths.records)
			.replaceAll("{{HOOK}}", paths.hook),
	) as T;

/** The fake model's step for a recorded turn: Claude Code's `Bash`/`Write` become pi's `bash`/`write`. */
export const piStep = (turn: RecordedTurn): FakeStepResult => {
	if ("text" in turn) return { text: turn.text };
	if (turn.tool === "Bash") return { toolCalls: [{ name: "bash", arguments: { command: turn.input.command } }] };
	return { toolCalls: [{ name: "write", arguments: { path: turn.input.file_path, content: turn.input.content } }] };
};

/** The values of one hook run that differ between any two runs (session, transcript, prompt), by stdin key. */
const PER_RUN = { session_id: "{{SESSION}}", transcript_path: "{{TRANSCRIPT}}", prompt_id: "{{PROMPT_ID}}" } as const;

/**
 * A hook run with its per-run values templated, for comparing pi's run with Claude Code's: `session_id`,
 * `transcript_path` and `prompt_id` become `{{SESSION}}`, `{{TRANSCRIPT}}`, `{{PROMPT_ID}}` (the session id also in
 * the environment), and the sandbox's paths `{{HOME}}`/`{{PROJECT}}` (pi's runs; `paths` undefined for the recording).
 */
export const comparable = (run: RecordedHook, paths?: RecordingPaths): RecordedHook => {
	const session = String(run.stdin.session_id ?? "\0");
	const text = (value: string): string => {
		let out = value.replaceAll(session, "{{SESSION}}");
		if (paths !== undefined) out = out.replaceAll(paths.project, "{{PROJECT}}").replaceAll(paths.home, "{{HOME}}");
		return out;
	};
	const stdin: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(run.stdin)) {
		const perRun = PER_RUN[key as keyof typeof PER_RUN];
		stdin[key] = perRun ?? (typeof value === "string" ? text(value) : value);
	}
	const env: Record<string, string | undefined> = {};
	for (const [key, value] of Object.entries(run.env)) env[key] = value === undefined ? undefined : text(value);
	return { stdin, env, cwd: text(run.cwd) };
};
