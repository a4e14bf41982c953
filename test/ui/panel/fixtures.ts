/**
 * Fixtures for the panel tests: a configuration with hooks in several sources (one disabled candidate, one
 * skipped for trust, one unsupported, one invalid entry) and firing records built from literal outcomes.
 */

import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { settingsSources } from "../../../src/engine/config/sources.ts";
import { interpretOutcome } from "../../../src/engine/decide/interpret.ts";
import type { ProcessOutcome } from "../../../src/engine/ports.ts";
import {
	type FiringRecord,
	type NotRunHook,
	firingRecord as plainRecord,
} from "../../../src/engine/record/firing-record.ts";
import type { HookConfig, HookEntry, HookSource } from "../../../src/engine/types.ts";

/** The five sources of a project at /p for a user at /home/u with pi's agent dir /home/u/.pi/agent. */
export const SOURCES: readonly HookSource[] = settingsSources({
	home: "/home/u",
	agentDir: "/home/u/.pi/agent",
	projectDir: "/p",
});

const source = (index: number): HookSource => {
	const found = SOURCES[index];
	if (found === undefined) throw new Error(`no source ${index}`);
	return found;
};

/** Settings text per source index. */
export const FIXTURE_SETTINGS: Readonly<Record<number, unknown>> = {
	0: {
		hooks: {
			PreToolUse: [
				{ matcher: "Bash", hooks: [{ type: "command", command: "~/.claude/hooks/block-rm.sh", timeout: 10 }] },
			],
			// pi has no subagents, so this hook is listed as skipped.
			TeammateIdle: [{ hooks: [{ type: "mcp_tool", server: "tests", tool: "check_tests_pass" }] }],
		},
	},
	1: {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{ type: "command", command: "python3 .claude/hooks/git_policy.py", if: "Bash(git push *)" },
					],
				},
				{
					matcher: "Edit|Write",
					hooks: [{ type: "command", command: "npx prettier --write", statusMessage: "formatting" }],
				},
			],
			PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "node .claude/hooks/log.mjs" }] }],
			UserPromptSubmit: [{ hooks: [{ type: "command", command: "" }] }],
		},
	},
	3: {
		hooks: { PostToolUse: [{ matcher: "*", hooks: [{ type: "http", url: "http://127.0.0.1:8080/hook" }] }] },
	},
	4: {
		hooks: { PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "echo pi-project-guard" }] }] },
	},
};

/** The merged configuration; `trusted: false` skips the three project files. */
export const fixtureConfig = (
	trusted = true,
	settings: Readonly<Record<number, unknown>> = FIXTURE_SETTINGS,
): HookConfig =>
	mergeSources(
		SOURCES.map((src, index) =>
			settings[index] === undefined
				? { source: src, entries: [], issues: [], disableAllHooks: undefined, usable: true }
				: parseSettingsText(JSON.stringify(settings[index], null, 2), source(index)),
		),
		trusted,
	);

/** The entry whose command (or URL/prompt) contains `text`. */
export const entryWith = (config: HookConfig, text: string): HookEntry => {
	const all = [...config.entries, ...config.skipped.map((skipped) => skipped.entry)];
	const found = all.find((entry) => JSON.stringify(entry.handler).includes(text));
	if (found === undefined) throw new Error(`no hook with ${text}`);
	return found;
};

const captured = (text: string) => ({ text, bytes: Buffer.byteLength(text), truncated: false });

/** An `exited` outcome. */
export const exitedWith = (code: number, durationMs: number, stdout = "", stderr = ""): ProcessOutcome => ({
	kind: "exited",
	code,
	stdout: captured(stdout),
	stderr: captured(stderr),
	durationMs,
});

/** A firing record in which each of `runs` ran with its outcome and each of `notRun` did not. */
export const firingRecord = (
	seq: number,
	time: number,
	runs: readonly [HookEntry, ProcessOutcome][],
	notRun: readonly NotRunHook[] = [],
	summary = "rm -rf build",
): FiringRecord => {
	const event = runs[0]?.[0].event ?? notRun[0]?.entry.event ?? "PreToolUse";
	const input = { hook_event_name: event, tool_name: "Bash", tool_input: { command: summary } };
	const stdin = `${JSON.stringify(input)}\n`;
	return plainRecord({
		seq,
		time,
		event,
		matchQuery: "Bash",
		summary,
		stdin,
		verdicts: runs.map(([entry, outcome]) => interpretOutcome(entry, event, outcome)),
		notRun,
	});
};
