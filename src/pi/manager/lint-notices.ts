/**
 * Hook lint at the firing log: each logged run gets the lint findings of its whole output (before the log
 * cuts it to an excerpt), and the first finding of a hook in a session is told once, as one line.
 */

import type { HookVerdict } from "../../engine/decide/interpret.ts";
import type { UserNotice } from "../../engine/decide/tool.ts";
import { type LintCode, lintLine, lintOutcome } from "../../engine/lint/hook-lint.ts";
import { type FiringRecord, withVerdicts } from "../../engine/record/firing-record.ts";
import { hookName, shortCommand } from "../../engine/text/messages.ts";

/** Adds `lints` to every verdict of `record` (from its full output); verdicts without findings are unchanged. */
export const withLints = (record: FiringRecord): FiringRecord => {
	let changed = false;
	const verdicts = record.verdicts.map((verdict): HookVerdict => {
		const lints = lintOutcome(verdict.entry.event, verdict.outcome, verdict.entry.handler.type);
		if (lints.length === 0) return verdict;
		changed = true;
		return { ...verdict, lints };
	});
	if (!changed) return record;
	// A copy sharing the record's lazy parts (the "why didn't it fire" trace stays unbuilt).
	return withVerdicts(record, verdicts);
};

/**
 * How a notice names what happened to the output, by the first finding's code: a cut context and JSON beside
 * exit 2 are still read (cut, or read but overruled), everything else is not read as it was meant.
 */
const NOTICE_HEADS: Partial<Record<LintCode, string>> = {
	context_truncated: "output is cut before the model sees it",
	json_with_exit_2: "output mixes exit 2 and JSON",
};
const DEFAULT_HEAD = "output is ignored by Claude Code";

/** True when the run already has its one message: a failure, or a warning such as JSON followed by text. */
const failedOrWarned = (verdict: HookVerdict): boolean =>
	verdict.effects.some((effect) => effect.kind === "failed" || effect.kind === "warning");

/** Remembers which hooks were told about; one per session object. */
export interface LintNotices {
	/** The one-line notices for `record` (already linted by {@link withLints}): one per hook not told before. */
	take(record: FiringRecord): UserNotice[];
}

/**
 * Creates the memory of told hooks (by hook id). Test runs and failed runs are never told: the test result, or
 * the failure's own card and line, carry the lints.
 */
export const createLintNotices = (): LintNotices => {
	const told = new Set<string>();
	return {
		take(record) {
			if (record.test === true) return [];
			const notices: UserNotice[] = [];
			for (const verdict of record.verdicts) {
				// Plain stdout on an event that ignores it is often a formatter's or logger's chatter: the log
				// details say so, but only output that looks meant for Claude Code gets a notice.
				const meant = (verdict.lints ?? []).filter((lint) => lint.code !== "plain_text_ignored");
				const first = meant[0];
				// A failed run already has its one message (card and stderr line); its lints are in the log details.
				if (first === undefined || told.has(verdict.entry.id) || failedOrWarned(verdict)) continue;
				told.add(verdict.entry.id);
				const name = hookName(record.event, record.matchQuery);
				const more = meant.length > 1 ? ` (+${meant.length - 1} more)` : "";
				notices.push({
					level: "warning",
					text:
						`${name} hook (${shortCommand(verdict.entry, 40)}) ` +
						`${NOTICE_HEADS[first.code] ?? DEFAULT_HEAD}: ` +
						`${lintLine(first)}${more}; see /hooks log`,
				});
			}
			return notices;
		},
	};
};
