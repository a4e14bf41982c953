/**
 * The /hooks panel's services over the running session: the shared panel services (panel-services.ts, loaded
 * when the panel first opens) plus what needs the session: approvals, switching a running hook off, the
 * journal's history, exporting the log, and approving a project hook the user just saved in the editor.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { parseSettingsText } from "../../engine/config/parse.ts";
import { journalLine } from "../../engine/record/journal-line.ts";
import { STATE_FILE_MODE } from "../../host/stores/json-store.ts";
import { fieldsNotShown } from "../../ui/panel/editor-values.ts";
import { DEFAULT_COST_BUDGET_MS, type PanelServices, type SessionRecord } from "../../ui/panel/services.ts";
import { showNotice } from "../io/notices.ts";
import type { ContextCards } from "../stores/view-settings.ts";
import type { ManagerCore } from "./manager-core.ts";
import type { RecordFeed } from "./record-feed.ts";
import { copyReadOnlyReason, tryMode, writableSources } from "./settings-copy.ts";
import type { Switches } from "./switches.ts";
import { changedHooksOf } from "./tripwire-view.ts";

/**
 * An edited project hook is approved for change-aware trust: the user just wrote what the editor showed. A
 * hook with fields the editor does not show (`args`, `async`, ...) is not: it waits for approval like any
 * changed hook, so the user sees the whole definition first. Returns the note for the user, if any.
 */
const approveSaved = (core: ManagerCore, file: string, text: string, id: string | undefined): string | undefined => {
	const source = core.sources().find((candidate) => candidate.file === file);
	if (id === undefined || source === undefined || !source.project) return undefined;
	const entry = parseSettingsText(text, source).entries.find((candidate) => candidate.id === id);
	if (entry === undefined) return undefined;
	const hidden = fieldsNotShown(entry.definition);
	if (hidden.length > 0)
		return (
			`Not approved: it also has ${hidden.join(", ")}, which the editor does not show; Ctrl+T on ` +
			`it shows its whole definition and approves it.`
		);
	const problem = core.deps.live.approve([entry]);
	const ctx = core.deps.currentCtx();
	if (problem !== undefined && ctx !== undefined) showNotice(ctx, { level: "warning", text: problem });
	return undefined;
};

/**
 * Writes `records` as JSON lines under the agent dir's exports folder; the file written (`throwaway` when the agent
 * dir is `npm run try`'s throw-away one), or why not.
 */
const exportRecords = (
	core: ManagerCore,
	records: readonly SessionRecord[],
): { readonly file: string; readonly throwaway?: boolean } | { readonly error: string } => {
	const file = join(
		core.deps.agentDir(),
		"pi-hook-manager",
		"exports",
		`hooks-log-${new Date(core.clock()).toISOString().replace(/[:.]/g, "-")}.jsonl`,
	);
	try {
		mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
		const text = records.map((item) => `${journalLine(item.record, item.session)}\n`).join("");
		writeFileSync(file, text, { mode: STATE_FILE_MODE });
		return tryMode(core.env) === "throwaway" ? { file, throwaway: true } : { file };
	} catch (error) {
		return { error: `could not write ${file}: ${(error as Error).message}` };
	}
};

/** The panel's services for one opening in `ctx`. */
export const panelServices = async (
	core: ManagerCore,
	switches: Switches,
	feed: RecordFeed,
	ctx: ExtensionContext,
): Promise<PanelServices> => {
	const { deps } = core;
	// The panel's services (and the settings editor behind them) load when the panel first opens.
	const { createPanelServices } = await import("./panel-services.ts");
	const base = createPanelServices({
		config: () => deps.live.config(),
		sources: writableSources(core.sources(), core.piGlobalCopyOf()),
		log: core.log,
		state: core.hookState(),
		killSwitch: switches.killSwitch,
		trusted: () => ctx.isProjectTrusted(),
		// A save wrote a settings file: the footer counts what is in it now, not the last check's configuration.
		onChange: () => {
			deps.live.reload();
			core.updateFooter(ctx);
		},
		session: () => deps.live.session(),
		testRun: (request) => deps.live.testRun(request),
		rawInput: feed.rawInput,
		cwd: ctx.cwd,
		home: deps.home(),
	});
	return {
		hooks: {
			...base.hooks,
			setEnabled(entry, enabled) {
				const problem = base.hooks.setEnabled(entry, enabled);
				// Switched off while it runs: it stops now, as Esc stops it.
				if (problem === undefined && !enabled) switches.stopRuns(entry);
				return problem;
			},
			readOnlyReason: (entry) => copyReadOnlyReason(entry, core.piGlobalCopyOf(), tryMode(core.env)),
			...(deps.firers === undefined ? {} : { firers: deps.firers }),
		},
		edits: {
			...base.edits,
			save(snapshot, change, previous) {
				const result = base.edits.save(snapshot, change, previous);
				if (!result.ok) return result;
				const note = approveSaved(core, snapshot.file, result.text, result.id);
				return note === undefined ? result : { ...result, note };
			},
		},
		log: { ...base.log, sessionId: () => core.sessionOf(ctx), now: core.clock },
		tests: base.tests,
		approvals: {
			needsApproval: (entry) =>
				deps.live
					.config()
					?.skipped.some((skipped) => skipped.entry.id === entry.id && skipped.reason === "unapproved") ??
				false,
			show(entries) {
				const shown = deps.live.showApprovals(entries);
				return {
					lines: shown.lines,
					approve() {
						const answer = shown.approve();
						core.updateFooter(ctx);
						return answer;
					},
				};
			},
		},
		journal: {
			history() {
				const live = core.sessionOf(ctx);
				return core
					.openJournal(ctx)
					.read()
					.filter((item) => item.session !== live || item.record.time < core.startedAt);
			},
			exportRecords: (records) => exportRecords(core, records),
			runs: () => core.openJournal(ctx).turns(),
		},
		contextCards:
			deps.view === undefined
				? undefined
				: {
						get: () => deps.view?.contextCards() ?? "quiet",
						set(value: ContextCards) {
							const problem = deps.view?.setContextCards(value);
							// The footer count of context follows the choice at once.
							deps.footer.refresh(ctx);
							return problem;
						},
					},
		tripwire:
			deps.live.tripwireItems === undefined
				? undefined
				: { changed: () => changedHooksOf(deps.live.tripwireItems?.() ?? []) },
		costBudget:
			deps.view === undefined
				? undefined
				: {
						get: () => deps.view?.costBudgetMs() ?? DEFAULT_COST_BUDGET_MS,
						set: (ms: number) => deps.view?.setCostBudgetMs(ms),
					},
	};
};
