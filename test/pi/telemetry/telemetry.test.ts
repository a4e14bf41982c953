/**
 * Hook telemetry below pi: the real engine running real hook processes, its tracer from `createTelemetry`, the
 * real OpenTelemetry SDK and OTLP exporter, and a local OTLP/HTTP receiver. What the spans say of a block, a
 * timeout and a background hook; pi's own TRACEPARENT as the parent; the bounded queue and a dead collector
 * counted as dropped in the status line; nothing at all without the opt-in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mergeSources } from "../../../src/engine/config/merge.ts";
import { parseSettingsText } from "../../../src/engine/config/parse.ts";
import { createEngine } from "../../../src/engine/dispatch/dispatch.ts";
import { createTelemetry, type Telemetry } from "../../../src/pi/telemetry/telemetry.ts";
import { engineDeps } from "../../support/engine-deps.ts";
import { engineSession } from "../../support/engine-session.ts";
import { closedPort, type OtlpReceiver, startOtlpReceiver } from "../../support/otlp-receiver.ts";

let receiver: OtlpReceiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
});

const configOf = (hooks: unknown) =>
	mergeSources(
		[
			parseSettingsText(JSON.stringify({ hooks }), {
				scope: "pi-global",
				file: "/g/settings.json",
				project: false,
			}),
		],
		true,
	);

const request = {
	event: "PreToolUse" as const,
	matchValues: ["Bash", "bash"],
	tool: { ccToolName: "Bash", ccInput: { command: "ls" } },
	payload: { hook_event_name: "PreToolUse" },
	session: engineSession("/tmp", { sessionId: "S1", transcriptPath: "/t.jsonl" }),
};

/** Dispatches one PreToolUse with `hooks` through an engine traced by `telemetry`, then flushes. */
const dispatchOnce = async (telemetry: Telemetry, hooks: unknown): Promise<void> => {
	const engine = createEngine({ ...engineDeps({ config: () => configOf(hooks) }), tracer: telemetry.tracer });
	await engine.dispatch(request);
	await telemetry.flush(5000);
};

const env = (endpoint: string, extra: Record<string, string> = {}) => ({
	PI_HOOK_MANAGER_TELEMETRY: "1",
	OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
	OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
	...extra,
});

