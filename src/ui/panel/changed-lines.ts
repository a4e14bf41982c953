/**
 * The lines of the /hooks "new or changed since you last looked" view (the tripwire, issue #25): for each hook
 * that is new or changed, its event, matcher and source, what it runs (and what it ran when last seen), its file
 * and JSON path, the lines of its definition that differ (`-` before, `+` now) and the covered files that
 * changed. Everything from a settings file is terminal-safe and wrapped, never cut. Pure.
 */
import { commandText } from "../../engine/text/messages.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import type { DiffLine } from "../../engine/trust/line-diff.ts";
import type { PanelTheme } from "../theme.ts";
import { field } from "./detail-lines.ts";
import { entrySource, fit, hardWrap, hookTarget, matcherLabel, wordWrap } from "./format.ts";
import type { ChangedFile, ChangedHook } from "./services.ts";

/** The words of a covered file's change. */
const FILE_CHANGE: Readonly<Record<ChangedFile["change"], string>> = {
	changed: "changed",
	added: "now covered (new)",
	removed: "no longer covered",
};

/** One definition diff line, wrapped under its `- ` or `+ ` mark, red for removed and green for added. */
const diffLines = (theme: PanelTheme, diff: readonly DiffLine[], width: number): string[] =>
	diff.flatMap((line) => {
		if (line.op === "skipped") return [theme.fg("muted", fit(`    ... ${line.count} more changed line(s)`, width))];
		if (line.op === "unknown") return [theme.fg("muted", fit("    (what changed cannot be shown)", width))];
		const color = line.op === "-" ? "error" : "success";
		return hardWrap(line.text, Math.max(1, width - 6)).map((part, index) =>
			theme.fg(color, fit(`  ${index === 0 ? line.op : " "} ${part}`, width)),
		);
	});

/** The lines of one new or changed hook. */
export const changedHookLines = (theme: PanelTheme, hook: ChangedHook, width: number): string[] => {
	const { entry } = hook;
	const mark = hook.change === "new" ? "NEW" : "CHANGED";
	const title = `${mark} ${entry.event} [${matcherLabel(entry)}] · ${entrySource(entry)}`;
	const lines = wordWrap(title, width).map((line) =>
		theme.bold(theme.fg(hook.change === "new" ? "accent" : "warning", fit(line, width))),
	);
	lines.push(...field(theme, "Runs", hookTarget(entry), width));
	if (hook.before !== undefined && hook.before !== redactSecrets(commandText(entry)))
		lines.push(...field(theme, "Was", terminalSafe(hook.before), width, "muted"));
	lines.push(...field(theme, "File", entry.source.file, width));
	lines.push(...field(theme, "JSON path", entry.jsonPath, width));
	if (hook.diff.length > 0) lines.push(...diffLines(theme, hook.diff, width));
	for (const file of hook.files)
		lines.push(
			...wordWrap(`${terminalSafe(file.shown)} ${FILE_CHANGE[file.change]}`, Math.max(1, width - 2)).map((line) =>
				theme.fg("warning", fit(`  ${line}`, width)),
			),
		);
	if (hook.change === "changed" && hook.diff.length === 0 && hook.files.length === 0)
		lines.push(
			theme.fg("muted", fit("  (what changed is not known: it was recorded before diffs were kept)", width)),
		);
	return lines;
};

/** The whole view: a line saying how many, then each hook after an empty line; a sentence when there are none. */
export const changedLines = (theme: PanelTheme, hooks: readonly ChangedHook[], width: number): string[] => {
	if (hooks.length === 0)
		return wordWrap(
			"Nothing is new or changed since you last looked: every hook is as you saw it (managed policy hooks " +
				"are exempt).",
			width,
		).map((line) => theme.fg("muted", fit(line, width)));
	const fresh = hooks.filter((hook) => hook.change === "new").length;
	const head = wordWrap(
		`${fresh} new and ${hooks.length - fresh} changed hook(s) since you last looked, as this run found them ` +
			"(each was told once):",
		width,
	).map((line) => fit(line, width));
	return [...head, ...hooks.flatMap((hook) => [" ".repeat(width), ...changedHookLines(theme, hook, width)])];
};
