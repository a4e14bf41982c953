/**
 * The detail view of one firing-log row: the event, every hook that ran (decision, reason, exit code,
 * duration, stdout and stderr, capped), every hook that was considered and did not run with the reason
 * ("why didn't my hook fire?"), after the stdin JSON that was sent. Pure.
 */

import { sourceLabel } from "../../engine/config/sources.ts";
import type { HookVerdict } from "../../engine/decide/interpret.ts";
import type { HandlerType } from "../../engine/events/facts.ts";
import { type HookLint, lintLine, lintOutcome } from "../../engine/lint/hook-lint.ts";
import type { AskAnswer } from "../../engine/record/firing-record.ts";
import { notRunSentence } from "../../engine/record/not-run-text.ts";
import { verdictExit, verdictReason, verdictResult } from "../../engine/record/result-kind.ts";
import { formatTime } from "../card-format.ts";
import type { PanelTheme, UiColor } from "../theme.ts";
import { block, field, prettyJson, section } from "./detail-lines.ts";
import { fit, formatClock, formatDuration, hookTarget, oneLine, wordWrap } from "./format.ts";
import { resultColor } from "./log-list.ts";
import type { LogRow } from "./log-rows.ts";

export { notRunSentence };

/** Lint findings of a run, one per line in the warning colour: `! <field>: <problem>; <fix>`. */
export const lintLines = (theme: PanelTheme, lints: readonly HookLint[], width: number): string[] =>
	lints.flatMap((lint) =>
		wordWrap(`! ${lintLine(lint)}`, width - 2).map((line, index) =>
			theme.fg("warning", fit(index === 0 ? line : `  ${line}`, width)),
		),
	);

/** What a hook of each type that did not run a process got back, for the details' Outcome field. */
const ANSWERED: Readonly<Record<HandlerType, string>> = {
	command: "exited",
	http: "a 2xx response",
	mcp_tool: "the MCP tool answered",
	prompt: "the model answered",
	agent: "the agent answered",
};

/** What the output a hook decides with is, per handler type (a command hook's stdout). */
const OUTPUT_LABELS: Readonly<Record<HandlerType, string>> = {
	command: "stdout",
	http: "response body",
	mcp_tool: "the MCP tool's text",
	prompt: "answer (as hook JSON)",
	agent: "answer (as hook JSON)",
};

/** The lines of one hook run: hook, source, decision, exit code, time, reason, lint findings, stdout, stderr. */
export const verdictLines = (theme: PanelTheme, verdict: HookVerdict, width: number): string[] => {
	const outcome = verdict.outcome;
	const decision = verdictResult(verdict);
	const exit = verdictExit(verdict);
	const type = verdict.entry.handler.type;
	const stopped = outcome.kind.replace("_", " ");
	const lines = [
		theme.bold(fit(oneLine(hookTarget(verdict.entry)), width)),
		...field(theme, "Source", `${sourceLabel(verdict.entry.source)} (${verdict.entry.source.file})`, width),
		...field(theme, "Decision", decision, width, resultColor(decision)),
		// Only a command hook has an exit code; the others answer (or not) in their own way.
		...(type === "command"
			? field(theme, "Exit code", exit === undefined ? `- (${stopped})` : String(exit), width)
			: field(theme, "Outcome", outcome.kind === "exited" ? ANSWERED[type] : stopped, width)),
		...field(theme, "Took", formatDuration(outcome.durationMs), width),
		...field(
			theme,
			"Reason",
			verdictReason(verdict) ?? "-",
			width,
			verdict.status === "success" ? "text" : resultColor(decision),
		),
	];
	if (verdict.warning !== undefined) lines.push(...field(theme, "Note", verdict.warning, width, "warning"));
	const lints = verdict.lints ?? lintOutcome(verdict.entry.event, outcome, verdict.entry.handler.type);
	if (lints.length > 0) {
		lines.push(theme.fg("warning", fit("Output that Claude Code ignores:", width)));
		lines.push(...lintLines(theme, lints, width));
	}
	if (outcome.kind === "spawn_failed" || outcome.kind === "request_failed") return lines;
	const truncated = (capped: boolean, bytes: number): string =>
		capped ? ` (cut at the cap; ${bytes.toLocaleString("en-US")} bytes written)` : "";
	lines.push(
		theme.fg(
			"muted",
			fit(`${OUTPUT_LABELS[type]}${truncated(outcome.stdout.truncated, outcome.stdout.bytes)}`, width),
		),
	);
	lines.push(
		...block(
			theme,
			outcome.stdout.text.trim().startsWith("{") ? prettyJson(outcome.stdout.text) : outcome.stdout.text,
			width,
		),
	);
	if (type !== "command") return lines; // no stderr: nothing but a command hook writes one
	lines.push(theme.fg("muted", fit(`stderr${truncated(outcome.stderr.truncated, outcome.stderr.bytes)}`, width)));
	lines.push(...block(theme, outcome.stderr.text, width, "(empty)", "warning"));
	return lines;
};

/** What the user's answer to a hook's `ask` did, in words, and its colour. */
const ANSWER_WORDS: Readonly<Record<AskAnswer, { readonly text: string; readonly color: UiColor }>> = {
	allowed: { text: "allowed: you let the call run", color: "success" },
	denied: { text: "denied: you blocked the call", color: "error" },
	no_ui: { text: "no UI to ask (print or JSON mode): the call was blocked", color: "warning" },
};

/** The lines of a log row's detail view at `width`; the row's own hook run comes first. */
export const recordDetailLines = (theme: PanelTheme, row: LogRow, width: number): string[] => {
	const record = row.record;
	const verdicts =
		row.verdict === undefined
			? record.verdicts
			: [row.verdict, ...record.verdicts.filter((verdict) => verdict !== row.verdict)];
	const lines = [
		...(record.test === true
			? field(theme, "Test run", "from the /hooks panel: nothing in the session changed", width, "accent")
			: []),
		...field(theme, "Event", record.event, width),
		// A row of an earlier session (the journal) says its day and its session.
		...field(theme, "Time", row.session === undefined ? formatClock(record.time) : formatTime(record.time), width),
		...(row.session === undefined ? [] : field(theme, "Session", row.session, width)),
		...field(theme, "Tool", record.matchQuery ?? "-", width),
		...field(theme, "Input", record.summary, width),
		// A hook asked: what the user answered (or that nobody could).
		...(record.answer === undefined
			? []
			: field(theme, "Answer", ANSWER_WORDS[record.answer].text, width, ANSWER_WORDS[record.answer].color)),
		// What the hooks got comes before what they said.
		...section(theme, "Stdin JSON sent to the hooks", width),
		...block(theme, prettyJson(record.stdin), width),
		...section(theme, `Ran (${verdicts.length})`, width),
	];
	if (verdicts.length === 0) lines.push(theme.fg("muted", fit("No hook ran for this event.", width)));
	verdicts.forEach((verdict, index) => {
		if (index > 0) lines.push(" ".repeat(width));
		lines.push(...verdictLines(theme, verdict, width));
	});
	lines.push(...section(theme, `Did not run (${record.notRun.length})`, width));
	if (record.notRun.length === 0)
		lines.push(theme.fg("muted", fit("Every configured hook of this event ran.", width)));
	for (const hook of record.notRun) {
		lines.push(
			theme.fg("text", fit(`${oneLine(hookTarget(hook.entry))} (${sourceLabel(hook.entry.source)})`, width)),
		);
		for (const line of wordWrap(notRunSentence(hook, record.matchQuery), width - 2))
			lines.push(`  ${theme.fg("warning", fit(line, width - 2))}`);
	}
	return lines;
};
