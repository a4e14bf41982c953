/**
 * A firing record as OpenTelemetry spans, as plain data: one span per event (`hook_event PreToolUse`) and one child
 * span per hook run (`hook_run PreToolUse`), with attributes a tracing backend can filter on. The hook's command
 * and its reason are masked as everything else we store (redact.ts). Attribute names follow OpenTelemetry's
 * semantic conventions where one fits (`process.exit.code`, `error.type`, `session.id`, `gen_ai.tool.name`), the
 * rest live under `pi.hook.`. Pure: ids and times are given.
 */
import type { HookVerdict } from "../../engine/decide/interpret.ts";
import type { FiringRecord } from "../../engine/record/firing-record.ts";
import { type RunResult, verdictExit, verdictReason, verdictResult } from "../../engine/record/result-kind.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import type { HookEntry } from "../../engine/types.ts";

/** An attribute value as OTLP carries it. */
export type AttributeValue = string | number | boolean;

/** One finished span, before the SDK sees it. Times are epoch milliseconds (fractions allowed). */
export interface SpanData {
	readonly name: string;
	/** 32 lowercase hex digits. */
	readonly traceId: string;
	/** 16 lowercase hex digits. */
	readonly spanId: string;
	/** The parent's span id; undefined for a root span. */
	readonly parentSpanId: string | undefined;
	readonly startMs: number;
	readonly endMs: number;
	readonly attributes: Readonly<Record<string, AttributeValue>>;
	/** Set when the span stands for a failure (`error.type`'s value): the span's status is then ERROR. */
	readonly error: string | undefined;
}

/**
 * What one hook run decided, in the words a user of a tracing backend filters on: a PreToolUse permission
 * decision (`allow`, `deny`, `ask`, `defer`), `block` (exit 2, `decision: "block"`), `stop` (`continue: false`),
 * `rewrote_input` (`updatedInput`), `added_context` (`additionalContext`), else `none` (a failure too: see
 * `pi.hook.result`).
 */
export type RunDecision =
	| "allow"
	| "deny"
	| "ask"
	| "defer"
	| "block"
	| "stop"
	| "rewrote_input"
	| "added_context"
	| "none";

/** The decision of one verdict ({@link RunDecision}). */
export const runDecision = (verdict: HookVerdict, result: RunResult = verdictResult(verdict)): RunDecision => {
	switch (result) {
		case "allow":
		case "deny":
		case "ask":
		case "defer":
		case "block":
		case "stop":
			return result;
		case "ok":
			if (verdict.effects.some((effect) => effect.kind === "rewrite")) return "rewrote_input";
			if (verdict.effects.some((effect) => effect.kind === "context")) return "added_context";
			return "none";
		default:
			return "none";
	}
};

/**
 * Why a run blocked, as a code: `fail_closed` (`onFailure: "block"`), `exit_2`, `decision_block` (JSON
 * `decision: "block"`), `permission_deny`, `continue_false`; undefined when it did not block.
 */
export const blockReasonCode = (verdict: HookVerdict, result: RunResult): string | undefined => {
	if (verdict.failClosed === true) return "fail_closed";
	if (result === "deny") return "permission_deny";
	if (result === "stop") return "continue_false";
	if (result !== "block") return undefined;
	if (verdict.status === "blocking") return "exit_2";
	return verdict.effects.some((effect) => effect.kind === "deny") ? "permission_deny" : "decision_block";
};

/** Longest masked text kept in an attribute (a command, a reason), in characters. */
export const MAX_TEXT_CHARS = 1024;

/** `text` trimmed, masked (redact.ts) and cut to {@link MAX_TEXT_CHARS}. */
const masked = (text: string): string => {
	const safe = redactSecrets(text.trim());
	return safe.length <= MAX_TEXT_CHARS ? safe : `${safe.slice(0, MAX_TEXT_CHARS - 1)}…`;
};

/** What a hook's handler runs, for display: a command line (exec form joined), a URL, a tool, a prompt. */
const handlerText = (entry: HookEntry): string | undefined => {
	const handler = entry.handler;
	if (handler.type === "command")
		return handler.args === undefined ? handler.command : [handler.command, ...handler.args].join(" ");
	const raw = handler.raw;
	const text = raw.url ?? (raw.server !== undefined ? `${String(raw.server)} ${String(raw.tool)}` : raw.prompt);
	return typeof text === "string" ? text : undefined;
};

