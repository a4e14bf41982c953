/**
 * The engine's tracer port over plain span data: each dispatched event gets a trace id (or pi's own trace, when
 * pi runs under a `TRACEPARENT`) and a span id at once, each hook run a span id when it starts, so a command hook's
 * `TRACEPARENT` names its run's span; when the event is done its record, ids and times go to the sink as an
 * {@link EventJob}, whose spans are built later, off the event's path (event-spans.ts). No OpenTelemetry package
 * here, nor the attribute mapping: this is what pi loads at start-up when the opt-in is set.
 */
import { randomBytes } from "node:crypto";
import type { HookVerdict } from "../../engine/decide/interpret.ts";
import type { DispatchRequest, EngineTracer, EventTrace } from "../../engine/dispatch/types.ts";
import type { FiringRecord } from "../../engine/record/firing-record.ts";
import type { HookEntry } from "../../engine/types.ts";
import { type ParentContext, traceparent } from "./settings.ts";

/** When a run started and its span id. */
export interface RunStart {
	readonly spanId: string;
	/** Epoch milliseconds. */
	readonly startMs: number;
}

/** A finished event as the tracer saw it: what its spans are built from (event-spans.ts), off the event's path. */
export interface EventJob {
	readonly kind: "event";
	readonly record: FiringRecord;
	readonly traceId: string;
	readonly spanId: string;
	/** pi's own span (its `TRACEPARENT`); undefined when the event span is a root. */
	readonly parentSpanId: string | undefined;
	/** Epoch milliseconds. */
	readonly startMs: number;
	readonly endMs: number;
	/** The awaited runs that started, by entry (their verdicts are in the record). */
	readonly runs: ReadonlyMap<HookEntry, RunStart>;
	readonly request: Pick<DispatchRequest, "session" | "tool">;
	/** The number of spans it makes: the event's and one per verdict. */
	readonly spans: number;
}

/** A background (`async`) hook run that finished: its span is a child of its event's. */
export interface BackgroundJob {
	readonly kind: "background";
	readonly verdict: HookVerdict;
	readonly traceId: string;
	/** The event's span. */
	readonly parentSpanId: string;
	readonly run: RunStart;
	/** Always 1. */
	readonly spans: number;
}

/** Where the tracer hands each finished event and background run; must not block (a bounded queue). */
export type SpanSink = (job: EventJob | BackgroundJob) => void;

/** Epoch milliseconds with sub-millisecond precision. */
const now = (): number => performance.timeOrigin + performance.now();

/** `bytes` random bytes as lowercase hex (an OpenTelemetry id). */
const randomId = (bytes: number): string => randomBytes(bytes).toString("hex");

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
		/** Background runs by entry: their verdicts come later (`endBackground`), each once. */
		const background = new Map<HookEntry, RunStart>();
		return {
			startRun(entry, isBackground) {
				const run = { spanId: randomId(8), startMs: now() };
				(isBackground ? background : runs).set(entry, run);
				return traceEnvironment(traceId, run.spanId, parent);
			},
			end(record) {
				if (record.verdicts.length === 0 && runs.size === 0 && background.size === 0) return;
				const { session, tool } = request;
				sink({
					kind: "event",
					record,
					traceId,
					spanId,
					parentSpanId: parent?.spanId,
					startMs,
					endMs: now(),
					runs,
					request: { session, tool },
					spans: 1 + record.verdicts.length,
				});
			},
			endBackground(verdict) {
				const run = background.get(verdict.entry);
				if (run === undefined) return;
				background.delete(verdict.entry);
				sink({ kind: "background", verdict, traceId, parentSpanId: spanId, run, spans: 1 });
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
