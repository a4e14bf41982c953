/**
 * The OpenTelemetry SDK wired to plain span data: a tracer provider with the OTLP/HTTP exporter
 * (`@opentelemetry/exporter-trace-otlp-proto` for `http/protobuf`, `-http` for `http/json`; it reads
 * `OTEL_EXPORTER_OTLP_HEADERS`, `_TIMEOUT`, `_COMPRESSION` itself), behind a `BatchSpanProcessor` whose queue is
 * bounded (`maxQueueSize`): spans wait there while the collector is slow or down, and what does not fit, or fails
 * to export, is counted as dropped. The packages load here only, on first use, through `require` (lazy-module.ts):
 * only a session with `PI_HOOK_MANAGER_TELEMETRY=1` loads this file's dependencies.
 */
import { lazyModule } from "../../engine/io/lazy-module.ts";
import type { SpanData } from "./attributes.ts";
import { eventSpans } from "./event-spans.ts";
import type { BackgroundJob, EventJob } from "./event-tracer.ts";
import type { TelemetrySettings } from "./settings.ts";

const api = lazyModule<typeof import("@opentelemetry/api")>("@opentelemetry/api");
const sdk = lazyModule<typeof import("@opentelemetry/sdk-trace")>("@opentelemetry/sdk-trace");
const resources = lazyModule<typeof import("@opentelemetry/resources")>("@opentelemetry/resources");
const jsonExporter = lazyModule<typeof import("@opentelemetry/exporter-trace-otlp-http")>(
	"@opentelemetry/exporter-trace-otlp-http",
);
const protoExporter = lazyModule<typeof import("@opentelemetry/exporter-trace-otlp-proto")>(
	"@opentelemetry/exporter-trace-otlp-proto",
);
const semconv = lazyModule<typeof import("@opentelemetry/semantic-conventions")>("@opentelemetry/semantic-conventions");

/** What became of the spans handed over so far. */
export interface ExportCounts {
	/** Spans the collector accepted. */
	readonly sent: number;
	/** Spans lost: the queue was full, or their export failed (collector down, refused, too slow). */
	readonly dropped: number;
	/** The last export failure's message, cut to one line; undefined while none failed since the last success. */
	readonly lastError: string | undefined;
}

/** The SDK behind plain span data. */
export interface SpanExport {
	/** Hands finished spans to the queue (a full queue drops them); never throws, never waits. */
	add(spans: readonly SpanData[]): void;
	/** Builds a finished event's spans (event-spans.ts) and hands them to the queue, as {@link add}. */
	addEvent(job: EventJob | BackgroundJob): void;
	counts(): ExportCounts;
	/** Sends what is queued; resolves after at most `timeoutMs` whatever the collector does. */
	flush(timeoutMs: number): Promise<void>;
}

/** The service name when `OTEL_SERVICE_NAME` (or `service.name` in `OTEL_RESOURCE_ATTRIBUTES`) names none. */
export const DEFAULT_SERVICE_NAME = "pi-hook-manager";

/** Milliseconds between two exports of the queue (spans of an event reach the collector that soon). */
const EXPORT_DELAY_MS = 1000;

/** Resolves after `ms`, without keeping pi alive. */
const delay = (ms: number): Promise<void> =>
	new Promise((resolve) => {
		setTimeout(resolve, ms).unref();
	});

/** The first line of an error, for the status line. */
const errorLine = (error: unknown): string =>
	(error instanceof Error ? error.message : String(error)).split("\n")[0]?.slice(0, 200) ?? "";

/** Loads the SDK and sets it up for `settings`. Throws when a package cannot be loaded. */
export const createSpanExport = (settings: TelemetrySettings): SpanExport => {
	const { trace, ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags } = api();
	const { BatchSpanProcessor, TracerProvider } = sdk();
	const { defaultResource, detectResources, envDetector, resourceFromAttributes } = resources();
	const { ATTR_SERVICE_NAME } = semconv();
	const { OTLPTraceExporter } =
		settings.protocol === "http/json"
			? jsonExporter()
			: (protoExporter() as unknown as ReturnType<typeof jsonExporter>);
	const otlp = new OTLPTraceExporter({ url: settings.endpoint, timeoutMillis: settings.exportTimeoutMs });
	let sent = 0;
	let dropped = 0;
	let lastError: string | undefined;
	/** Spans handed to the processor and to the exporter: their difference is the queue's length. */
	let queued = 0;
	let exporting = 0;
	const exporter: import("@opentelemetry/sdk-trace").SpanExporter = {
		export(spans, done) {
			exporting += spans.length;
			otlp.export(spans, (result) => {
				// ExportResultCode.SUCCESS is 0 (@opentelemetry/core).
				if (result.code === 0) {
					sent += spans.length;
					lastError = undefined;
				} else {
					dropped += spans.length;
					lastError = errorLine(result.error ?? "export failed");
				}
				done(result);
			});
		},
		shutdown: () => otlp.shutdown(),
		forceFlush: () => otlp.forceFlush(),
	};
	const processor = new BatchSpanProcessor({
		exporter,
		maxQueueSize: settings.maxQueueSize,
		maxExportBatchSize: Math.min(512, settings.maxQueueSize),
		scheduledDelayMillis: EXPORT_DELAY_MS,
	});
	// Our ids, made when the event started (a command hook's TRACEPARENT names them): the SDK takes them from here.
	const next = { traceId: "", spanId: "" };
	const provider = new TracerProvider({
		resource: defaultResource()
			.merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME }))
			.merge(detectResources({ detectors: [envDetector] })),
		idGenerator: { generateTraceId: () => next.traceId, generateSpanId: () => next.spanId },
		spanProcessors: [processor],
	});
	const tracer = provider.getTracer(DEFAULT_SERVICE_NAME);
	const add = (spans: readonly SpanData[]): void => {
		for (const data of spans) {
			if (queued - exporting >= settings.maxQueueSize) {
				dropped++;
				continue;
			}
			next.traceId = data.traceId;
			next.spanId = data.spanId;
			const parent =
				data.parentSpanId === undefined
					? ROOT_CONTEXT
					: trace.setSpanContext(ROOT_CONTEXT, {
							traceId: data.traceId,
							spanId: data.parentSpanId,
							traceFlags: TraceFlags.SAMPLED,
							isRemote: true,
						});
			const span = tracer.startSpan(
				data.name,
				{ kind: SpanKind.INTERNAL, startTime: data.startMs, attributes: data.attributes },
				parent,
			);
			if (data.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: data.error });
			span.end(data.endMs);
			if ((span.spanContext().traceFlags & TraceFlags.SAMPLED) !== 0) queued++;
		}
	};
	return {
		add,
		addEvent: (job) => add(eventSpans(job)),
		counts: () => ({ sent, dropped, lastError }),
		async flush(timeoutMs) {
			await Promise.race([provider.forceFlush().catch(() => undefined), delay(timeoutMs)]);
		},
	};
};
