/**
 * The marks the bench probes share inside one pi process: every probe extension is its own module (pi loads each
 * with a fresh module cache), so they meet on one global object. Times are `performance.now()` milliseconds.
 */
import { writeFileSync } from "node:fs";

/** One handler's interval between the probe before it and the probe after it. */
export interface ProbeSpan {
	readonly event: string;
	readonly start: number;
	readonly end: number;
}

/** What a pi run's probes recorded. */
export interface ProbeMarks {
	/**
	 * When each probe's factory ran (`before` and `after`, around the extensions loaded between them), and when the
	 * session ended (`shutdown`, after every session_shutdown handler): what follows it until the process exits is
	 * pi's exit.
	 */
	readonly factory: Record<string, number>;
	/** Open intervals by event (and tool call id), started by the `before` probe. */
	readonly open: Record<string, number>;
	/** Closed intervals, in order. */
	readonly spans: ProbeSpan[];
	/**
	 * pi's CPU time (user and system, milliseconds, `process.cpuUsage`) at each `context` event, in order, taken by
	 * the `before` probe: what pi's process spent from one model request to the next, whatever the machine's load.
	 */
	readonly contextCpu: number[];
}

const KEY = Symbol.for("pi-hook-manager.bench.marks");

/** The marks of this pi process (created by the first probe that asks). */
export const probeMarks = (): ProbeMarks => {
	const holder = globalThis as { [KEY]?: ProbeMarks };
	holder[KEY] ??= { factory: {}, open: {}, spans: [], contextCpu: [] };
	return holder[KEY];
};

/** Writes the marks as JSON to `$PI_HOOK_BENCH_OUT`, when set. */
export const writeMarks = (): void => {
	probeMarks().factory.shutdown = performance.now();
	const out = process.env.PI_HOOK_BENCH_OUT;
	if (out !== undefined && out !== "") writeFileSync(out, JSON.stringify(probeMarks()));
};

/** The events the probes time: every event the measured extension handles (and a few more, harmless ones). */
export const PROBED_EVENTS = [
	"session_start",
	"session_tree",
	"session_shutdown",
	"model_select",
	"input",
	"before_agent_start",
	"agent_start",
	"message_end",
	"context",
	"tool_call",
	"tool_result",
	"turn_end",
	"agent_before_settle",
	"agent_settled",
	"session_before_compact",
	"session_compact",
	"ui_prompt_start",
	"ui_prompt_end",
	"message_update",
	"user_bash",
] as const;

/** The key of one event's interval: tool events are told apart by their call id. */
export const spanKey = (event: string, payload: unknown): string => {
	const id = (payload as { toolCallId?: unknown } | undefined)?.toolCallId;
	return typeof id === "string" ? `${event}:${id}` : event;
};
