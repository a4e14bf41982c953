/**
 * The log tab of the /hooks panel's list screen: the live firing log (filtered through {@link LogIndex}), the
 * journal's earlier sessions shown on demand, statistics across sessions, and exporting the rows shown.
 */
import type { FiringRecord } from "../../../engine/engine.ts";
import type { PanelTheme } from "../../theme.ts";
import { type FiringLog, type HookStats, statsOver } from "../firing-log.ts";
import type { Hint, Message } from "../frame.ts";
import type { PanelKeys } from "../keys.ts";
import { LogIndex } from "../log-index.ts";
import { LogList } from "../log-list.ts";
import type { LogRow } from "../log-rows.ts";
import type { PanelServices, SessionRecord } from "../services.ts";

/** The log tab's state: its rows, the filter over them and the journal once read. */
export class LogTab {
	private readonly services: PanelServices;
	private readonly list: LogList;
	private readonly index: LogIndex;
	/**
	 * The journal, read on first need: its records once shown in the log, and statistics across sessions,
	 * this one included (`fed`: the ordinal of this session's log up to which its records are counted).
	 */
	private journal:
		| {
				readonly records: readonly SessionRecord[];
				readonly stats: Pick<FiringLog, "add" | "stats" | "carryStats">;
				fed: number;
				/** How many of the live log's carries (edited hooks' new ids) the statistics followed. */
				carried: number;
		  }
		| undefined;
	private showingHistory = false;

	constructor(theme: PanelTheme, services: PanelServices) {
		this.services = services;
		this.list = new LogList(theme);
		this.index = new LogIndex(services.log.sessionId());
	}

	/** Filters the log with `query`; only new records are filtered, and a longer query narrows the last result. */
	sync(query: string): void {
		// The log can hold 100,000 runs.
		this.index.sync(this.services.log.firings);
		this.index.setQuery(query, this.services.log.now());
		this.list.setRows(this.index.matches(), this.index.currentQuery(), this.index.hasHistory());
	}

	/** How many rows the filter keeps. */
	count(): number {
		return this.list.count();
	}

	/** The selected row; undefined when the log is empty. */
	selected(): LogRow | undefined {
		return this.list.selected();
	}

	/** Moves the selection by `delta` rows. */
	move(delta: number): void {
		this.list.move(delta);
	}

	/** Exactly `height` lines of `width` columns. */
	render(width: number, height: number): string[] {
		return this.list.render(
			width,
			height,
			"Nothing has fired yet: hooks fire on pi's tool calls, prompts and session events.",
		);
	}

	/** The fixtures key, and the history and export keys (when there is a journal). */
	hints(keys: PanelKeys): Hint[] {
		const fixtures: Hint = [keys.label("saveCase"), "save as fixtures"];
		if (this.services.journal === undefined) return [fixtures];
		return [
			[keys.label("history"), this.showingHistory ? "this session" : "earlier sessions"],
			[keys.label("export"), "export"],
			fixtures,
		];
	}

	/** Saves the events the log shows (after the filter) as fixtures of `pi-hook-manager test`; says where. */
	saveShownAsFixtures(): Message {
		const seen = new Set<FiringRecord>();
		for (const indexed of this.index.matches()) seen.add(indexed.row.record);
		if (seen.size === 0) return { level: "error", text: "The log shows no event to save as a fixture." };
		const result = this.services.tests.saveRecords([...seen]);
		if ("error" in result) return { level: "error", text: result.error };
		return {
			level: "info",
			text:
				`Saved ${result.saved} event(s) as fixtures in ${result.dir}, each with what its hooks decided: ` +
				"pi-hook-manager test runs them." +
				(result.unusable > 0
					? ` ${result.unusable} not saved: the log kept only a cut copy of their input.`
					: ""),
		};
	}

	/** The journal, read once per panel; undefined when there is none. */
	private readJournal(): { readonly records: readonly SessionRecord[] } | undefined {
		if (this.journal === undefined) {
			const records = this.services.journal?.history();
			if (records === undefined) return undefined;
			this.journal = { records, stats: statsOver(records.map((item) => item.record)), fed: 0, carried: 0 };
		}
		return this.journal;
	}

	/**
	 * A hook's statistics over the whole journal: earlier sessions and this one's runs so far (the journal file
	 * holds them too). Undefined without a journal. This session's new records are counted once, as they come, and
	 * an edited hook's runs follow it to its new id.
	 */
	historyStats(id: string): HookStats | undefined {
		if (this.readJournal() === undefined || this.journal === undefined) return undefined;
		const log = this.services.log.firings;
		for (const record of log.since(this.journal.fed)) this.journal.stats.add(record, 0);
		this.journal.fed = log.added();
		// A hook edited in the panel keeps its history under its new id, as its session statistics do.
		const carries = log.carried();
		for (const [from, to] of carries.slice(this.journal.carried)) this.journal.stats.carryStats(from, to);
		this.journal.carried = carries.length;
		return this.journal.stats.stats(id);
	}

	/** Shows or hides the records of earlier sessions; returns what the list says about it. */
	toggleHistory(): Message {
		const journal = this.readJournal();
		if (journal === undefined)
			return { level: "error", text: "There is no journal (it is off, or nothing was recorded yet)." };
		this.showingHistory = !this.showingHistory;
		// The rows are numbered anew (earlier sessions come first): the cursor stays on the row it was on.
		const before = this.list.selected();
		this.index.setHistory(this.showingHistory ? journal.records : [], this.services.log.firings);
		this.list.setRows(this.index.matches(), this.index.currentQuery(), this.index.hasHistory());
		if (before !== undefined)
			this.list.select((row) => row.record === before.record && row.verdict === before.verdict);
		const sessions = new Set(journal.records.map((item) => item.session)).size;
		return this.showingHistory
			? {
					level: "info",
					text:
						`Showing ${journal.records.length} earlier records of ${sessions} session(s) from the ` +
						`journal, each row with its session's short id; filter with session:<id>, since:, until:.`,
				}
			: { level: "info", text: "Showing this session only." };
	}

	/** Writes the rows the log shows (after the filter) as JSON lines; undefined without a journal. */
	exportShown(): Message | undefined {
		const journal = this.services.journal;
		if (journal === undefined) return undefined;
		const live = this.services.log.sessionId() ?? "";
		const seen = new Set<FiringRecord>();
		const records: SessionRecord[] = [];
		for (const indexed of this.index.matches()) {
			const { record, session } = indexed.row;
			if (seen.has(record)) continue;
			seen.add(record);
			records.push({ record, session: session ?? live });
		}
		const result = journal.exportRecords(records);
		return "error" in result
			? { level: "error", text: result.error }
			: {
					level: "info",
					text:
						`Exported ${records.length} record(s) as JSON lines to ${result.file}` +
						(result.throwaway === true
							? " (in npm run try's throw-away agent dir: deleted when try exits; " +
								"copy it, or start try with --keep to keep exports)"
							: ""),
				};
	}
}
