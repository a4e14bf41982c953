/**
 * Figure 10 (issue 28): what hook telemetry adds to one hook run on the calling path. The real engine dispatches a
 * PreToolUse with one command hook whose runner answers at once (no process: the figure is the engine's own path),
 * without a tracer and with the tracer of `PI_HOOK_MANAGER_TELEMETRY=1` (its SDK exporting to a local OTLP/HTTP
 * receiver), alternating in batches; the calling path is the awaited dispatch, the spans are built and handed to
 * the SDK on the next tick (second row).
 */
import { mergeSources } from "../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../src/engine/config/parse.ts";
import { createEngine, DEFAULT_LIMITS, type EngineTracer, UNAVAILABLE_RUNNERS } from "../../src/engine/engine.ts";
import type { ProcessOutcome } from "../../src/engine/ports.ts";
import { createTelemetry } from "../../src/pi/telemetry/telemetry.ts";
import { engineSession } from "../../test/support/engine-session.ts";
import { startOtlpReceiver } from "../../test/support/otlp-receiver.ts";
import { type FigureRow, formatMs, median } from "../stats.ts";

const OUTCOME: ProcessOutcome = {
	kind: "exited",
	code: 0,
	stdout: { text: "", bytes: 0, truncated: false },
	stderr: { text: "", bytes: 0, truncated: false },
	durationMs: 1,
};

const CONFIG = mergeSources(
	[
		parseSettingsText(
			JSON.stringify({
				hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
			}),
			{ scope: "claude-user", file: "/bench/settings.json", project: false },
		),
	],
	true,
);

const REQUEST = {
	event: "PreToolUse" as const,
	matchValues: ["Bash"],
	tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
	payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
	session: engineSession("/tmp", { sessionId: "bench", transcriptPath: "/bench/t.jsonl" }),
};

/** An engine over the bench's one hook, traced by `tracer` (or not). */
const engineWith = (tracer: EngineTracer | undefined) =>
	createEngine({
		config: () => CONFIG,
		runners: { ...UNAVAILABLE_RUNNERS, process: async () => OUTCOME },
		baseEnv: process.env,
		sessionSignal: () => undefined,
		switches: { isEnabled: () => true, allOff: () => false, switchSignal: () => undefined },
		trust: { stillApproved: () => true, onApprovalLost: () => {}, settle: () => undefined },
		observers: { onRecord: () => {}, onAsyncVerdict: () => {}, onRunStart: () => {}, onRunEnd: () => {} },
		clock: Date.now,
		limits: DEFAULT_LIMITS,
		tracer,
	});

/** Per-dispatch milliseconds of `calls` dispatches: awaited (calling path) and up to the next tick (all). */
const batch = async (engine: ReturnType<typeof engineWith>, calls: number): Promise<{ call: number; all: number }> => {
	let call = 0;
	let all = 0;
	for (let index = 0; index < calls; index++) {
		const started = performance.now();
		await engine.dispatch(REQUEST);
		call += performance.now() - started;
		await new Promise((resolve) => setImmediate(resolve));
		all += performance.now() - started;
	}
	return { call: call / calls, all: all / calls };
};

/** Figure 10: the added cost per hook run with telemetry on. */
export const measureTelemetry = async (): Promise<FigureRow[]> => {
	const receiver = await startOtlpReceiver();
	try {
		const telemetry = createTelemetry({
			PI_HOOK_MANAGER_TELEMETRY: "1",
			OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
			OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
		});
		if (telemetry?.tracer === undefined) throw new Error("telemetry did not turn on");
		const off = engineWith(undefined);
		const on = engineWith(telemetry.tracer);
		await batch(on, 50);
		await telemetry.flush(2000);
		const added: number[] = [];
		const addedAll: number[] = [];
		for (let round = 0; round < 40; round++) {
			const without = await batch(off, 100);
			const traced = await batch(on, 100);
			added.push(traced.call - without.call);
			addedAll.push(traced.all - without.all);
			await telemetry.flush(2000);
		}
		const ms = median(added.slice(4));
		const all = median(addedAll.slice(4));
		return [
			{
				figure: 10,
				what: "telemetry on: added per hook run on the calling path (ids, TRACEPARENT, queueing the record)",
				target: "< 0.2 ms",
				measured: `${formatMs(ms)} median of 36 batches of 100`,
				result: ms < 0.2 ? "met" : "missed",
			},
			{
				figure: 10,
				what: "telemetry on: added per event up to the next tick (spans built, handed to the SDK's queue)",
				target: "-",
				measured: `${formatMs(all)} median of 36 batches of 100`,
				result: "-",
			},
		];
	} finally {
		await receiver.close();
	}
};