/** The attributes of a configured hook (those of a run that come from its configuration). */
export const hookAttributes = (entry: HookEntry): Record<string, AttributeValue> => {
	const attributes: Record<string, AttributeValue> = {
		"pi.hook.event": entry.event,
		"pi.hook.id": entry.id,
		"pi.hook.type": entry.handler.type,
		"pi.hook.source.scope": entry.source.scope,
		"pi.hook.source.file": entry.source.file,
		"pi.hook.json_path": entry.jsonPath,
		// Claude Code: project hooks run only once approved; a run of one means it was approved.
		"pi.hook.trust": entry.source.project ? "approved" : "user",
	};
	if (entry.matcher.source !== undefined) attributes["pi.hook.matcher"] = entry.matcher.source;
	if (entry.handler.if !== undefined) attributes["pi.hook.if"] = entry.handler.if;
	if (entry.source.plugin !== undefined) attributes["pi.hook.plugin"] = entry.source.plugin.id;
	const text = handlerText(entry);
	if (text !== undefined) attributes["pi.hook.command"] = masked(text);
	return attributes;
};

/** The attributes of one hook run: its configuration, outcome and decision. */
export const runAttributes = (verdict: HookVerdict): Record<string, AttributeValue> => {
	const result = verdictResult(verdict);
	const attributes = hookAttributes(verdict.entry);
	attributes["pi.hook.status"] = verdict.status;
	attributes["pi.hook.result"] = result;
	attributes["pi.hook.decision"] = runDecision(verdict, result);
	attributes["pi.hook.duration_ms"] = verdict.outcome.durationMs;
	attributes["pi.hook.timed_out"] = verdict.outcome.kind === "timed_out";
	attributes["pi.hook.outcome"] = verdict.outcome.kind;
	const exit = verdictExit(verdict);
	if (exit !== undefined) attributes["process.exit.code"] = exit;
	const permission = verdict.json?.hookSpecificOutput?.permissionDecision;
	if (permission !== undefined) attributes["pi.hook.permission_decision"] = permission;
	const block = blockReasonCode(verdict, result);
	if (block !== undefined) attributes["pi.hook.block_reason"] = block;
	const reason = verdictReason(verdict);
	if (reason !== undefined && result !== "ok") attributes["pi.hook.reason"] = masked(reason);
	const error = runError(verdict);
	if (error !== undefined) attributes["error.type"] = error;
	return attributes;
};

/** `error.type` of a failed run: `timeout`, `cancelled`, or the outcome's kind of a failure; else undefined. */
export const runError = (verdict: HookVerdict): string | undefined => {
	if (verdict.status === "timeout") return "timeout";
	if (verdict.status === "cancelled") return "cancelled";
	if (verdict.status !== "error") return undefined;
	return verdict.outcome.kind === "exited" ? "exit_code" : verdict.outcome.kind;
};

/** The order in which one run's decision speaks for the whole event (the first found wins). */
const EVENT_DECISION_ORDER: readonly RunDecision[] = [
	"deny",
	"block",
	"stop",
	"ask",
	"allow",
	"defer",
	"rewrote_input",
	"added_context",
];

/** The attributes of an event's span: which event, what it was tested against, how many ran, what won. */
export const eventAttributes = (
	record: FiringRecord,
	sessionId: string | undefined,
	tool: boolean,
): Record<string, AttributeValue> => {
	const decisions = new Set(record.verdicts.map((verdict) => runDecision(verdict)));
	const attributes: Record<string, AttributeValue> = {
		"pi.hook.event": record.event,
		"pi.hook.runs": record.verdicts.length,
		"pi.hook.decision": EVENT_DECISION_ORDER.find((decision) => decisions.has(decision)) ?? "none",
		"pi.hook.failures": record.verdicts.filter((verdict) => runError(verdict) !== undefined).length,
	};
	if (record.matchQuery !== undefined) {
		attributes["pi.hook.match_query"] = record.matchQuery;
		if (tool) attributes["gen_ai.tool.name"] = record.matchQuery;
	}
	if (sessionId !== undefined && sessionId !== "") attributes["session.id"] = sessionId;
	return attributes;
};

/** The span name of an event: `hook_event <Event>`. */
export const eventSpanName = (record: Pick<FiringRecord, "event">): string => `hook_event ${record.event}`;

/** The span name of one hook run: `hook_run <Event>`. */
export const runSpanName = (entry: HookEntry): string => `hook_run ${entry.event}`;
