/**
 * Static lint of the merged configuration, for `pi-hook-manager lint` and CI: the file problems pi reports (bad
 * JSON, unknown events, bad entries), hooks that never run, and hooks that run but cannot do what they look
 * written for: a matcher or `if` on an event that ignores it, a timeout in milliseconds where Claude Code reads
 * seconds, a guard that exits 1 (a non-blocking error in Claude Code) and never 2. Findings are codes with a
 * sentence; the file and JSON path say where. Pure: scripts are read through the injected `readScript`.
 */

import { eventUsesMatcher, isToolEvent } from "../events/facts.ts";
import {
	type PreflightCode,
	type PreflightFinding,
	preflightField,
	preflightMessage,
	preflightSeverity,
} from "../lint/preflight.ts";
import { hookReach } from "../trust/reach.ts";
import type { ConfigIssue, HookConfig, HookEntry, HookEventName } from "../types.ts";
import { ifRuleProblem } from "./config-notices.ts";

/**
 * What a finding is about:
 * - `config_issue`: a file problem (the entry or file is skipped);
 * - `never_runs`: an event pi never fires, a handler type not run, or not accepted on the event;
 * - `matcher_ignored`: a matcher on an event that fires every hook whatever its matcher;
 * - `if_never_runs`: an `if` on an event without a tool (Claude Code: such a hook never runs);
 * - `if_pi_tool_name`: an `if` naming pi's tool in a Claude Code file, so it never matches;
 * - `timeout_in_ms`: a `timeout` of 1000 or more, which reads as milliseconds but is seconds;
 * - `exit_1_blocks_nothing`: a command on an event that exit 2 blocks, which exits 1 and never 2 nor prints a
 *   JSON decision: Claude Code treats exit 1 as a non-blocking error, so the action goes on. An error when it
 *   also writes to stderr (a reason meant for Claude: a block was meant), else a warning (maybe a plain failure);
 * - the preflight's codes (`program_missing`, `script_missing`, `not_executable`, `bash_only_syntax`,
 *   `powershell_missing`, see `engine/lint/preflight.ts`): the hook cannot run on this machine.
 */
export type ConfigLintCode =
	| PreflightCode
	| "config_issue"
	| "never_runs"
	| "matcher_ignored"
	| "if_never_runs"
	| "if_pi_tool_name"
	| "timeout_in_ms"
	| "exit_1_blocks_nothing";

/** One finding: `error` makes `lint` exit 1, `warning` does not. */
export interface ConfigLintFinding {
	readonly code: ConfigLintCode;
	readonly severity: "error" | "warning";
	/** Absolute path of the file. */
	readonly file: string;
	/** JSON path inside the file (`hooks.PreToolUse[0].hooks[1].timeout`); `""` for the whole file. */
	readonly jsonPath: string;
	/** One sentence, with what to write instead where there is a fix. */
	readonly message: string;
	/** For `config_issue` of a file that is not JSON: the line and column (from 1) the parser gave. */
	readonly position?: { readonly line: number; readonly column: number };
}

/** Events whose command hooks block with exit 2 (Claude Code hooks reference, "exit code 2 behavior"). */
const EXIT_2_BLOCKS: ReadonlySet<HookEventName> = new Set([
	"PreToolUse",
	"PermissionRequest",
	"UserPromptSubmit",
	"UserPromptExpansion",
	"Stop",
	"SubagentStop",
	"PostToolBatch",
	"PreCompact",
	"TaskCreated",
	"TaskCompleted",
	"TeammateIdle",
	"ConfigChange",
	"Elicitation",
	"ElicitationResult",
	"WorktreeCreate",
]);

