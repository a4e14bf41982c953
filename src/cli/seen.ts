/**
 * The tripwire's marks for `list` (issue #25): how each hook stands against what a person last saw in pi (the
 * seen-state store under pi's agent dir): `seen`, `new`, `changed` (with what changed), or `exempt` (managed
 * policy). Read-only: the store is read, never written, so listing hooks never records them as seen.
 */
import type { CoverageNote } from "../engine/trust/reach.ts";
import type { HookEntry } from "../engine/types.ts";
import { seenHooksFile } from "../host/stores/seen-hooks.ts";
import { untrackedContent } from "../host/trust/file-state.ts";
import { createHookPrinter, type PrintedFile } from "../host/trust/hook-print.ts";
import {
	createTripwire,
	definitionDiff,
	fileChanges,
	type StoreGone,
	type TripFile,
	type TripState,
} from "../host/trust/tripwire.ts";
import type { CliContext } from "./context.ts";

/** One hook's mark: its state, and for a changed one what differs from when it was last seen. */
export interface SeenMark {
	readonly seen: TripState;
	/** The definition's changed lines, `- ` and `+ ` prefixed (secrets masked); a changed hook only. */
	readonly diff?: readonly string[];
	/** The covered files that differ, as shown (`~/...`, project-relative); a changed hook only. */
	readonly changedFiles?: readonly TripFile[];
	/** The covered files whose content is not tracked (too large to hash, or not a file on disk); absent: none. */
	readonly untracked?: readonly CoverageNote[];
}

/** The marks of one configuration, and how the store read. */
export interface SeenMarks {
	/** The store file (`<agent dir>/pi-hook-manager/seen-hooks.json`). */
	readonly file: string;
	/** True when pi never recorded a hook as seen (no store file): every hook is new. */
	readonly firstRun: boolean;
	/** Why the store could not be read (its hooks then count as new). */
	readonly problem?: string;
	/** Set when the store went missing or was emptied although pi-hook-manager's other state files exist. */
	readonly gone?: StoreGone;
	readonly of: (entry: HookEntry) => SeenMark;
}

/** The diff lines as text: `- old`, `+ new`, `... N more`. */
const diffText = (item: Parameters<typeof definitionDiff>[0]): string[] =>
	definitionDiff(item).map((line) =>
		line.op === "skipped"
			? `... ${line.count} more changed line(s)`
			: line.op === "unknown"
				? "(what changed cannot be shown)"
				: `${line.op} ${line.text}`,
	);

/** The notes of the covered files whose content is not tracked (file-state.ts: `large:<stamp>`, `special`). */
const untrackedFiles = (files: readonly PrintedFile[]): CoverageNote[] =>
	files.flatMap((file) => {
		const why = untrackedContent(file.hash);
		return why === undefined ? [] : [{ kind: `${why}_file` as const, word: file.shown }];
	});

/** How each of `entries` stands against the seen-state store of `ctx`'s agent dir (read, never written). */
export const seenMarks = (ctx: CliContext, entries: readonly HookEntry[]): SeenMarks => {
	const file = seenHooksFile(ctx.agentDir);
	// As pi fingerprints them: pi's agent dir (this extension's own files) is never a covered file.
	const wire = createTripwire(file, createHookPrinter(ctx.projectDir, ctx.home, [ctx.agentDir]));
	const check = wire.check(entries);
	const marks = new Map<HookEntry, SeenMark>();
	for (const item of check.items) {
		const untracked = untrackedFiles(item.print.files);
		const also = untracked.length === 0 ? {} : { untracked };
		if (item.state !== "changed") {
			marks.set(item.entry, { seen: item.state, ...also });
			continue;
		}
		marks.set(item.entry, { seen: "changed", diff: diffText(item), changedFiles: fileChanges(item), ...also });
	}
	return {
		file,
		firstRun: check.baseline,
		...(check.problem === undefined ? {} : { problem: check.problem }),
		...(check.gone === undefined ? {} : { gone: check.gone }),
		of: (entry) => marks.get(entry) ?? { seen: "new" },
	};
};
