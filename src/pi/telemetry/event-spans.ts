/**
 * A finished event (the tracer's {@link EventJob}) as span data: the event's span, then one child per hook run
 * of its record, with the ids the tracer made when they started (so a command hook's `TRACEPARENT` names its
 * run's span) and the attributes of attributes.ts. Built off the event's path, loaded with the SDK wiring.
 */
import { randomBytes } from "node:crypto";
import {
	type AttributeValue,
	eventAttributes,
	eventSpanName,
	runAttributes,
	runSpanName,
	type SpanData,
} from "./attributes.ts";
import type { BackgroundJob, EventJob } from "./event-tracer.ts";

/** The span of a background (`async`) run: a child of its event's, marked `pi.hook.background`. */
const backgroundSpan = (job: BackgroundJob): SpanData => {
	const attributes: Record<string, AttributeValue> = { ...runAttributes(job.verdict), "pi.hook.background": true };
	return {
		name: runSpanName(job.verdict.entry),
		traceId: job.traceId,
		spanId: job.run.spanId,
		parentSpanId: job.parentSpanId,
		startMs: job.run.startMs,
		endMs: job.run.startMs + job.verdict.outcome.durationMs,
		attributes,
		error: typeof attributes["error.type"] === "string" ? attributes["error.type"] : undefined,
	};
};

/**
 * The spans of a finished event (its own, then one per run of its record, in finish order), or the one span of a
 * background run.
 */
export const eventSpans = (job: EventJob | BackgroundJob): SpanData[] => {
	if (job.kind === "background") return [backgroundSpan(job)];
	const { record, request, runs } = job;
	const spans: SpanData[] = [
		{
			name: eventSpanName(record),
			traceId: job.traceId,
			spanId: job.spanId,
			parentSpanId: job.parentSpanId,
			startMs: job.startMs,
			endMs: job.endMs,
			attributes: eventAttributes(record, request.session.sessionId, request.tool !== undefined),
			error: undefined,
		},
	];
	for (const verdict of record.verdicts) {
		const run = runs.get(verdict.entry);
		// A hook stopped before it ran (files_changed with onFailure "block") has no start: it took no time.
		const startMs = run?.startMs ?? job.startMs;
		const attributes = runAttributes(verdict);
		spans.push({
			name: runSpanName(verdict.entry),
			traceId: job.traceId,
			spanId: run?.spanId ?? randomBytes(8).toString("hex"),
			parentSpanId: job.spanId,
			startMs,
			endMs: Math.min(startMs + verdict.outcome.durationMs, Math.max(job.endMs, startMs)),
			attributes,
			error: typeof attributes["error.type"] === "string" ? attributes["error.type"] : undefined,
		});
	}
	return spans;
};
