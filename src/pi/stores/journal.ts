/**
 * The firing journal: the firing log across pi restarts, one JSON-lines file per project under
 * `<agent dir>/pi-hook-manager/journal/`, one line per event where a hook ran (secrets masked, excerpts
 * capped: see engine/record/journal-line.ts). The file is rotated by size: when it would pass half the cap it becomes
 * `<name>.1.jsonl` (the older one is dropped), so both together stay under the cap, which the user sets with
 * `PI_HOOK_MANAGER_JOURNAL_MAX_BYTES` (0 turns the journal off). Nothing is read until the panel asks.
 * Never throws: a journal that cannot be written is told once and then left alone.
 */
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FiringRecord } from "../../engine/engine.ts";
import type { AskAnswer } from "../../engine/record/firing-record.ts";
import {
	answerLine,
	createHookReviver,
	journalLine,
	reviveAnswerLine,
	reviveJournalLine,
	reviveTurnLine,
	type TurnLine,
	turnLine,
} from "../../engine/record/journal-line.ts";
import { STATE_FILE_MODE } from "../../host/stores/json-store.ts";

/** The environment variable that sets the journal's cap in bytes (both files together). */
export const JOURNAL_BYTES_ENV = "PI_HOOK_MANAGER_JOURNAL_MAX_BYTES";

/** The journal's cap when the user sets none: 20 MiB. */
export const DEFAULT_JOURNAL_BYTES = 20 * 1024 * 1024;

/** A record read back from the journal, with the session it belongs to. */
export interface JournalRecord {
	readonly record: FiringRecord;
	readonly session: string;
}

/** The journal of one project. */
export interface Journal {
	/** The current file (the rotated one is `<name>.1.jsonl` next to it). */
	readonly file: string;
	/** Appends one record of `session` (records where no hook ran are not journaled). */
	append(record: FiringRecord, session: string): void;
	/** Appends the user's later answer to the `ask` of `session`'s record `seq`; reading gives that record it. */
	appendAnswer(session: string, seq: number, answer: AskAnswer): void;
	/** Appends one agent run of `session`, epoch milliseconds from start to settled (for the cost view). */
	appendTurn(session: string, start: number, end: number): void;
	/** Every record in the journal, oldest first (the rotated file first). Reads the files now. */
	read(): readonly JournalRecord[];
	/** Every agent run in the journal, oldest first. Reads the files now. */
	turns(): readonly TurnLine[];
	/** Why the journal could not be written, once; undefined while it works. */
	problem(): string | undefined;
}

/** The journal's file for a project folder (named by a hash of its path). */
export const journalFile = (agentDir: string, projectDir: string): string =>
	join(
		agentDir,
		"pi-hook-manager",
		"journal",
		`${createHash("sha256").update(projectDir).digest("hex").slice(0, 16)}.jsonl`,
	);

/** The cap from the environment: a non-negative integer of bytes, else the default. */
export const journalCap = (env: Readonly<Record<string, string | undefined>>): number => {
	const raw = env[JOURNAL_BYTES_ENV];
	if (raw === undefined || raw.trim() === "") return DEFAULT_JOURNAL_BYTES;
	const value = Number(raw);
	return Number.isInteger(value) && value >= 0 ? value : DEFAULT_JOURNAL_BYTES;
};

const rotatedName = (file: string): string => file.replace(/\.jsonl$/, ".1.jsonl");

/** Opens the journal at `file` with a cap of `maxBytes` (0 = off). Nothing is touched before the first append. */
export const createJournal = (file: string, maxBytes: number): Journal => {
	let size: number | undefined;
	let failure: string | undefined;
	let told = false;
	const rotated = rotatedName(file);
	/** `bySeq`: the latest record of each session and seq (of both files), for the answer lines that follow it. */
	const readLines = (path: string, bySeq: Map<string, FiringRecord>, turns?: TurnLine[]): JournalRecord[] => {
		let text: string;
		try {
			text = readFileSync(path, "utf8");
		} catch {
			return [];
		}
		const revive = createHookReviver();
		const out: JournalRecord[] = [];
		for (const line of text.split("\n")) {
			if (line.trim() === "") continue;
			try {
				const value: unknown = JSON.parse(line);
				const turn = reviveTurnLine(value);
				if (turn !== undefined) {
					turns?.push(turn);
					continue;
				}
				const answer = reviveAnswerLine(value);
				if (answer !== undefined) {
					bySeq.get(`${answer.session}\0${answer.seq}`)?.answered(answer.answer);
					continue;
				}
				const record = reviveJournalLine(value, revive);
				if (record === undefined) continue;
				out.push(record);
				bySeq.set(`${record.session}\0${record.record.seq}`, record.record);
			} catch {
				// A torn or foreign line (pi killed mid-write, an edit by hand) is skipped, the rest still reads.
			}
		}
		return out;
	};
	/** Appends one line, rotating first when it would pass half the cap; a failure turns the journal off. */
	const write = (line: string): void => {
		if (maxBytes <= 0 || failure !== undefined) return;
		try {
			const bytes = Buffer.byteLength(line);
			if (size === undefined) {
				mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 });
				size = existsSync(file) ? statSync(file).size : 0;
			}
			if (size > 0 && size + bytes > maxBytes / 2) {
				renameSync(file, rotated);
				size = 0;
			}
			// A line longer than the cap itself is not kept (it would push everything else out).
			if (bytes > maxBytes / 2) return;
			appendFileSync(file, line, { mode: STATE_FILE_MODE });
			size += bytes;
		} catch (error) {
			failure =
				`the firing journal ${file} cannot be written (${(error as Error).message}); history ` +
				`across sessions is off for this run`;
		}
	};
	return {
		file,
		append(record, session) {
			if (record.verdicts.length > 0) write(`${journalLine(record, session)}\n`);
		},
		appendAnswer(session, seq, answer) {
			write(`${answerLine(session, seq, answer)}\n`);
		},
		appendTurn(session, start, end) {
			if (end >= start) write(`${turnLine(session, start, end)}\n`);
		},
		read() {
			const bySeq = new Map<string, FiringRecord>();
			return [...readLines(rotated, bySeq), ...readLines(file, bySeq)];
		},
		turns() {
			const turns: TurnLine[] = [];
			const bySeq = new Map<string, FiringRecord>();
			readLines(rotated, bySeq, turns);
			readLines(file, bySeq, turns);
			return turns;
		},
		problem() {
			if (failure === undefined || told) return undefined;
			told = true;
			return failure;
		},
	};
};
