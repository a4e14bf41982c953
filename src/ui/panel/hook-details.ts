/**
 * The detail view of one hook (or invalid entry): its full definition, where it lives, whether it runs (and what
 * keeps it from running on this machine: the preflight), and its statistics for this session (runs, blocks,
 * errors, timeouts, median and 95th-percentile duration). Pure.
 */
import { defaultTimeoutSeconds } from "../../engine/events/facts.ts";
import { onFailureOf } from "../../engine/events/on-failure.ts";
import { watchedNames } from "../../engine/flow/file-changed.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import { onFailureText } from "../on-failure-text.ts";
import type { PanelTheme } from "../theme.ts";
import { block, field, section } from "./detail-lines.ts";
import type { HookStats } from "./firing-log.ts";
import { formatClock, formatDuration, hookTarget } from "./format.ts";
import type { IssueRow, ListRow } from "./hook-rows.ts";

/** An `mcp_tool` hook's `input` as one line of JSON (as the Definition below shows it); `{}` when it has none. */
const mcpInputText = (input: unknown): string =>
	terminalSafe(input === undefined ? "{}" : (JSON.stringify(input) ?? "{}"));

/** The state a hook's details show besides the row. */
export interface HookDetailsContext {
	/** True while the kill switch has every hook off. */
	readonly allOff: boolean;
	/** True when `disableAllHooks` is set in the settings. */
	readonly disableAllHooks: boolean;
	/** The hook's statistics over the journal (every session of this project); undefined when there is none. */
	readonly history?: HookStats | undefined;
	/**
	 * True when the panel's editor writes `file` (one of the settings files); plugins, managed policy, skills and
	 * agents are read-only.
	 */
	readonly editable?: (file: string) => boolean;
}

/**
 * What became of the hooks of an issue and where to fix it, from its kind and scope codes: an entry is
 * skipped (the rest of its file loads), a whole-file problem skips the file (or keeps the hooks from before a
 * broken edit, or says an emptied file's hooks stopped), a managed `allowedHttpHookUrls` that cannot be read
 * admits no http hook URL. Only a file the panel writes (`editable`) is pointed at the editor.
 */
export const issueOutcome = (row: IssueRow, editable: boolean): string => {
	const issue = row.issue;
	const whole = issue.path === "";
	const happens =
		issue.kind === "kept_last_good"
			? "The file broke after it loaded: its hooks from before the edit keep running until it parses again."
			: issue.kind === "emptied"
				? "The file is empty now: the hooks it had no longer run."
				: issue.kind === "http_closed"
					? "No http hook URL is admitted until this value can be read (managed policy fails closed); " +
						"other hooks still run."
					: whole
						? "The whole file is skipped: none of its hooks run; the other files still load."
						: "This entry is skipped; the rest of the file still loads.";
	const fix = !editable
		? `Fix it in the file: ${row.source} files are read-only in the /hooks editor.`
		: whole
			? "Fix it in the file; the editor cannot change it until it parses."
			: "Fix it in the file (or delete it with the editor once it parses).";
	return issue.kind === "emptied" ? happens : `${happens} ${fix}`;
};

/** The preflight's findings: a field each under "Cannot run here", in the error colour; none without any. */
const preflightLines = (theme: PanelTheme, texts: readonly string[], width: number): string[] =>
	texts.length === 0
		? []
		: texts.flatMap((text, index) => field(theme, index === 0 ? "Cannot run" : "", text, width, "error"));

const statLines = (theme: PanelTheme, title: string, stats: HookStats, width: number): string[] => [
	...section(theme, title, width),
	...field(theme, "Runs", String(stats.runs), width),
	...field(theme, "Blocks", String(stats.blocks), width, stats.blocks > 0 ? "error" : "text"),
	...field(theme, "Errors", String(stats.errors), width, stats.errors > 0 ? "error" : "text"),
	...field(theme, "Timeouts", String(stats.timeouts), width, stats.timeouts > 0 ? "warning" : "text"),
	...field(theme, "Median", stats.medianMs === undefined ? "-" : formatDuration(stats.medianMs), width),
	...field(theme, "95th pct", stats.p95Ms === undefined ? "-" : formatDuration(stats.p95Ms), width),
	...field(
		theme,
		"Last run",
		stats.last === undefined
			? "not run yet"
			: `${formatClock(stats.last.time)}  ${stats.last.decision}  ${formatDuration(stats.last.durationMs)}`,
		width,
	),
];

