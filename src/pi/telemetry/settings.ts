/**
 * Whether hook telemetry is on and where it goes, read from the environment: the opt-in
 * `PI_HOOK_MANAGER_TELEMETRY=1`, then OpenTelemetry's standard variables (the OTLP exporter reads the endpoint,
 * headers, timeout and compression itself; this reads what the status line shows and picks the protocol). A
 * `TRACEPARENT` in pi's own environment makes every event span its child. Pure.
 */

/** The opt-in variable: `1` (or `true`) turns the export on; anything else, or nothing, leaves it off. */
export const TELEMETRY_VARIABLE = "PI_HOOK_MANAGER_TELEMETRY";

/** The OTLP over HTTP encodings the exporter packages offer (`grpc` is not one of them). */
export type OtlpProtocol = "http/protobuf" | "http/json";

/** A W3C trace context: the span this one's spans are children of. */
export interface ParentContext {
	readonly traceId: string;
	readonly spanId: string;
	readonly traceState: string | undefined;
}

/** The export's settings when the opt-in is set. */
export interface TelemetrySettings {
	/**
	 * Where spans are POSTed: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as is, else `OTEL_EXPORTER_OTLP_ENDPOINT` +
	 * `/v1/traces` (default `http://localhost:4318/v1/traces`).
	 */
	readonly endpoint: string;
	readonly protocol: OtlpProtocol;
	/** Set when nothing can be sent (`unsupported_protocol`: `grpc` or an unknown value). */
	readonly problem: "unsupported_protocol" | undefined;
	/** The protocol as the environment gave it, for the status line of a problem. */
	readonly protocolText: string;
	/** Spans held at most while the collector is slow or down (`OTEL_BSP_MAX_QUEUE_SIZE`, default 2048). */
	readonly maxQueueSize: number;
	/**
	 * Milliseconds one export may take, retries included (`OTEL_EXPORTER_OTLP_TRACES_TIMEOUT`, then
	 * `OTEL_EXPORTER_OTLP_TIMEOUT`; default {@link DEFAULT_EXPORT_TIMEOUT_MS}, not OpenTelemetry's 10 s: the exporter's
	 * retries of a dead collector keep pi's process alive at exit for up to this long).
	 */
	readonly exportTimeoutMs: number;
	/** pi's own `TRACEPARENT` (pi runs inside a traced job): event spans join that trace. */
	readonly parent: ParentContext | undefined;
}

/** OTLP/HTTP's default endpoint (the OpenTelemetry Collector's and Jaeger's port). */
const DEFAULT_ENDPOINT = "http://localhost:4318";

/** Spans the queue holds by default (OpenTelemetry's `OTEL_BSP_MAX_QUEUE_SIZE` default). */
const DEFAULT_MAX_QUEUE = 2048;

/** The default of {@link TelemetrySettings.exportTimeoutMs}: a local collector answers well within it. */
export const DEFAULT_EXPORT_TIMEOUT_MS = 1000;

/** A positive number of milliseconds from `text`; undefined when it is not one. */
const positive = (text: string | undefined): number | undefined => {
	const value = Number(text);
	return text !== undefined && text.trim() !== "" && Number.isFinite(value) && value > 0 ? value : undefined;
};

/** `00-<32 hex>-<16 hex>-<2 hex>` (W3C Trace Context, version 00); ids of all zeros are invalid. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** A `TRACEPARENT` value read; undefined when malformed. */
export const parseTraceparent = (value: string | undefined, traceState?: string): ParentContext | undefined => {
	const match = TRACEPARENT.exec(value?.trim() ?? "");
	if (match === null) return undefined;
	const [, traceId = "", spanId = ""] = match;
	if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined;
	return { traceId, spanId, traceState: traceState === undefined || traceState === "" ? undefined : traceState };
};

/** The `TRACEPARENT` of a span (sampled). */
export const traceparent = (traceId: string, spanId: string): string => `00-${traceId}-${spanId}-01`;

/** True when the opt-in is set. */
export const telemetryOn = (env: Readonly<Record<string, string | undefined>>): boolean => {
	const value = env[TELEMETRY_VARIABLE]?.trim().toLowerCase();
	return value === "1" || value === "true";
};

/**
 * The settings, or undefined when the opt-in is not set or `OTEL_SDK_DISABLED=true` (then nothing is loaded or
 * sent).
 */
export const telemetrySettings = (env: Readonly<Record<string, string | undefined>>): TelemetrySettings | undefined => {
	// OpenTelemetry's own off switch wins over the opt-in.
	if (!telemetryOn(env) || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
	const protocolText = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || "http/protobuf")
		.trim()
		.toLowerCase();
	const known = protocolText === "http/json" || protocolText === "http/protobuf";
	const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
	const base = (env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || DEFAULT_ENDPOINT).replace(/\/+$/, "");
	const queue = Number(env.OTEL_BSP_MAX_QUEUE_SIZE);
	return {
		endpoint: specific || `${base}/v1/traces`,
		protocol: protocolText === "http/json" ? "http/json" : "http/protobuf",
		problem: known ? undefined : "unsupported_protocol",
		protocolText,
		maxQueueSize: Number.isInteger(queue) && queue > 0 ? queue : DEFAULT_MAX_QUEUE,
		exportTimeoutMs:
			positive(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT) ??
			positive(env.OTEL_EXPORTER_OTLP_TIMEOUT) ??
			DEFAULT_EXPORT_TIMEOUT_MS,
		parent: parseTraceparent(env.TRACEPARENT, env.TRACESTATE),
	};
};
