/**
 * `pi-hook-manager list [--json]`: every configured hook with its event, matcher, handler type, what it runs,
 * source file and JSON path, and its state (on; off in /hooks or by disableAllHooks; waiting for approval;
 * skipped, with the reason), event by event in Claude Code's event order, each event's hooks in the order they
 * are configured (the order the engine starts them in); and how each stands against what a person last saw in pi
 * (`seen`, `new`, `changed`, `exempt`: seen.ts), without recording anything as seen; then what lint rejected where
 * hooks would have been (`rejected` entries, `unparsable` files: rejected.ts). Exit 1 when a settings file does not
 * parse or cannot be read (main.ts).
 */

import { isPolicySource, sourceLabel } from "../engine/config/sources.ts";
import { extensionEventNote } from "../engine/events/extension-events.ts";
import { onFailureOf } from "../engine/events/on-failure.ts";
import { entryWatchList } from "../engine/flow/file-changed.ts";
import { noteText } from "../engine/trust/note-text.ts";
import type { CoverageNote } from "../engine/trust/reach.ts";
import { HOOK_EVENTS, type HookEntry, type SkipReason } from "../engine/types.ts";
import { storeGoneText } from "../host/trust/tripwire.ts";
import type { CliContext } from "./context.ts";
import { columns, hookTarget, matcherText, safe, shownPath } from "./format.ts";
import { lintFindings } from "./lint.ts";
import { createLocator } from "./locate.ts";
import type { PiModels } from "./pi-models.ts";
import { placeText, rejectedPlaces } from "./rejected.ts";
import { needsPi, type PiSkip, piSkip, piSkipText } from "./run-fixture.ts";
import { type SeenMark, type SeenMarks, seenMarks } from "./seen.ts";

/**
 * A hook's state: `on`; `off` (`disabled` in /hooks, or `all_off` by disableAllHooks); `waiting` (a project hook
 * not approved: it never runs from the CLI without --approve-project-hooks); `skipped` (a configuration
 * {@link SkipReason}, or a {@link PiSkip} code: a prompt or agent hook without pi's model, an mcp_tool hook).
 */
export type ListState =
	| { readonly state: "on" }
	| { readonly state: "off"; readonly reason: "disabled" | "all_off" }
	| { readonly state: "waiting" }
	| { readonly state: "skipped"; readonly reason: SkipReason | PiSkip["reason"]; readonly message: string };

/** One row of the list, as `--json` prints it. */
export interface ListRow {
	readonly event: string;
	readonly matcher: string;
	readonly type: string;
	/** The command, URL, prompt or MCP tool, secrets masked. */
	readonly target: string;
	/** The source label (`Claude project`, `Plugin guard@my-marketplace`). */
	readonly source: string;
	/** Absolute path of the file. */
	readonly file: string;
	readonly jsonPath: string;
	readonly line: number;
	readonly column: number;
	readonly state: ListState["state"];
	readonly reason?: string;
	readonly message?: string;
	/**
	 * The hook's `onFailure` as Claude Code reads it (`"block"`: a failure blocks; an mcp_tool hook's other values
	 * read as `"block"`); absent when the hook does not set it.
	 */
	readonly onFailure?: "block" | "continue";
	/** True when `onFailure` is `"block"` but the event ignores it (Stop, SessionStart, ...): nothing blocks there. */
	readonly onFailureIgnored?: true;
	/**
	 * For an event only other pi extensions fire (PermissionRequest, PermissionDenied, SubagentStart, SubagentStop):
	 * on what its firing depends (the command line cannot see pi's extensions); absent on other events.
	 */
	readonly firedBy?: string;
	/** The files a FileChanged hook's matcher names, absolute (in the project): pi watches them; absent otherwise. */
	readonly watches?: readonly string[];
	/** How the hook stands against what a person last saw in pi: `seen`, `new`, `changed`, `exempt` (policy). */
	readonly seen: SeenMark["seen"];
	/** A changed hook's definition lines that differ (`- old`, `+ new`), secrets masked. */
	readonly diff?: readonly string[];
	/** A changed hook's covered files that differ: `{shown, change}` with `changed`, `added` or `removed`. */
	readonly changedFiles?: SeenMark["changedFiles"];
	/**
	 * What the hook reaches whose change would go unnoticed (the approval dialog's notes): `kind` (`large_file`,
	 * `special_file`, `over_bound`, `program`, `variable`, `pattern`, `unparsed`), `word` (the file or word, as
	 * shown) and `text` (the sentence); a project hook's from its approval's coverage, another hook's from its
	 * tripwire fingerprint.
	 */
	readonly untracked?: readonly UntrackedNote[];
}