const handlerJson = (row: ListRow & { kind: "hook" }): string => {
	const handler = row.entry.handler;
	const raw = handler.type === "command" ? { ...handler } : handler.raw;
	return JSON.stringify(raw, null, 2);
};

/** The "On failure" field of a hook that sets `onFailure` (command, http, mcp_tool); none when it does not. */
const onFailureLines = (theme: PanelTheme, row: ListRow & { kind: "hook" }, width: number): string[] => {
	const setting = onFailureOf(row.entry);
	if (setting === undefined) return [];
	const tone = setting.value === "block" && setting.applies ? "warning" : "text";
	return field(theme, "On failure", terminalSafe(onFailureText(setting, row.entry.event)), width, tone);
};

/** The "Watches" field of a FileChanged hook: the files its matcher names (pi watches them); none otherwise. */
const watchLines = (theme: PanelTheme, row: ListRow & { kind: "hook" }, width: number): string[] => {
	const names = watchedNames(row.entry);
	if (row.entry.event !== "FileChanged") return [];
	const text =
		names.length === 0
			? "no file of its own (no matcher): runs for every watched file"
			: `${names.join(", ")} (in the folder pi started in)`;
	return field(theme, "Watches", terminalSafe(text), width);
};

/** The lines of a hook's detail view at `width`. */
export const hookDetailLines = (
	theme: PanelTheme,
	row: ListRow,
	width: number,
	context: HookDetailsContext,
): string[] => {
	if (row.kind === "issue") {
		return [
			...field(theme, "Problem", row.issue.message, width, "error"),
			...field(theme, "Where", row.issue.path === "" ? "the whole file" : row.issue.path, width),
			...field(theme, "Source", row.source, width),
			...field(theme, "File", row.issue.file, width),
			...section(theme, "What happens", width),
			...field(theme, "", issueOutcome(row, context.editable?.(row.issue.file) ?? false), width, "muted"),
		];
	}
	const { entry, stats } = row;
	const handler = entry.handler;
	const runs =
		row.state === "skipped"
			? `skipped: ${row.note ?? ""}`
			: row.state === "all_off"
				? context.allOff
					? "all hooks are switched off (kill switch)"
					: "disableAllHooks is set in the settings: no hook runs"
				: row.state === "off"
					? "disabled in this panel"
					: "enabled";
	const timeout =
		handler.timeout === undefined
			? `default (${defaultTimeoutSeconds(entry.event, handler.type)} s)`
			: `${handler.timeout} s`;
	const lines = [
		...field(theme, "State", runs, width, row.state === "on" ? "success" : "warning"),
		...(row.warning === undefined ? [] : field(theme, "Warning", row.warning, width, "warning")),
		...(row.firedBy === undefined
			? []
			: field(theme, "Fired by", row.firedBy.text, width, row.firedBy.live === false ? "warning" : "text")),
		...preflightLines(theme, row.preflight, width),
		...field(theme, "Event", entry.event, width),
		...field(theme, "Matcher", row.matcher, width),
		...watchLines(theme, row, width),
		...field(theme, "Type", handler.type, width),
		...field(
			theme,
			handler.type === "command"
				? "Command"
				: handler.type === "http"
					? "URL"
					: handler.type === "mcp_tool"
						? "MCP tool"
						: "Prompt",
			hookTarget(entry),
			width,
		),
		...(handler.type === "mcp_tool" ? field(theme, "Input", mcpInputText(handler.raw.input), width) : []),
		...field(theme, "If", handler.if ?? "", width),
		...field(theme, "Timeout", timeout, width),
		...onFailureLines(theme, row, width),
		...field(theme, "Status text", handler.statusMessage ?? "", width),
		...field(theme, "Source", row.source, width),
		...field(theme, "File", entry.source.file, width),
		...field(theme, "JSON path", entry.jsonPath, width),
		...field(theme, "Id", entry.id, width, "muted"),
		...statLines(theme, "Statistics (this session)", stats, width),
		...(context.history === undefined
			? []
			: statLines(theme, "History (every session in the journal, this one included)", context.history, width)),
		...section(theme, "Definition", width),
		...block(theme, handlerJson(row), width),
	];
	return lines;
};
