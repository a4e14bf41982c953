/**
 * OpenTelemetry export end to end: the real pi in print mode with `PI_HOOK_MANAGER_TELEMETRY=1` sends a
 * `hook_event PreToolUse` span and its `hook_run` child (with the hook's decision and its masked command) to a local
 * OTLP/HTTP receiver, the command hook gets a `TRACEPARENT` naming its run's span, and a collector that is not
 * there does not fail the run: its lost spans are counted in `/hooks status`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { closedPort, type OtlpReceiver, startOtlpReceiver } from "../support/otlp-receiver.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";
import { startPiRpc } from "../support/pi-rpc.ts";

const e2e = useE2e();
let receiver: OtlpReceiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
});

/** A token-shaped secret in the hook's command line: it must reach the collector masked. */
const SECRET = "ghp_0123456789abcdefghijABCDEFGHIJ012345";

/** A Bash PreToolUse hook that writes its TRACEPARENT to `file` and denies the call. */
const writeDenyingHook = (sandbox: PiSandbox, file: string): void => {
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: {
			PreToolUse: [
				{
					matcher: "Bash",
					hooks: [
						{
							type: "command",
							command:
								`GITHUB_TOKEN=${SECRET} printf '%s\\n' "$TRACEPARENT" > '${file}'; ` +
								`printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse",` +
								`"permissionDecision":"deny","permissionDecisionReason":"no rm here"}}'`,
						},
					],
				},
			],
		},
	});
};

describe("OpenTelemetry export", () => {
	it("sends the event span and a hook-run child span with the decision, and the hook joins the trace", async () => {
		receiver = await startOtlpReceiver();
		const sandbox = e2e.sandbox();
		const file = join(sandbox.root, "traceparent.txt");
		writeDenyingHook(sandbox, file);
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"), {
			env: {
				PI_HOOK_MANAGER_TELEMETRY: "1",
				OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
				OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
				OTEL_SERVICE_NAME: "hooks-under-test",
				OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name=test",
				OTEL_EXPORTER_OTLP_HEADERS: "x-collector-key=collector-secret",
			},
		});
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout).toContain("no rm here");
		const spans = receiver.spans();
		const event = spans.find((span) => span.name === "hook_event PreToolUse");
		expect(event, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
		if (event === undefined) return;
		expect(event.attributes).toMatchObject({
			"pi.hook.event": "PreToolUse",
			"pi.hook.match_query": "Bash",
			"gen_ai.tool.name": "Bash",
			"pi.hook.runs": 1,
			"pi.hook.decision": "deny",
		});
		expect(event.resource).toMatchObject({
			"service.name": "hooks-under-test",
			"deployment.environment.name": "test",
		});
		const runs = spans.filter((span) => span.parentSpanId === event.spanId);
		expect(runs.map((span) => span.name)).toEqual(["hook_run PreToolUse"]);
		const run = runs[0];
		if (run === undefined) return;
		expect(run.traceId).toBe(event.traceId);
		expect(run.attributes).toMatchObject({
			"pi.hook.event": "PreToolUse",
			"pi.hook.matcher": "Bash",
			"pi.hook.type": "command",
			"pi.hook.source.scope": "claude-user",
			"pi.hook.source.file": join(sandbox.home, ".claude", "settings.json"),
			"pi.hook.trust": "user",
			"pi.hook.status": "success",
			"pi.hook.decision": "deny",
			"pi.hook.permission_decision": "deny",
			"pi.hook.block_reason": "permission_deny",
			"pi.hook.reason": "no rm here",
			"pi.hook.timed_out": false,
			"process.exit.code": 0,
		});
		expect(typeof run.attributes["pi.hook.duration_ms"]).toBe("number");
		expect(run.attributes["pi.hook.command"]).toContain("GITHUB_TOKEN=[redacted]");
		for (const body of receiver.bodies) expect(body).not.toContain(SECRET);
		// The collector's own key goes as a header (OTEL_EXPORTER_OTLP_HEADERS), never into a span.
		expect(receiver.headers[0]?.["x-collector-key"]).toBe("collector-secret");
		for (const body of receiver.bodies) expect(body).not.toContain("collector-secret");
		// The hook saw its own run's span as its parent: its spans would join this trace under the run.
		expect(readFileSync(file, "utf8").trim()).toBe(`00-${event.traceId}-${run.spanId}-01`);
	});

	it("a collector that is not there costs the run nothing: the hook still decides, pi exits 0", async () => {
		const sandbox = e2e.sandbox();
		const file = join(sandbox.root, "traceparent.txt");
		writeDenyingHook(sandbox, file);
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"), {
			env: {
				PI_HOOK_MANAGER_TELEMETRY: "1",
				OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
				OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
			},
		});
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout).toContain("no rm here");
		expect(result.stderr).not.toMatch(/opentelemetry|ECONNREFUSED|export/i);
		expect(readFileSync(file, "utf8").trim()).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
	});

	it("without the opt-in nothing is sent and the hook gets no TRACEPARENT of ours", async () => {
		receiver = await startOtlpReceiver();
		const sandbox = e2e.sandbox();
		const file = join(sandbox.root, "traceparent.txt");
		writeDenyingHook(sandbox, file);
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"), {
			env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
		});
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout).toContain("no rm here");
		expect(readFileSync(file, "utf8").trim()).toBe("");
		expect(receiver.bodies).toEqual([]);
	});

	it("/hooks status says where spans go and counts those a dead collector lost", async () => {
		const sandbox = e2e.sandbox();
		writeDenyingHook(sandbox, join(sandbox.root, "traceparent.txt"));
		const port = await closedPort();
		const rpc = startPiRpc(sandbox, [], {
			PI_HOOK_MANAGER_TELEMETRY: "1",
			OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${port}/v1/traces`,
		});
		try {
			await rpc.prompt("bash: echo hi");
			const notices = async (): Promise<string[]> => {
				const from = rpc.records.length;
				await rpc.prompt("/hooks status");
				return rpc.records
					.slice(from)
					.filter((record) => record.type === "extension_ui_request" && record.method === "notify")
					.map((record) => String(record.message));
			};
			// The export is in the background: ask until its failure is in (each answer is the state of that moment).
			let status = await notices();
			for (let asked = 1; asked < 50 && !status.some((text) => text.includes("2 dropped")); asked++) {
				await new Promise((resolve) => setTimeout(resolve, 200));
				status = await notices();
			}
			expect(status).toContainEqual(
				expect.stringContaining(
					`telemetry on: spans to http://127.0.0.1:${port}/v1/traces (http/protobuf), 0 sent, 2 dropped, ` +
						"last export failed: ",
				),
			);
		} finally {
			await rpc.close();
		}
	});
});
