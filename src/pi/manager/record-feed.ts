/**
 * The engine's firing records into the manager: each becomes a row of the panel's log (a masked excerpt, its
 * full stdin kept for exact replays), its lint notices told once, and runs journaled once the event is done.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { firingExcerpt } from "../../engine/record/excerpt.ts";
import type { AskAnswer, FiringRecord } from "../../engine/record/firing-record.ts";
import { Lazy, readPart } from "../../engine/record/lazy.ts";
import { verdictResult } from "../../engine/record/result-kind.ts";
import { recordBytes } from "../../ui/panel/firing-log.ts";
import { afterEvent } from "../io/after-event.ts";
import { showNotice } from "../io/notices.ts";
import { createLintNotices, withLints } from "./lint-notices.ts";
import type { ManagerCore } from "./manager-core.ts";

/** Longest stdin kept in full for a replay, in characters (the log's own copy is an excerpt). */
export const RAW_INPUT_CHARS = 64 * 1024;

/** The stdin of a call no hook matched, for a replay: the text a hook would have got, unless too large to keep. */
const replayInput = (record: FiringRecord): string | undefined => {
	const text = record.replay;
	return text !== undefined && text.length <= RAW_INPUT_CHARS ? text : undefined;
};

/**
 * Reads a record's full stdin for a replay, up to {@link RAW_INPUT_CHARS}. Through the record's own cell when its
 * stdin is built on first read (it builds a call's stdin only then, and holds no hook outputs); else the text.
 */
const rawInputReader = (record: FiringRecord): (() => string | undefined) | undefined => {
	const { stdin, sizeHint } = record.parts;
	if (stdin instanceof Lazy && sizeHint !== undefined && sizeHint.stdinChars <= RAW_INPUT_CHARS) {
		return () => {
			const text = stdin.read();
			return text.length <= RAW_INPUT_CHARS ? text : undefined;
		};
	}
	const text = readPart(stdin);
	return text.length <= RAW_INPUT_CHARS ? () => text : undefined;
};

/** Where the engine's records go. */
export interface RecordFeed {
	/** One firing record per event: its log row, lint notices, journal line. Never throws on a bad journal. */
	onRecord(record: FiringRecord, ctx: ExtensionContext): void;
	/** The full stdin of a logged row for a replay; undefined when too large to keep (or not a row of this log). */
	rawInput(record: FiringRecord): string | undefined;
}

/** Creates the feed over the core's log and journal. */
export const createRecordFeed = (core: ManagerCore): RecordFeed => {
	const { log } = core;
	const lintNotices = createLintNotices();
	/**
	 * Full stdin of logged records, for exact replays, read when a replay asks (a call no hook matched builds its
	 * stdin only then); dropped with the record when the log lets it go.
	 */
	const rawInputs = new WeakMap<FiringRecord, () => string | undefined>();
	return {
		onRecord(record, ctx) {
			// A call no hook matched: the engine's record is already the log row (stdin masked when read, its replay
			// input from the record itself).
			if (record.isLogRow) {
				log.add(record, recordBytes(record));
				return;
			}
			// A record where no hook ran (a call no hook matched) has nothing to lint, tell or journal (the journal
			// keeps runs only): it only gets its row in the log, its stdin and trace still built on first read.
			const ran = record.verdicts.length > 0;
			const linted = ran ? withLints(record) : record;
			const excerpt = firingExcerpt(linted);
			// The log keeps a masked excerpt; a replay sends the input as it was, when it is not too large to keep.
			const raw = rawInputReader(record);
			if (raw !== undefined) rawInputs.set(excerpt, raw);
			// Measured on the engine's record: the excerpt masks its stdin only when someone reads it.
			log.add(excerpt, recordBytes(record));
			if (!ran) return;
			for (const notice of lintNotices.take(linted)) showNotice(ctx, notice);
			// Written once the event is done (the file write and its masking are not the tool call's business); its
			// journal and session are the ones of this moment.
			const journaled = core.openJournal(ctx);
			const session = core.sessionOf(ctx);
			let written: AskAnswer | undefined;
			afterEvent(() => {
				written = record.answer;
				journaled.append(record, session);
				const problem = journaled.problem();
				if (problem !== undefined) showNotice(ctx, { level: "warning", text: problem });
			});
			// A hook asked: the user's answer comes after the line is written (pi's dialog), as a line of its own.
			if (record.verdicts.some((verdict) => verdictResult(verdict) === "ask"))
				record.onAnswer((answer) =>
					afterEvent(() => {
						if (answer !== written) journaled.appendAnswer(session, record.seq, answer);
					}),
				);
		},
		rawInput: (record) => (record.isLogRow ? replayInput(record) : rawInputs.get(record)?.()),
	};
};