describe("hook telemetry", () => {
	it("is nothing without the opt-in", () => {
		expect(createTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:1" })).toBeUndefined();
		expect(createTelemetry({ PI_HOOK_MANAGER_TELEMETRY: "0" })).toBeUndefined();
		expect(createTelemetry({ PI_HOOK_MANAGER_TELEMETRY: "1", OTEL_SDK_DISABLED: "true" })).toBeUndefined();
		expect(createTelemetry({ PI_HOOK_MANAGER_TELEMETRY: "1" })?.statusText()).toBe(
			"telemetry on: spans to http://localhost:4318/v1/traces (http/protobuf), 0 sent, 0 dropped",
		);
	});

	it("a blocking exit 2 and a timeout: codes, masked reason, error status, under pi's own TRACEPARENT", async () => {
		receiver = await startOtlpReceiver();
		const parent = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331" };
		const telemetry = createTelemetry(
			env(receiver.endpoint, { TRACEPARENT: `00-${parent.traceId}-${parent.spanId}-01`, TRACESTATE: "k=v" }),
		);
		if (telemetry === undefined) throw new Error("telemetry is on");
		await dispatchOnce(telemetry, {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{ type: "command", command: "echo 'blocked: password=hunter2hunter2' >&2; exit 2" },
						{ type: "command", command: "sleep 5", timeout: 1 },
					],
				},
			],
		});
		const spans = receiver.spans();
		const event = spans.find((span) => span.name === "hook_event PreToolUse");
		expect(event?.traceId).toBe(parent.traceId);
		expect(event?.parentSpanId).toBe(parent.spanId);
		expect(event?.attributes).toMatchObject({ "pi.hook.decision": "block", "pi.hook.runs": 2, "session.id": "S1" });
		const runs = spans.filter((span) => span.name === "hook_run PreToolUse");
		expect(runs).toHaveLength(2);
		const block = runs.find((span) => span.attributes["pi.hook.status"] === "blocking");
		expect(block?.attributes).toMatchObject({
			"pi.hook.decision": "block",
			"pi.hook.block_reason": "exit_2",
			"process.exit.code": 2,
			"pi.hook.source.scope": "pi-global",
			"pi.hook.timed_out": false,
		});
		expect(block?.attributes["pi.hook.reason"]).toContain("[redacted]");
		expect(block?.statusCode).toBe(0);
		const timeout = runs.find((span) => span.attributes["pi.hook.status"] === "timeout");
		expect(timeout?.attributes).toMatchObject({
			"pi.hook.timed_out": true,
			"error.type": "timeout",
			"pi.hook.decision": "none",
		});
		expect(timeout?.attributes["process.exit.code"]).toBeUndefined();
		expect(timeout?.statusCode).toBe(2);
		for (const body of receiver.bodies) expect(body).not.toContain("hunter2");
		expect(telemetry.statusText()).toMatch(
			/^telemetry on: spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces \(http\/json\), 3 sent, 0 dropped$/,
		);
	});

	it("hands each command hook the TRACEPARENT of its own run's span, and pi's TRACESTATE", async () => {
		receiver = await startOtlpReceiver();
		// pi under a traced job: a TRACESTATE goes with its TRACEPARENT (alone it names no trace and is not passed).
		const telemetry = createTelemetry(
			env(receiver.endpoint, {
				TRACEPARENT: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
				TRACESTATE: "vendor=pi",
			}),
		);
		if (telemetry === undefined) throw new Error("telemetry is on");
		const hook = (name: string) => ({
			type: "command",
			command: `printf '%s %s %s' ${name} "$TRACEPARENT" "$TRACESTATE" >&2; exit 2`,
		});
		const engine = createEngine({
			...engineDeps({ config: () => configOf({ PreToolUse: [{ hooks: [hook("one"), hook("two")] }] }) }),
			tracer: telemetry.tracer,
		});
		const result = await engine.dispatch(request);
		await telemetry.flush(5000);
		const runs = receiver.spans().filter((span) => span.name === "hook_run PreToolUse");
		expect(runs).toHaveLength(2);
		const seen = result.verdicts.map((verdict) => verdict.message).sort();
		const commandOf = (span: (typeof runs)[number]) => String(span.attributes["pi.hook.command"]);
		const expected = runs
			.map((span) => `${commandOf(span).includes(" one ") ? "one" : "two"} 00-${span.traceId}-${span.spanId}-01`)
			.map((line) => `${line} vendor=pi`)
			.sort();
		expect(seen).toEqual(expected);
		expect(new Set(runs.map((span) => span.spanId)).size).toBe(2);
	});

	it("a background (async) hook gets a run span of its own under the event's, when it finishes", async () => {
		receiver = await startOtlpReceiver();
		const telemetry = createTelemetry(env(receiver.endpoint));
		if (telemetry === undefined) throw new Error("telemetry is on");
		let finished: (message: string) => void = () => {};
		const late = new Promise<string>((resolve) => {
			finished = resolve;
		});
		const engine = createEngine({
			...engineDeps({
				config: () =>
					configOf({
						PreToolUse: [
							{
								hooks: [
									{ type: "command", command: 'printf %s "$TRACEPARENT" >&2; exit 1', async: true },
								],
							},
						],
					}),
				observers: { onAsyncVerdict: (verdict) => finished(verdict.message) },
			}),
			tracer: telemetry.tracer,
		});
		const result = await engine.dispatch(request);
		expect(result.background).toHaveLength(1);
		const seen = await late;
		await telemetry.flush(5000);
		const spans = receiver.spans();
		const event = spans.find((span) => span.name === "hook_event PreToolUse");
		const run = spans.find((span) => span.name === "hook_run PreToolUse");
		expect(event?.attributes["pi.hook.runs"]).toBe(0);
		expect(run?.parentSpanId).toBe(event?.spanId);
		expect(run?.attributes).toMatchObject({ "pi.hook.background": true, "process.exit.code": 1 });
		expect(seen).toContain(`00-${run?.traceId}-${run?.spanId}-01`);
	});

	it("http/protobuf (the default protocol) posts protobuf to the receiver", async () => {
		receiver = await startOtlpReceiver();
		const telemetry = createTelemetry(env(receiver.endpoint, { OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" }));
		if (telemetry === undefined) throw new Error("telemetry is on");
		await dispatchOnce(telemetry, { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] });
		expect(receiver.headers.map((headers) => headers["content-type"])).toEqual(["application/x-protobuf"]);
		expect(receiver.bodies[0]).toContain("hook_run PreToolUse");
		expect(telemetry.statusText()).toMatch(/\(http\/protobuf\), 2 sent, 0 dropped$/);
	});

	it("a dead collector: the spans are counted as dropped in the status line, the hooks still decide", async () => {
		const telemetry = createTelemetry(env(`http://127.0.0.1:${await closedPort()}`));
		if (telemetry === undefined) throw new Error("telemetry is on");
		const engine = createEngine({
			...engineDeps({
				config: () => configOf({ PreToolUse: [{ hooks: [{ type: "command", command: "exit 2" }] }] }),
			}),
			tracer: telemetry.tracer,
		});
		const result = await engine.dispatch(request);
		expect(result.verdicts[0]?.status).toBe("blocking");
		await telemetry.flush(5000);
		expect(telemetry.statusText()).toMatch(/, 0 sent, 2 dropped, last export failed: /);
	});

	it("the queue is bounded: an event that does not fit is dropped and counted, never held", async () => {
		receiver = await startOtlpReceiver();
		const telemetry = createTelemetry(env(receiver.endpoint, { OTEL_BSP_MAX_QUEUE_SIZE: "1" }));
		if (telemetry === undefined) throw new Error("telemetry is on");
		await dispatchOnce(telemetry, { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] });
		expect(receiver.bodies).toEqual([]);
		expect(telemetry.statusText()).toMatch(/, 0 sent, 2 dropped$/);
	});

	it("says so when the protocol is grpc (not offered): nothing is traced", () => {
		const telemetry = createTelemetry({ PI_HOOK_MANAGER_TELEMETRY: "1", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
		expect(telemetry?.tracer).toBeUndefined();
		expect(telemetry?.statusText()).toBe(
			"telemetry off: OTEL_EXPORTER_OTLP_PROTOCOL grpc is not supported (http/protobuf or http/json)",
		);
	});
});