/** One part of what a hook reaches that is not tracked, as `list --json` prints it. */
export interface UntrackedNote {
	readonly kind: CoverageNote["kind"];
	readonly word: string;
	readonly text: string;
}

/** The rows of the list and the seen-state marks they were made with. */
export interface ListRows {
	readonly rows: ListRow[];
	readonly marks: SeenMarks;
}

/** The state of a running entry of the configuration (`models`: pi's, for prompt and agent hooks). */
const stateOf = (ctx: CliContext, entry: HookEntry, models: PiModels | undefined): ListState => {
	const off = isPolicySource(entry.source)
		? ctx.config.disableAllHooks && ctx.config.disableAllHooksManaged === true
		: ctx.config.disableAllHooks;
	if (off) return { state: "off", reason: "all_off" };
	if (!isPolicySource(entry.source) && !ctx.isEnabled(entry)) return { state: "off", reason: "disabled" };
	const skip = needsPi(entry) ? piSkip(entry, models) : undefined;
	if (skip !== undefined) return { state: "skipped", reason: skip.reason, message: piSkipText(skip) };
	return { state: "on" };
};

/**
 * Every hook of the configuration with its state, in list order; prompt and agent hooks are `on` when they run on
 * `models` (pi's, loaded when the configuration has such a hook).
 */
export const listRows = (ctx: CliContext, models: PiModels | undefined): ListRows => {
	const locator = createLocator();
	const all: { entry: HookEntry; state: ListState }[] = [
		...ctx.config.entries.map((entry) => ({ entry, state: stateOf(ctx, entry, models) })),
		...ctx.config.skipped.map((skipped) => ({
			entry: skipped.entry,
			state:
				skipped.reason === "unapproved"
					? ({ state: "waiting" } as const)
					: ({ state: "skipped", reason: skipped.reason, message: skipped.message } as const),
		})),
	];
	const eventOrder = (event: string): number => {
		const index = (HOOK_EVENTS as readonly string[]).indexOf(event);
		return index === -1 ? HOOK_EVENTS.length : index;
	};
	// The store as pi would check this configuration: the hooks in their configured order (keys count copies).
	const marks = seenMarks(
		ctx,
		all.map((row) => row.entry),
	);
	const sorted = all
		.map((row, index) => ({ ...row, index }))
		.sort((a, b) => eventOrder(a.entry.event) - eventOrder(b.entry.event) || a.index - b.index);
	const rows = sorted.map(({ entry, state }): ListRow => {
		const position = locator.position(entry.source.file, entry.jsonPath);
		const onFailure = onFailureOf(entry);
		const watches = entryWatchList(entry, ctx.session.cwd);
		const mark = marks.of(entry);
		const firedBy = state.state === "skipped" ? undefined : extensionEventNote(entry.event)?.text;
		const untracked = (entry.source.project ? ctx.untracked(entry) : (mark.untracked ?? [])).map((note) => ({
			kind: note.kind,
			word: safe(note.word),
			text: noteText(note),
		}));
		return {
			event: entry.event,
			matcher: matcherText(entry),
			type: entry.handler.type,
			target: hookTarget(entry),
			source: sourceLabel(entry.source),
			file: entry.source.file,
			jsonPath: entry.jsonPath,
			line: position.line,
			column: position.column,
			state: state.state,
			...("reason" in state ? { reason: state.reason } : {}),
			...("message" in state ? { message: state.message } : {}),
			...(firedBy === undefined ? {} : { firedBy }),
			...(onFailure === undefined ? {} : { onFailure: onFailure.value }),
			...(onFailure?.value === "block" && !onFailure.applies ? { onFailureIgnored: true as const } : {}),
			...(watches.length === 0 ? {} : { watches: watches.map(safe) }),
			seen: mark.seen,
			...(mark.diff === undefined ? {} : { diff: mark.diff.map(safe) }),
			...(mark.changedFiles === undefined
				? {}
				: { changedFiles: mark.changedFiles.map((file) => ({ ...file, shown: safe(file.shown) })) }),
			...(untracked.length === 0 ? {} : { untracked }),
		};
	});
	return { rows, marks };
};

/** The words of a state in the text list. */
const stateText = (row: ListRow): string => {
	switch (row.state) {
		case "on":
			return "on";
		case "off":
			return row.reason === "all_off" ? "off (disableAllHooks)" : "off (switched off in /hooks)";
		case "waiting":
			return "waiting for approval";
		case "skipped":
			return "skipped";
	}
};

