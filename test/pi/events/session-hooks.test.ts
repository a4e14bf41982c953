/**
 * SessionStart and SessionEnd on a real engine with real hook processes: the hooks get the source (and pi's
 * model) or the reason and match on it, SessionStart context reaches the model hidden with the next prompt.
 */
import { join } from "node:path";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { CONTEXT_MESSAGE_TYPE } from "../../../src/pi/events/hook-context.ts";
import { runSessionEnd, runSessionStart } from "../../../src/pi/events/session-hooks.ts";
import { readJsonLines } from "../../support/e2e.ts";
import { printsJson, recordStdinTo, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-session-hooks-");

describe("runSessionStart", () => {
	it("runs the hooks matching the source with pi's model, resolves with their ids", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc, api } = await startHookContext(sdk, {
			SessionStart: [
				{ matcher: "compact", hooks: [recordStdinTo(log)] },
				{ matcher: "startup", hooks: [{ type: "command", command: "true" }] },
			],
		});
		const { ran } = await runSessionStart(hc, api, "compact", undefined);
		expect(ran.size).toBe(1);
		const [run] = readJsonLines(log);
		expect(run).toMatchObject({ hook_event_name: "SessionStart", source: "compact", model: hc.ctx.model?.id });
		expect(run).not.toHaveProperty("permission_mode");
	});

	it("sends the hooks' context to the model, hidden, with the next prompt", async () => {
		const context = { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "SS-CONTEXT" } };
		const { hc, api, pi } = await startHookContext(sdk, {
			SessionStart: [{ hooks: [{ type: "command", command: printsJson(context) }] }],
		});
		await runSessionStart(hc, api, "startup", undefined);
		pi.faux.setResponses([fauxAssistantMessage("ok")]);
		await pi.session().prompt("hi");
		const hidden = pi
			.session()
			.messages.filter((message) => (message as { customType?: string }).customType === CONTEXT_MESSAGE_TYPE);
		expect(hidden).toHaveLength(1);
		expect(String((hidden[0] as { content?: unknown }).content)).toContain(
			"SessionStart hook additional context: SS-CONTEXT",
		);
	});
});

describe("runSessionEnd", () => {
	it("gives the hooks Claude Code's reason for pi's (a new session is clear) and matches on it", async () => {
		const log = join(sdk.root, "runs.jsonl");
		const { hc } = await startHookContext(sdk, {
			SessionEnd: [
				{ matcher: "clear", hooks: [recordStdinTo(log)] },
				{ matcher: "other", hooks: [recordStdinTo(join(sdk.root, "other.jsonl"))] },
			],
		});
		await runSessionEnd(hc, "new");
		expect(readJsonLines(log)).toMatchObject([{ hook_event_name: "SessionEnd", reason: "clear" }]);
		expect(() => readJsonLines(join(sdk.root, "other.jsonl"))).toThrow(/ENOENT/);
	});
});
