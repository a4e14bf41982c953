/**
 * The engine's tracer port over plain span data: each dispatched event gets a trace id (or pi's own trace, when
 * pi runs under a `TRACEPARENT`) and a span id at once, each hook run a span id when it starts, so a command hook's
 * `TRACEPARENT` names its run's span; when the event is done its record becomes the spans (attributes.ts), built
 * later, off the event's path, by whoever takes the job ({@link SpanJob}). No OpenTelemetry package here.
 */
import { randomBytes } from "node:crypto";
import type { DispatchRequest, EngineTracer, EventTrace } from "../../engine/dispatch/types.ts";
import type { FiringRecord } from "../../engine/record/firing-record.ts";
import type { HookEntry } from "../../engine/types.ts";
import { eventAttributes, eventSpanName, runAttributes, runSpanName, type SpanData } from "./attributes.ts";
import { type ParentContext, traceparent } from "./settings.ts";

/** The spans of one event, built when called (off the event's path). */
export type SpanJob = () => readonly SpanData[];

/** Where the tracer hands each event's spans; must not block (a bounded queue). */
export type SpanSink = (job: SpanJob, spans: number) => void;

/** Epoch milliseconds with sub-millisecond precision. */
const now = (): number => performance.timeOrigin + performance.now();

/** `bytes` random bytes as lowercase hex (an OpenTelemetry id). */
const randomId = (bytes: number): string => randomBytes(bytes).toString("hex");

/** When a run started and its span id. */
interface RunStart {
	readonly spanId: string;
	readonly startMs: number;
}

/** The spans of a finished event: its own, then one per run of its record. */
const eventSpans = (
	record: FiringRecord,
	ids: { readonly traceId: string; readonly spanId: string; readonly parentSpanId: string | undefined },
	times: { readonly startMs: number; readonly endMs: number },
	runs: ReadonlyMap<HookEntry, RunStart>,
	request: Pick<DispatchRequest, "session" | "tool">,
): SpanData[] => {
	const spans: SpanData[] = [
		{
			name: eventSpanName(record),
			traceId: ids.traceId,
			spanId: ids.spanId,
			parentSpanId: ids.parentSpanId,
			startMs: times.startMs,
			endMs: times.endMs,
			attributes: eventAttributes(record, request.session.sessionId, request.tool !== undefined),
			error: undefined,
		},
	];
	for (const verdict of record.verdicts) {
		const run = runs.get(verdict.entry);
		// A hook stopped before it ran (files_changed with onFailure "block") has no start: it took no time.
		const startMs = run?.startMs ?? times.startMs;
		const attributes = runAttributes(verdict);
		spans.push({
			name: runSpanName(verdict.entry),
			traceId: ids.traceId,
			spanId: run?.spanId ?? randomId(8),
			parentSpanId: ids.spanId,
			startMs,
			endMs: Math.min(startMs + verdict.outcome.durationMs, Math.max(times.endMs, startMs)),
			attributes,
			error: typeof attributes["error.type"] === "string" ? attributes["error.type"] : undefined,
		});
	}
	return spans;
};

/**
 * A tracer whose events end in `sink`. `parent`: pi's own trace context (event spans become its children, its
 * `tracestate` passed on).
 */
export const createEventTracer = (sink: SpanSink, parent: ParentContext | undefined): EngineTracer => ({
	startEvent(request): EventTrace {
		const startMs = now();
		const traceId = parent?.traceId ?? randomId(16);
		const spanId = randomId(8);
		const runs = new Map<HookEntry, RunStart>();
		const eventEnv = traceEnvironment(traceId, spanId, parent);
		return {
			startRun(entry, background) {
				// A background hook outlives the event's record: its spans join the event's span.
				if (background) return eventEnv;
				const run = { spanId: randomId(8), startMs: now() };
				runs.set(entry, run);
				return traceEnvironment(traceId, run.spanId, parent);
			},
			end(record) {
				if (record.verdicts.length === 0 && runs.size === 0) return;
				const times = { startMs, endMs: now() };
				const ids = { traceId, spanId, parentSpanId: parent?.spanId };
				sink(() => eventSpans(record, ids, times, runs, request), 1 + record.verdicts.length);
			},
		};
	},
});

/** `TRACEPARENT` (and pi's `TRACESTATE`, when it has one) naming span `spanId`. */
const traceEnvironment = (
	traceId: string,
	spanId: string,
	parent: ParentContext | undefined,
): Readonly<Record<string, string>> =>
	parent?.traceState === undefined
		? { TRACEPARENT: traceparent(traceId, spanId) }
		: { TRACEPARENT: traceparent(traceId, spanId), TRACESTATE: parent.traceState };
