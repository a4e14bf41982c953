/**
 * The journal's line format: one firing record as one JSON line, with its session, the stdin and outputs cut
 * to {@link JOURNAL_EXCERPT_CHARS} and secrets masked (every stored text goes through `redactSecrets`), and
 * each hook as the handler object written in its file; and the way back, from a line to a firing record
 * the panel shows like a live one (the hook parsed again from its definition, the outcome interpreted again).
 * Pure; a line that is not a journal record revives to undefined, never throws.
 */
import { parseSettingsText } from "../config/parse.ts";
import { interpretOutcome } from "../decide/interpret.ts";
import { isObject } from "../is-object.ts";
import type { ProcessOutcome } from "../ports.ts";
import { redactSecrets } from "../text/redact.ts";
import { HOOK_EVENTS, type HookEntry, type HookEventName, type SourceScope } from "../types.ts";
import {
	ASK_ANSWERS,
	type AskAnswer,
	type FiringRecord,
	firingRecord,
	type NotRunHook,
	type NotRunReason,
} from "./firing-record.ts";

/** Format version of a journal line; a line of another version is skipped. */
export const JOURNAL_VERSION = 1;

/** Characters the journal keeps of the stdin and of each output. */
export const JOURNAL_EXCERPT_CHARS = 4000;

/** One hook as the journal stores it. */
export interface StoredHook {
	readonly id: string;
	readonly event: string;
	readonly matcher: string | undefined;
	readonly definition: Readonly<Record<string, unknown>>;
	readonly scope: SourceScope;
	readonly file: string;
	readonly project: boolean;
	readonly jsonPath: string;
}

/** One journal line, parsed. */
export interface JournalLine {
	readonly v: typeof JOURNAL_VERSION;
	/** pi's session id. */
	readonly session: string;
	readonly seq: number;
	readonly time: number;
	readonly event: HookEventName;
	readonly matchQuery: string | undefined;
	readonly summary: string;
	readonly stdin: string;
	readonly runs: readonly { readonly hook: unknown; readonly outcome: ProcessOutcome }[];
	readonly notRun: readonly { readonly hook: unknown; readonly reason: NotRunReason }[];
	/** Present on a test run from the /hooks panel (it decided nothing in its session). */
	readonly test?: true;
	/** What the user answered when the hooks asked, when known as the line was written. */
	readonly answer?: AskAnswer;
}

/**
 * A line that gives an earlier line's record (same session and `seq`) the user's answer to its `ask`, known only
 * after that line was written (the dialog came later). Not a record: readers of records skip it.
 */
export interface AnswerLine {
	readonly v: typeof JOURNAL_VERSION;
	readonly kind: "answer";
	readonly session: string;
	readonly seq: number;
	readonly answer: AskAnswer;
}

/**
 * A line that says when one agent run of a session went (pi's `agent_start` to `agent_settled`, epoch ms), so the
 * cost view can tell what share of the run its hooks took. Not a record: readers of records skip it.
 */
export interface TurnLine {
	readonly v: typeof JOURNAL_VERSION;
	readonly kind: "turn";
	readonly session: string;
	/** Epoch milliseconds when the run started. */
	readonly start: number;
	/** Epoch milliseconds when it settled (not before `start`). */
	readonly end: number;
}

const cut = (text: string): string =>
	redactSecrets(
		text.length <= JOURNAL_EXCERPT_CHARS
			? text
			: `${text.slice(0, JOURNAL_EXCERPT_CHARS)}\n[pi-hook-manager: the journal keeps the first ` +
					`${JOURNAL_EXCERPT_CHARS.toLocaleString("en-US")} characters]`,
	);

/** A value's JSON with secrets masked (a handler's headers or command can hold a token). */
const maskedObject = (value: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
	try {
		const parsed: unknown = JSON.parse(redactSecrets(JSON.stringify(value)));
		if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
			return parsed as Record<string, unknown>;
	} catch {
		// Masking broke the JSON: fall through to the masked command only.
	}
	return { type: value.type, command: redactSecrets(String(value.command ?? "")) };
};

/** Each hook as stored, made once per configured hook (an entry never changes; a new merge makes new ones). */
const storedHooks = new WeakMap<HookEntry, StoredHook>();

const storedHook = (entry: HookEntry): StoredHook => {
	let stored = storedHooks.get(entry);
	if (stored === undefined) {
		stored = {
			id: entry.id,
			event: entry.event,
			matcher: entry.matcher.source,
			definition: maskedObject(entry.definition),
			scope: entry.source.scope,
			file: entry.source.file,
			project: entry.source.project,
			jsonPath: entry.jsonPath,
		};
		storedHooks.set(entry, stored);
	}
	return stored;
};

const storedOutcome = (outcome: ProcessOutcome): ProcessOutcome => {
	if (outcome.kind === "spawn_failed" || outcome.kind === "request_failed")
		return { ...outcome, message: cut(outcome.message) };
	return {
		...outcome,
		stdout: { ...outcome.stdout, text: cut(outcome.stdout.text) },
		stderr: { ...outcome.stderr, text: cut(outcome.stderr.text) },
	};
};

