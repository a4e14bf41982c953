/**
 * The PostToolUse / PostToolUseFailure flow on a real engine with real hook processes: which event a result fires,
 * its stdin (response or error, `is_interrupt`, `duration_ms`), the context and replacement it plans, an interrupted
 * call's hooks still running, and a result no hook matches answered at once.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { postToolUse } from "../../../src/engine/flow/tool-result.ts";
import { flowEngine } from "../../support/flow-engine.ts";
import { answeringHooks } from "../../support/hook-context.ts";
import { toolMoment } from "../../support/tool-moment.ts";

const dir = (): string => mkdtempSync(join(tmpdir(), "phm-flow-tool-result-"));

/** The ports of {@link flowEngine} with no MCP names known. */
const portsOf = (hooks: unknown, root: string) => ({
	...flowEngine(hooks, root).ports,
	mcpNames: { claudeName: () => undefined },
});

/** A bash result of `command` with `output`; `failed`: exit code 3. */
const bashResult = (command: string, output: string, failed = false) => ({
	toolName: "bash",
	toolCallId: "call-1",
	input: { command },
	content: [{ type: "text", text: output }],
	isError: failed,
	...(failed ? { structuredContent: { exit_code: 3, output } } : {}),
});

describe("postToolUse", () => {
	it("gives a successful call's hook the response and duration; its context is planned for the result", async () => {
		const root = dir();
		const log = join(root, "stdin.json");
		const context = { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "tests pass" } };
		const ports = portsOf(
			{
				PostToolUse: [
					{
						matcher: "Bash",
						hooks: [
							{ type: "command", command: `cat > '${log}'; printf '%s' '${JSON.stringify(context)}'` },
						],
					},
				],
			},
			root,
		);
		const plan = await postToolUse(ports, bashResult("echo hi", "hi\n"), toolMoment(root, { durationMs: 12.6 }));
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({
			hook_event_name: "PostToolUse",
			tool_name: "Bash",
			tool_input: { command: "echo hi" },
			tool_use_id: "call-1",
			duration_ms: 13,
		});
		expect(plan?.context.join("")).toContain("tests pass");
		expect(plan?.replacement).toBeUndefined();
		expect(plan?.steps.flatMap((step) => (step.do === "record" ? [step.record.kind] : []))).toEqual(["context"]);
	});

	it("fires PostToolUseFailure, not PostToolUse, for a failed call, with the error and no interrupt", async () => {
		const root = dir();
		const log = join(root, "failure.json");
		const post = join(root, "post.json");
		const ports = portsOf(
			{
				PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `cat > '${post}'` }] }],
				PostToolUseFailure: [{ matcher: "Bash", hooks: [{ type: "command", command: `cat > '${log}'` }] }],
			},
			root,
		);
		await postToolUse(ports, bashResult("make", "boom\n", true), toolMoment(root));
		const payload = JSON.parse(readFileSync(log, "utf8"));
		expect(payload).toMatchObject({
			hook_event_name: "PostToolUseFailure",
			error: "Exit code 3\nboom",
			is_interrupt: false,
		});
		expect(payload).not.toHaveProperty("duration_ms");
		expect(() => readFileSync(post)).toThrow();
	});

	it("still runs the hooks of a call the user interrupted, saying so, though pi's signal has fired", async () => {
		const root = dir();
		const log = join(root, "failure.json");
		const ports = portsOf(
			{ PostToolUseFailure: [{ hooks: [{ type: "command", command: `sleep 0.2; cat > '${log}'` }] }] },
			root,
		);
		await postToolUse(ports, bashResult("sleep 9", "", true), toolMoment(root, { signal: AbortSignal.abort() }));
		expect(JSON.parse(readFileSync(log, "utf8"))).toMatchObject({ is_interrupt: true });
	});

	it("plans a fitting updatedToolOutput as the replacement of the result", async () => {
		const root = dir();
		const ports = portsOf(
			answeringHooks("PostToolUse", "Bash", {
				hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stdout: "redacted" } },
			}),
			root,
		);
		const plan = await postToolUse(ports, bashResult("cat .env", "SECRET=1"), toolMoment(root));
		expect(plan?.replacement).toBe("redacted");
		expect(plan?.steps.flatMap((step) => (step.do === "record" ? [step.record.kind] : []))).toEqual([
			"output_replaced",
		]);
	});

	it("answers at once, reading nothing of pi, when the event has no hooks or none matches", () => {
		const root = dir();
		const moment = toolMoment(root);
		const none = portsOf({ PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] }, root);
		expect(postToolUse(none, bashResult("ls", ""), moment)).toBeUndefined();
		const other = flowEngine(
			{ PostToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "exit 2" }] }] },
			root,
		);
		const ports = { ...other.ports, mcpNames: { claudeName: () => undefined } };
		expect(postToolUse(ports, bashResult("ls", ""), moment)).toBeUndefined();
		expect(moment.reads).toEqual({ session: 0, signal: 0, hasUI: 0 });
		expect(other.records.map((record) => [record.event, record.matchQuery])).toEqual([["PostToolUse", "Bash"]]);
	});
});
