/**
 * The hook list's rows: every configured handler (running, switched off, or skipped with its reason) and every
 * invalid entry of the settings files, ordered event -> matcher -> handler. Pure.
 */

import { SCOPE_ORDER, sourceLabel } from "../../engine/config/sources.ts";
import { entryRunState } from "../../engine/dispatch/run-state.ts";
import {
	type ExtensionEventNote,
	type ExtensionFirers,
	extensionEventNote,
} from "../../engine/events/extension-events.ts";
import { ifRuleProblem } from "../../engine/plan/config-notices.ts";
import { terminalSafe } from "../../engine/text/terminal-safe.ts";
import {
	type ConfigIssue,
	HOOK_EVENTS,
	type HookConfig,
	type HookEntry,
	type HookSource,
	type SourceScope,
} from "../../engine/types.ts";
import type { HookStats } from "./firing-log.ts";
import { hookLabel, matcherLabel } from "./format.ts";

/**
 * A row for one configured handler (`entryRunState`): `on` runs; `off` was switched off in the panel; `all_off`
 * is off with every hook (the kill switch, `disableAllHooks`); `skipped` is configured but cannot run (`note`
 * says why).
 */
export interface HookRow {
	readonly kind: "hook";
	/** Unique key: the hook id. */
	readonly key: string;
	readonly entry: HookEntry;
	readonly state: "on" | "off" | "all_off" | "skipped";
	/** Why a skipped hook does not run; undefined for other states. */
	readonly note: string | undefined;
	/** Why a hook listed as running never fires (an `if` naming pi's tool in a Claude Code file); else undefined. */
	readonly warning?: string;
	/** For an event only other extensions fire (PermissionRequest, SubagentStop, ...): who fires it, or why none. */
	readonly firedBy?: ExtensionEventNote;
	/** What keeps it from running on this machine, one sentence per preflight finding; empty when nothing does. */
	readonly preflight: readonly string[];
	readonly stats: HookStats;
	readonly event: string;
	readonly matcher: string;
	/** Command, URL or prompt. */
	readonly target: string;
	readonly source: string;
}

/** A row for an entry of a settings file that is invalid and therefore skipped. */
export interface IssueRow {
	readonly kind: "issue";
	readonly key: string;
	readonly issue: ConfigIssue;
	/** The event named in the issue's JSON path, or `Settings` for a problem with the file as a whole. */
	readonly event: string;
	readonly matcher: string;
	/** The JSON path and problem, for display and filtering. */
	readonly target: string;
	readonly source: string;
}

/** One row of the hook list. */
export type ListRow = HookRow | IssueRow;

const ifWarning = (entry: HookEntry): { warning?: string } => {
	const warning = ifRuleProblem(entry);
	return warning === undefined ? {} : { warning };
};

/** What the rows need besides the configuration. */
export interface RowInputs {
	readonly isEnabled: (entry: HookEntry) => boolean;
	/** True while the kill switch has every hook off; false when not given. */
	readonly allOff?: boolean;
	readonly stats: (id: string) => HookStats;
	/** The five sources, to label the file of an issue. */
	readonly sources: readonly HookSource[];
	/** The preflight sentences of a hook (see {@link HookRow.preflight}); none when not given. */
	readonly preflight?: (entry: HookEntry) => readonly string[];
	/** Who fires the events only other extensions fire, in this session; the command line's note when not given. */
	readonly firers?: () => ExtensionFirers;
}

/** The label of a file among the sources; the file name itself when it is none of them. */
export const fileLabel = (file: string, sources: readonly HookSource[]): string => {
	const scope: SourceScope | undefined = sources.find((source) => source.file === file)?.scope;
	return scope === undefined ? file : sourceLabel(scope);
};

const eventOrder = (event: string): number => {
	const index = (HOOK_EVENTS as readonly string[]).indexOf(event);
	return index < 0 ? HOOK_EVENTS.length : index;
};

/**
 * Builds the rows: events in Claude Code's order, matchers in order of first appearance, then sources in merge order.
 */
export const buildRows = (config: HookConfig, inputs: RowInputs): ListRow[] => {
	const hookRows: ListRow[] = [];
	const runState = (entry: HookEntry): HookRow["state"] => {
		const state = entryRunState(config, entry, { isEnabled: inputs.isEnabled, allOff: inputs.allOff ?? false });
		return state === "waiting" ? "skipped" : state;
	};
	const firers = inputs.firers?.();
	const add = (entry: HookEntry, skipped: string | undefined): void => {
		const firedBy = skipped === undefined ? extensionEventNote(entry.event, firers) : undefined;
		hookRows.push({
			kind: "hook",
			key: entry.id,
			entry,
			state: skipped !== undefined ? "skipped" : runState(entry),
			note: skipped,
			...(skipped === undefined ? ifWarning(entry) : {}),
			...(firedBy === undefined ? {} : { firedBy }),
			preflight: inputs.preflight?.(entry) ?? [],
			stats: inputs.stats(entry.id),
			event: entry.event,
			matcher: matcherLabel(entry),
			target: hookLabel(entry),
			source: sourceLabel(entry.source),
		});
	};
	const sourceIndex = (scope: SourceScope): number => SCOPE_ORDER.indexOf(scope);
	const sorted = [
		...config.entries.map((entry) => ({ entry, skipped: undefined as string | undefined })),
		...config.skipped.map((skipped) => ({ entry: skipped.entry, skipped: skipped.message })),
	].sort(
		(a, b) =>
			sourceIndex(a.entry.source.scope) - sourceIndex(b.entry.source.scope) ||
			a.entry.source.file.localeCompare(b.entry.source.file, "en") ||
			a.entry.jsonPath.localeCompare(b.entry.jsonPath, "en", { numeric: true }),
	);
	for (const { entry, skipped } of sorted) add(entry, skipped);
	config.issues.forEach((issue, index) => {
		const event = /^hooks\.([A-Za-z]+)/.exec(issue.path)?.[1] ?? "Settings";
		hookRows.push({
			kind: "issue",
			key: `issue:${index}:${issue.file}:${issue.path}`,
			issue,
			event,
			matcher: "invalid",
			target: terminalSafe(issue.path === "" ? issue.message : `${issue.message} (${issue.path})`),
			source: issue.source ?? fileLabel(issue.file, inputs.sources),
		});
	});
	const matcherOrder = new Map<string, number>();
	for (const row of hookRows) {
		const key = `${row.event}\u0000${row.matcher}`;
		if (!matcherOrder.has(key)) matcherOrder.set(key, matcherOrder.size);
	}
	const groupOf = (row: ListRow): number => matcherOrder.get(`${row.event}\u0000${row.matcher}`) ?? 0;
	// Array.prototype.sort is stable: rows of one group keep their source order.
	return hookRows
		.map((row, index) => ({ row, index }))
		.sort(
			(a, b) =>
				eventOrder(a.row.event) - eventOrder(b.row.event) ||
				a.row.event.localeCompare(b.row.event) ||
				Number(a.row.kind === "issue") - Number(b.row.kind === "issue") ||
				groupOf(a.row) - groupOf(b.row) ||
				a.index - b.index,
		)
		.map(({ row }) => row);
};