/** `exit 1`, `sys.exit(1)`, `process.exit(1)`, `exit(1)`, `os.Exit(1)`. */
const EXIT_1 = /\bexit\s+1\b|\bexit\s*\(\s*1\s*\)|\bExit\(\s*1\s*\)/;
/** `exit 2` and the like, or `$?`-style codes from a variable (anything but a literal 0 or 1 counts). */
const EXIT_2 = /\bexit\s+(?:[2-9]|\$)|\bexit\s*\(\s*(?:[2-9]|[A-Za-z_])|\bExit\(\s*[2-9]/;
/** Text written to stderr: `>&2`, `sys.stderr`, `console.error`, `process.stderr`, `os.Stderr`. */
const STDERR_WRITE = />&2|\bsys\.stderr\b|\bconsole\.error\b|\bprocess\.stderr\b|\bos\.Stderr\b|\$stderr\b|\bSTDERR\b/;
/** A JSON decision written by the hook: the fields that block or deny. */
const JSON_DECISION = /permissionDecision|["']?decision["']?\s*[:=]|["']block["']|["']deny["']/;

/** Why a timeout reads as milliseconds: 1000 seconds and more is over 16 minutes. */
const TIMEOUT_MS_THRESHOLD = 1000;

/** The `(line L, column C)` a JSON error message carries (see `withLineAndColumn`). */
const messagePosition = (message: string): ConfigLintFinding["position"] => {
	const match = /\(line (\d+), column (\d+)\)/.exec(message) ?? /line (\d+) column (\d+)/.exec(message);
	return match === null ? undefined : { line: Number(match[1]), column: Number(match[2]) };
};

/** What a file problem skips, as the end of its sentence (nothing for a closed http allow-list). */
const skippedWhat = (issue: ConfigIssue): string =>
	issue.kind === "http_closed" ? "" : issue.path === "" ? "; the file is skipped" : "; that entry is skipped";

/** Seconds as a person reads them: `1h23m`, `16m40s`, `45s`. */
const readableSeconds = (seconds: number): string => {
	const hours = Math.floor(seconds / 3600);
	const minutes = Math.floor((seconds % 3600) / 60);
	const rest = Math.round(seconds % 60);
	if (hours > 0) return `${hours}h${String(minutes).padStart(2, "0")}m`;
	return minutes > 0 ? `${minutes}m${String(rest).padStart(2, "0")}s` : `${rest}s`;
};

/** The texts a command hook runs: its command (and args), then each script it names that `readScript` can read. */
const commandTexts = (
	entry: HookEntry,
	projectDir: string,
	readScript: (path: string) => string | undefined,
): string[] => {
	const handler = entry.handler;
	if (handler.type !== "command") return [];
	const texts = [[handler.command, ...(handler.args ?? [])].join(" ")];
	const isFile = (path: string): boolean => readScript(path) !== undefined;
	for (const path of hookReach(entry, { projectDir, isFile }).files) {
		const text = readScript(path);
		if (text !== undefined) texts.push(text);
	}
	return texts;
};

/** The findings about one hook (a running or a skipped one). */
const entryFindings = (
	entry: HookEntry,
	projectDir: string,
	readScript: (path: string) => string | undefined,
): ConfigLintFinding[] => {
	const findings: ConfigLintFinding[] = [];
	const at = (code: ConfigLintCode, severity: "error" | "warning", path: string, message: string): void => {
		findings.push({ code, severity, file: entry.source.file, jsonPath: path, message });
	};
	const group = entry.jsonPath.replace(/\.hooks\[\d+\]$/, "");
	const matcher = entry.matcher.source;
	if (!eventUsesMatcher(entry.event) && matcher !== undefined && matcher !== "" && matcher !== "*")
		at(
			"matcher_ignored",
			"warning",
			`${group}.matcher`,
			`${entry.event} has no matcher: matcher "${matcher}" is ignored and the hook fires on every ${entry.event}`,
		);
	if (entry.handler.if !== undefined && !isToolEvent(entry.event))
		at(
			"if_never_runs",
			"warning",
			`${entry.jsonPath}.if`,
			`if "${entry.handler.if}" on ${entry.event}, an event without a tool: Claude Code never runs this hook`,
		);
	const piName = ifRuleProblem(entry);
	if (piName !== undefined) at("if_pi_tool_name", "warning", `${entry.jsonPath}.if`, piName);
	const timeout = entry.handler.timeout;
	if (typeof timeout === "number" && timeout >= TIMEOUT_MS_THRESHOLD)
		at(
			"timeout_in_ms",
			"warning",
			`${entry.jsonPath}.timeout`,
			`timeout is in seconds: ${timeout} is ${readableSeconds(timeout)}; for ${timeout / 1000} seconds write ` +
				`${timeout / 1000}`,
		);
	if (EXIT_2_BLOCKS.has(entry.event)) {
		const texts = commandTexts(entry, projectDir, readScript);
		if (
			texts.some((text) => EXIT_1.test(text)) &&
			!texts.some((text) => EXIT_2.test(text) || JSON_DECISION.test(text))
		)
			at(
				"exit_1_blocks_nothing",
				// A reason written for Claude on stderr marks a block meant; without one it may be a plain failure.
				texts.some((text) => STDERR_WRITE.test(text)) ? "error" : "warning",
				entry.jsonPath,
				`exits 1 but never 2: in Claude Code exit 1 is a non-blocking error and the ${entry.event} goes on; ` +
					"exit 2 (reason on stderr) or a JSON decision blocks",
			);
	}
	return findings;
};

/** `path` as a lint line shows it: relative to the project when inside it. */
const projectPath = (projectDir: string, path: string): string =>
	path.startsWith(`${projectDir}/`) ? path.slice(projectDir.length + 1) : path;

/** The preflight findings of a running hook as lint findings, at its `command` (or `shell`) field. */
const preflightFindings = (
	entry: HookEntry,
	projectDir: string,
	findings: readonly PreflightFinding[],
): ConfigLintFinding[] =>
	findings.map((finding) => ({
		code: finding.code,
		severity: preflightSeverity(finding),
		file: entry.source.file,
		jsonPath: `${entry.jsonPath}.${preflightField(finding)}`,
		message: preflightMessage(finding, (path) => projectPath(projectDir, path)),
	}));

/**
 * The file problems of a configuration as `config_issue` findings (errors): bad JSON with the parser's line and
 * column, unknown events, bad entries, each saying what it skips. `test`, `why` and `list` show them too.
 */
export const issueFindings = (issues: readonly ConfigIssue[]): ConfigLintFinding[] =>
	issues.map((issue) => {
		const position = issue.path === "" ? messagePosition(issue.message) : undefined;
		return {
			code: "config_issue",
			severity: "error",
			file: issue.file,
			jsonPath: issue.path,
			message: `${issue.message}${skippedWhat(issue)}`,
			...(position === undefined ? {} : { position }),
		};
	});

/**
 * The findings about `config`, file problems first, then per hook in configuration order (skipped hooks after
 * the running ones). `projectDir` locates the scripts hooks name; `readScript` returns a script's text, or
 * undefined when it cannot be read (the finding then rests on the command alone). `preflight`, when given,
 * says what keeps a hook that runs (or waits for trust or approval) from running on this machine
 * (`engine/lint/preflight.ts`).
 */
export const lintConfig = (
	config: HookConfig,
	projectDir: string,
	readScript: (path: string) => string | undefined,
	preflight?: (entry: HookEntry) => readonly PreflightFinding[],
): ConfigLintFinding[] => {
	const findings: ConfigLintFinding[] = issueFindings(config.issues);
	for (const entry of config.entries) {
		findings.push(...entryFindings(entry, projectDir, readScript));
		if (preflight !== undefined) findings.push(...preflightFindings(entry, projectDir, preflight(entry)));
	}
	for (const skipped of config.skipped) {
		if (
			skipped.reason === "no_such_event" ||
			skipped.reason === "unsupported_type" ||
			skipped.reason === "type_not_on_event"
		)
			findings.push({
				code: "never_runs",
				severity: "warning",
				file: skipped.entry.source.file,
				jsonPath: skipped.entry.jsonPath,
				message: skipped.message,
			});
		findings.push(...entryFindings(skipped.entry, projectDir, readScript));
		// A hook that waits for trust or approval runs once given it: whether it can run here matters already.
		if (preflight !== undefined && (skipped.reason === "untrusted" || skipped.reason === "unapproved"))
			findings.push(...preflightFindings(skipped.entry, projectDir, preflight(skipped.entry)));
	}
	return findings;
};
