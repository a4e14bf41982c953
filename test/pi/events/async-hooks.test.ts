/**
 * Background hooks' results in a real pi session (real hook processes, pi's SDK in-process): an `asyncRewake`
 * hook's exit 2 wakes the agent with its output, an `async` hook's context reaches the model hidden with the
 * next prompt, a failure is one error record and nothing else.
 */
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import type { HookVerdict } from "../../../src/engine/decide/interpret.ts";
import type { DispatchRequest } from "../../../src/engine/engine.ts";
import { deliverAsyncVerdict, REWAKE_MESSAGE_TYPE } from "../../../src/pi/events/async-hooks.ts";
import { CONTEXT_MESSAGE_TYPE } from "../../../src/pi/events/hook-context.ts";
import { CLOCK, startHookContext } from "../../support/hook-context.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-async-hooks-");

/**
 * Runs one background PostToolUse Bash hook (`handler`) in a real pi session, waits for its verdict and
 * delivers it; returns pi, the records and what the model saw on each later request.
 */
const deliverOne = async (handler: Record<string, unknown>) => {
	let finished: (value: [HookVerdict, DispatchRequest]) => void = () => {};
	const done = new Promise<[HookVerdict, DispatchRequest]>((resolve) => {
		finished = resolve;
	});
	const started = await startHookContext(
		sdk,
		{ PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", ...handler }] }] },
		{ onAsyncVerdict: (verdict, request) => finished([verdict, request]) },
	);
	const seen: string[] = [];
	started.pi.faux.setResponses(
		Array.from({ length: 3 }, () => (context: { messages: unknown[] }) => {
			seen.push(JSON.stringify(context.messages));
			return fauxAssistantMessage("noted");
		}),
	);
	const { verdicts: awaited } = await started.hc.engine.dispatch({
		session: started.hc.session,
		event: "PostToolUse",
		matchValues: ["Bash"],
		tool: { ccToolName: "Bash", ccInput: { command: "npm test" } },
		payload: { hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "npm test" } },
		summary: "npm test",
	});
	expect(awaited).toEqual([]);
	const [verdict, request] = await done;
	deliverAsyncVerdict(started.hc, started.api, verdict, request);
	return { ...started, seen };
};

const customMessages = (session: { messages: unknown[] }, type: string) =>
	session.messages.filter((message) => (message as { customType?: string }).customType === type) as {
		content: string;
		display: boolean;
	}[];

describe("deliverAsyncVerdict", () => {
	it("an asyncRewake hook's exit 2 wakes the agent with its stderr, shown in the transcript", async () => {
		const { pi, seen, records } = await deliverOne({
			command: "cat >/dev/null; echo 'tests failed: 3' >&2; exit 2",
			asyncRewake: true,
		});
		// The wake-up starts a turn of its own: wait for the model to be asked, then for the turn to end.
		while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
		await pi.session().waitForIdle();
		const woken = customMessages(pi.session(), REWAKE_MESSAGE_TYPE);
		expect(woken).toHaveLength(1);
		expect(woken[0]?.display).toBe(true);
		expect(woken[0]?.content).toContain("PostToolUse:Bash hook: tests failed: 3");
		expect(seen).toHaveLength(1);
		expect(seen[0]).toContain("tests failed: 3");
		expect(records).toEqual([]);
	});

	it("an asyncRewake hook's exit 0 wakes nothing", async () => {
		const { pi, seen } = await deliverOne({ command: "cat >/dev/null; echo fine", asyncRewake: true });
		await pi.session().prompt("next");
		expect(customMessages(pi.session(), REWAKE_MESSAGE_TYPE)).toEqual([]);
		expect(seen).toHaveLength(1);
		expect(seen[0]).not.toContain("PostToolUse:Bash hook");
	});

	it("an async hook's additionalContext and systemMessage reach the model hidden with the next prompt", async () => {
		const output = {
			systemMessage: "lint ran",
			hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "LINT-CONTEXT" },
		};
		const { pi, seen } = await deliverOne({
			command: `cat >/dev/null; printf '%s' '${JSON.stringify(output)}'`,
			async: true,
		});
		expect(seen).toEqual([]);
		await pi.session().prompt("next");
		expect(seen).toHaveLength(1);
		expect(seen[0]).toContain("LINT-CONTEXT");
		expect(seen[0]).toContain("PostToolUse:Bash hook says: lint ran");
		const hidden = customMessages(pi.session(), CONTEXT_MESSAGE_TYPE);
		expect(hidden.map((message) => message.display)).toEqual([false]);
	});

	it("a failing async hook is one error record, with the tool and the injected time, and sends nothing", async () => {
		const { pi, seen, records } = await deliverOne({
			command: "cat >/dev/null; echo broke >&2; exit 1",
			async: true,
		});
		expect(records).toEqual([
			expect.objectContaining({
				kind: "error",
				event: "PostToolUse",
				tool: "Bash",
				input: "npm test",
				time: CLOCK,
			}),
		]);
		expect(customMessages(pi.session(), REWAKE_MESSAGE_TYPE)).toEqual([]);
		expect(customMessages(pi.session(), CONTEXT_MESSAGE_TYPE)).toEqual([]);
		expect(seen).toEqual([]);
	});
});
