/**
 * Hook telemetry of one pi process, opt-in (`PI_HOOK_MANAGER_TELEMETRY=1`): the engine's tracer (event-tracer.ts),
 * a bounded queue of finished events turned into spans on a later tick, the SDK (otel-export.ts) loaded on an idle
 * tick after start-up, the line `/hooks status` shows, and a bounded flush when the session ends. Without the
 * opt-in {@link createTelemetry} returns undefined and nothing of this is loaded or sent. Never throws into pi.
 */
import type { EngineTracer } from "../../engine/dispatch/types.ts";
import { type BackgroundJob, createEventTracer, type EventJob } from "./event-tracer.ts";
import type { SpanExport } from "./otel-export.ts";
import { type TelemetrySettings, telemetrySettings } from "./settings.ts";

/** What the session uses of telemetry. */
export interface Telemetry {
	/** The engine's tracer; undefined when nothing can be sent (an unsupported protocol). */
	readonly tracer: EngineTracer | undefined;
	/** Loads the SDK on a later tick (called once pi has started), so the first event does not wait for it. */
	warm(): void;
	/** One line for `/hooks status`: where spans go, how many were sent and dropped, or why none are. */
	statusText(): string;
	/** Sends what is queued; resolves after at most `timeoutMs` (a dead collector never holds pi). */
	flush(timeoutMs: number): Promise<void>;
}

/** Milliseconds the session's end waits at most for the last spans to go out. */
export const SHUTDOWN_FLUSH_MS = 1500;

/** How the SDK is loaded: otel-export.ts, imported on first use (a test may pass its own). */
export type LoadExport = (settings: TelemetrySettings) => Promise<SpanExport>;

/** otel-export.ts, imported only now: a session without the opt-in never loads it or its packages. */
const loadOtelExport: LoadExport = async (settings) => (await import("./otel-export.ts")).createSpanExport(settings);

/** Telemetry as `env` sets it; undefined without the opt-in. */
export const createTelemetry = (
	env: Readonly<Record<string, string | undefined>>,
	load: LoadExport = loadOtelExport,
): Telemetry | undefined => {
	const settings = telemetrySettings(env);
	if (settings === undefined) return undefined;
	if (settings.problem !== undefined)
		return {
			tracer: undefined,
			warm: () => {},
			statusText: () =>
				`telemetry off: OTEL_EXPORTER_OTLP_PROTOCOL ${settings.protocolText} is not supported ` +
				"(http/protobuf or http/json)",
			flush: async () => {},
		};
	let exporter: SpanExport | undefined;
	let loadError: string | undefined;
	let loading: Promise<unknown> | undefined;
	/** Events waiting for the SDK or the next tick, and their spans. */
	let jobs: (EventJob | BackgroundJob)[] = [];
	let waiting = 0;
	let droppedHere = 0;
	let scheduled = false;
	const ready = (): Promise<unknown> => {
		loading ??= load(settings).then(
			(loaded) => {
				exporter = loaded;
			},
			(error: unknown) => {
				loadError = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
			},
		);
		return loading;
	};
	/** Turns the waiting events into spans and hands them to the SDK (loaded by now, or failed to load). */
	const drain = (): void => {
		scheduled = false;
		const taken = jobs;
		jobs = [];
		waiting = 0;
		for (const job of taken) {
			try {
				if (exporter === undefined) droppedHere += job.spans;
				else exporter.addEvent(job);
			} catch {
				droppedHere += job.spans;
			}
		}
	};
	const schedule = (): void => {
		if (scheduled) return;
		scheduled = true;
		setImmediate(() => void ready().then(drain));
	};
	const tracer = createEventTracer((job) => {
		// The queue is bounded here too (before the SDK's): a burst of events never grows pi's memory.
		if (waiting + job.spans > settings.maxQueueSize) {
			droppedHere += job.spans;
			return;
		}
		jobs.push(job);
		waiting += job.spans;
		schedule();
	}, settings.parent);
	return {
		tracer,
		warm: () => {
			setImmediate(() => void ready()).unref();
		},
		statusText() {
			const where = `${settings.endpoint} (${settings.protocol})`;
			if (loadError !== undefined) return `telemetry off: its packages did not load (${loadError})`;
			const counts = exporter?.counts();
			const parts = [
				`telemetry on: spans to ${where}`,
				`${counts?.sent ?? 0} sent`,
				`${(counts?.dropped ?? 0) + droppedHere} dropped`,
			];
			if (counts?.lastError !== undefined) parts.push(`last export failed: ${counts.lastError}`);
			return parts.join(", ");
		},
		async flush(timeoutMs) {
			await ready();
			drain();
			await exporter?.flush(timeoutMs);
		},
	};
};