/** The journal line of a record of session `session` (one line of JSON, no newline). */
export const journalLine = (record: FiringRecord, session: string): string => {
	const line: JournalLine = {
		v: JOURNAL_VERSION,
		session,
		seq: record.seq,
		time: record.time,
		event: record.event,
		matchQuery: record.matchQuery,
		summary: cut(record.summary),
		stdin: cut(record.stdin),
		runs: record.verdicts.map((verdict) => ({
			hook: storedHook(verdict.entry),
			outcome: storedOutcome(verdict.outcome),
		})),
		notRun: record.notRun.map((hook) => ({ hook: storedHook(hook.entry), reason: hook.reason })),
		...(record.test === true ? { test: true as const } : {}),
		...(record.answer === undefined ? {} : { answer: record.answer }),
	};
	return JSON.stringify(line);
};

/** The journal line of a later answer to the `ask` of session `session`'s record `seq` (see {@link AnswerLine}). */
export const answerLine = (session: string, seq: number, answer: AskAnswer): string =>
	JSON.stringify({ v: JOURNAL_VERSION, kind: "answer", session, seq, answer } satisfies AnswerLine);

/** The answer line of a parsed journal line, or undefined when it is not one. */
export const reviveAnswerLine = (value: unknown): AnswerLine | undefined =>
	isObject(value) &&
	value.v === JOURNAL_VERSION &&
	value.kind === "answer" &&
	typeof value.session === "string" &&
	typeof value.seq === "number" &&
	(ASK_ANSWERS as readonly unknown[]).includes(value.answer)
		? (value as unknown as AnswerLine)
		: undefined;

/** The journal line of one agent run of session `session` (see {@link TurnLine}). */
export const turnLine = (session: string, start: number, end: number): string =>
	JSON.stringify({ v: JOURNAL_VERSION, kind: "turn", session, start, end } satisfies TurnLine);

/** The turn line of a parsed journal line, or undefined when it is not one (or its times are not in order). */
export const reviveTurnLine = (value: unknown): TurnLine | undefined =>
	isObject(value) &&
	value.v === JOURNAL_VERSION &&
	value.kind === "turn" &&
	typeof value.session === "string" &&
	typeof value.start === "number" &&
	typeof value.end === "number" &&
	Number.isFinite(value.start) &&
	value.end >= value.start
		? (value as unknown as TurnLine)
		: undefined;

/** Revives stored hooks, parsing each definition once (ids repeat across lines). */
export const createHookReviver = (): ((hook: StoredHook) => HookEntry | undefined) => {
	const cache = new Map<string, HookEntry | undefined>();
	return (hook) => {
		const key = `${hook.id}\0${hook.jsonPath}`;
		if (cache.has(key)) return cache.get(key);
		let entry: HookEntry | undefined;
		if (isObject(hook.definition) && (HOOK_EVENTS as readonly string[]).includes(hook.event)) {
			const group =
				hook.matcher === undefined
					? { hooks: [hook.definition] }
					: { matcher: hook.matcher, hooks: [hook.definition] };
			const parsed = parseSettingsText(JSON.stringify({ hooks: { [hook.event]: [group] } }), {
				scope: hook.scope,
				file: hook.file,
				project: hook.project,
			});
			const found = parsed.entries[0];
			entry = found === undefined ? undefined : { ...found, id: hook.id, jsonPath: hook.jsonPath };
		}
		cache.set(key, entry);
		return entry;
	};
};

/** The firing record of a parsed journal line, or undefined when it is not one. */
export const reviveJournalLine = (
	value: unknown,
	revive: (hook: StoredHook) => HookEntry | undefined,
): { readonly record: FiringRecord; readonly session: string } | undefined => {
	if (!isObject(value) || value.v !== JOURNAL_VERSION || typeof value.session !== "string") return undefined;
	const line = value as unknown as JournalLine;
	if (!(HOOK_EVENTS as readonly string[]).includes(line.event) || !Array.isArray(line.runs)) return undefined;
	const verdicts = [];
	for (const run of line.runs) {
		const entry = isObject(run) && isObject(run.hook) ? revive(run.hook as unknown as StoredHook) : undefined;
		if (entry === undefined || !isObject(run.outcome)) continue;
		verdicts.push(interpretOutcome(entry, line.event, run.outcome));
	}
	const notRun: NotRunHook[] = [];
	for (const hook of Array.isArray(line.notRun) ? line.notRun : []) {
		const entry = isObject(hook) && isObject(hook.hook) ? revive(hook.hook as unknown as StoredHook) : undefined;
		if (entry !== undefined) notRun.push({ entry, reason: hook.reason });
	}
	const record = firingRecord({
		seq: Number(line.seq) || 0,
		time: Number(line.time) || 0,
		event: line.event,
		matchQuery: typeof line.matchQuery === "string" ? line.matchQuery : undefined,
		summary: String(line.summary ?? ""),
		stdin: String(line.stdin ?? ""),
		verdicts,
		notRun,
		...(line.test === true ? { test: true as const } : {}),
	});
	if ((ASK_ANSWERS as readonly unknown[]).includes(line.answer)) record.answered(line.answer as AskAnswer);
	return { record, session: line.session };
};