/** The lines under the table about a changed hook: what differs since it was last seen. */
const changeLines = (row: ListRow): string[] => [
	`${row.event} ${row.target}: changed since you last looked in pi`,
	...(row.diff ?? []).map((line) => `    ${line}`),
	...(row.changedFiles ?? []).map((file) => `    ${file.shown} ${file.change}`),
];

/** The line under the table counting new and changed hooks, or about the seen-state store; none when all seen. */
const seenTail = (rows: readonly ListRow[], marks: SeenMarks): string[] => {
	if (marks.firstRun && rows.some((row) => row.seen === "new"))
		return ["no hook was recorded as seen in pi yet: every hook counts as new until pi shows it"];
	const gone = marks.gone === undefined ? [] : [storeGoneText(marks.gone, safe(marks.file))];
	const fresh = rows.filter((row) => row.seen === "new").length;
	const changed = rows.filter((row) => row.seen === "changed").length;
	if (fresh + changed === 0) return gone;
	return [
		...gone,
		`${fresh} new and ${changed} changed hook(s) since you last looked in pi (pi shows them when it starts)`,
	];
};

/** What `list` prints: lines of text or one JSON document on stdout, a seen-state store problem on stderr. */
export interface ListOutput {
	readonly stdout: string;
	readonly stderr: string;
}

/** The output of `list` (`models`: see {@link listRows}). */
export const listOutput = (ctx: CliContext, json: boolean, models: PiModels | undefined): ListOutput => {
	const { rows, marks } = listRows(ctx, models);
	// What lint rejected where hooks would have been (a misspelt event, a bad matcher, a file that does not parse).
	const rejected = rejectedPlaces(ctx);
	const stderr = marks.problem === undefined ? "" : `pi-hook-manager: ${safe(marks.problem)}\n`;
	if (json) {
		const seenStore = {
			file: marks.file,
			firstRun: marks.firstRun,
			...(marks.gone ? { gone: marks.gone.how } : {}),
			...(marks.problem ? { problem: marks.problem } : {}),
		};
		const document = { version: 1, projectDir: ctx.projectDir, seenStore, hooks: rows, rejected };
		return { stdout: `${JSON.stringify(document, null, 2)}\n`, stderr };
	}
	// The findings `lint` prints (config problems and hook lint), so the two commands count the same; a broken
	// settings file is one, so even "no hooks configured" says there is more to see.
	const findings = lintFindings(ctx);
	const errors = findings.filter((finding) => finding.severity === "error").length;
	const lintTail =
		findings.length === 0
			? []
			: [
					`${findings.length} lint finding(s), ${errors} error(s) and ` +
						`${findings.length - errors} warning(s): run pi-hook-manager lint to see them`,
				];
	if (rows.length === 0 && rejected.length === 0)
		return { stdout: ["no hooks configured", ...lintTail, ""].join("\n"), stderr };
	const from = process.cwd();
	const table = columns([
		["STATE", "SEEN", "EVENT", "MATCHER", "TYPE", "RUNS", "WHERE"],
		...rows.map((row) => [
			stateText(row),
			row.seen,
			row.event,
			row.matcher,
			row.type,
			row.target,
			`${shownPath(row.file, from, ctx.home)}:${row.line}:${row.column} ${row.jsonPath} (${safe(row.source)})`,
		]),
		...rejected.map((place) => [
			place.kind,
			"-",
			place.eventKey === undefined ? "-" : safe(place.eventKey),
			"-",
			"-",
			"-",
			`${shownPath(place.file, from, ctx.home)}:${place.line}:${place.column} ${place.jsonPath}`.trimEnd(),
		]),
	]);
	const notes = [
		...rows
			.filter((row) => row.state === "skipped" || row.state === "waiting")
			.map(
				(row) =>
					`${row.event} ${row.target}: ${
						row.state === "waiting"
							? "a project hook not approved in pi: it runs only with --approve-project-hooks"
							: safe(row.message ?? "")
					}`,
			),
		...rows.flatMap((row) => (row.firedBy === undefined ? [] : [`${row.event} ${row.target}: ${row.firedBy}`])),
		...rows.filter((row) => row.seen === "changed").flatMap(changeLines),
		...rejected.map((place) => `${place.kind}: ${placeText(ctx, place)}`),
		...rows.flatMap((row) => (row.untracked ?? []).map((note) => `${row.event} ${row.target}: ${note.text}`)),
	];
	const tail = [...seenTail(rows, marks), ...lintTail];
	return { stdout: `${[...table, ...(notes.length > 0 ? ["", ...notes] : []), ...tail].join("\n")}\n`, stderr };
};
