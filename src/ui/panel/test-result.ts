/**
 * The result of a test run as the panel shows it: that it was a dry run, what the hook would have done in
 * the session ("would deny: ...", "would add context: ..."), then the run itself (decision, exit code,
 * duration, reason, lint findings, stdout, stderr). Pure.
 */
import type { HookVerdict } from "../../engine/decide/interpret.ts";
import { type WouldEffect, wouldEffects, wouldLine } from "../../engine/dry-run/would.ts";
import type { PanelTheme, UiColor } from "../theme.ts";
import { block, prettyJson } from "./detail-lines.ts";
import { fit, wordWrap } from "./format.ts";
import { verdictLines } from "./record-details.ts";

const effectColor = (effect: WouldEffect): UiColor => {
	switch (effect.kind) {
		case "deny":
		case "block":
		case "stop":
			return "error";
		case "ask":
		case "rewrite":
		case "replace_output":
		case "display":
			return "warning";
		case "allow":
		case "context":
			return "success";
		case "failed":
			return "warning";
		case "notice":
			return effect.label.includes("warning") ? "warning" : "text";
		case "nothing":
			return "muted";
	}
};

/** The lines of a finished test run at `width`: `stdin` as sent, `matchQuery` the tested tool name on tool events. */
export const testResultLines = (
	theme: PanelTheme,
	verdict: HookVerdict,
	width: number,
	stdin: string,
	matchQuery?: string,
): string[] => {
	const lines = [" ".repeat(width)];
	for (const line of wordWrap("Result of the test run (a dry run: nothing in the session changed)", width))
		lines.push(theme.bold(theme.fg("accent", fit(line, width))));
	for (const effect of wouldEffects(verdict, matchQuery)) {
		for (const [index, line] of wordWrap(wouldLine(effect), width - 2).entries())
			lines.push(theme.fg(effectColor(effect), fit(index === 0 ? line : `  ${line}`, width)));
	}
	lines.push(" ".repeat(width), ...verdictLines(theme, verdict, width));
	lines.push(theme.fg("muted", fit("stdin sent", width)), ...block(theme, prettyJson(stdin), width));
	return lines;
};
