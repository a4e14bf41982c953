/**
 * The `prompt` hook runner in a real pi session (pi's SDK in-process) asking the scripted local model over
 * HTTP (test/support/fake-llm.mjs), or pi's own faux model: the `{ok, reason}` answer becomes the hook JSON
 * of the event; no model, a bad answer, a provider error, a timeout and an abort are outcomes, never throws.
 */
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { PromptSpec } from "../../../src/engine/ports.ts";
import { PROMPT_HOOK_SYSTEM } from "../../../src/engine/run/prompt-hook.ts";
import { createPromptRunner } from "../../../src/host/models/prompt-runner.ts";
import type { ChatRequest, FakeStep } from "../../support/fake-llm.mjs";
import { fakeProvider, useModelServers } from "../../support/model-servers.ts";
import { type SdkRuntime, useSdkSandbox } from "../../support/pi-sdk.ts";

/** The clock the runner stamps its request with (epoch ms). */
const now = (): number => 1_700_000_000_000;

const sdk = useSdkSandbox("phm-prompt-runner-");
const servers = useModelServers();

/** pi with the `fake` provider at `baseUrl` registered; returns pi's context and pi. */
const startPi = async (baseUrl: string): Promise<{ ctx: ExtensionContext; pi: SdkRuntime }> => {
	let seen: ExtensionContext | undefined;
	const pi = await sdk.start({
		extensions: [
			(api: ExtensionAPI) => {
				api.registerProvider("fake", fakeProvider(baseUrl));
				api.on("session_start", (_event, ctx) => {
					seen = ctx;
				});
			},
		],
	});
	if (seen === undefined) throw new Error("no session_start");
	return { ctx: seen, pi };
};

/** pi asking the scripted model, which answers with `steps`. */
const withFakeModel = async (...steps: FakeStep[]) => {
	const llm = await servers.scripted(steps);
	return { ...(await startPi(llm.url)), requests: llm.requests };
};

const spec = (overrides: Partial<PromptSpec> = {}): PromptSpec => ({
	event: "PreToolUse",
	prompt: 'Is this safe? {"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}',
	model: "fake/fake-model",
	timeoutMs: 30_000,
	...overrides,
});

const stdout = (outcome: { stdout?: { text: string } }): unknown => JSON.parse(outcome.stdout?.text ?? "null");
const messages = (request: ChatRequest | undefined): string => JSON.stringify(request?.messages ?? []);

describe("createPromptRunner", () => {
	it("sends the hook's prompt with the ok/reason instruction and turns ok:false into a PreToolUse deny", async () => {
		const { ctx, requests } = await withFakeModel({ text: '{"ok": false, "reason": "deletes everything"}' });
		const outcome = await createPromptRunner(() => ctx, now)(spec());
		expect(outcome).toMatchObject({ kind: "exited", code: 0 });
		expect(stdout(outcome as { stdout: { text: string } })).toEqual({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "deny",
				permissionDecisionReason: "deletes everything",
			},
		});
		expect(requests).toHaveLength(1);
		expect(messages(requests[0])).toContain(JSON.stringify(PROMPT_HOOK_SYSTEM).slice(1, 60));
		expect(messages(requests[0])).toContain("Is this safe?");
	});

	it("turns ok:true into empty hook JSON, and ok:false on Stop into a block", async () => {
		const { ctx } = await withFakeModel(
			{ text: 'Sure. {"ok": true}' },
			{ text: '{"ok": false, "reason": "tests fail"}' },
		);
		const run = createPromptRunner(() => ctx, now);
		expect(stdout((await run(spec())) as { stdout: { text: string } })).toEqual({});
		const stop = await run(spec({ event: "Stop" }));
		expect(stdout(stop as { stdout: { text: string } })).toEqual({ decision: "block", reason: "tests fail" });
	});

	it("an answer without {ok: boolean} fails the request, quoting the start of what the model said", async () => {
		const { ctx } = await withFakeModel({ text: "I think it is fine." }, { text: '{"ok": "yes"}' });
		const run = createPromptRunner(() => ctx, now);
		expect(await run(spec())).toMatchObject({
			kind: "request_failed",
			message: 'the model did not answer {"ok": ...}: I think it is fine.',
		});
		expect(await run(spec())).toMatchObject({ kind: "request_failed", message: expect.stringContaining('"yes"') });
	});

	it("a provider error fails the request with the provider's message", async () => {
		const { ctx } = await withFakeModel({ error: "model overloaded", status: 500 });
		const outcome = await createPromptRunner(() => ctx, now)(spec());
		expect(outcome).toMatchObject({ kind: "request_failed", message: expect.stringContaining("model overloaded") });
	});

	it("without model asks pi's current model", async () => {
		const { ctx, pi } = await withFakeModel();
		let asked = "";
		pi.faux.setResponses([
			(context) => {
				asked = JSON.stringify(context.messages);
				return fauxAssistantMessage('{"ok": false, "reason": "faux says no"}');
			},
		]);
		const outcome = await createPromptRunner(() => ctx, now)(spec({ model: undefined, event: "UserPromptSubmit" }));
		expect(stdout(outcome as { stdout: { text: string } })).toEqual({ decision: "block", reason: "faux says no" });
		expect(asked).toContain("Is this safe?");
		expect(servers.llm?.requests).toEqual([]);
	});

	it("a model pi does not have, or no pi context, fails the request without asking anything", async () => {
		const { ctx, requests } = await withFakeModel({ text: '{"ok": true}' });
		expect(await createPromptRunner(() => ctx, now)(spec({ model: "fake/other" }))).toMatchObject({
			kind: "request_failed",
			message: "no model for the prompt hook (fake/other)",
		});
		expect(await createPromptRunner(() => undefined, now)(spec({ model: undefined }))).toMatchObject({
			kind: "request_failed",
			message: "no model for the prompt hook",
		});
		// The bare model id finds it too.
		expect(await createPromptRunner(() => ctx, now)(spec({ model: "fake-model" }))).toMatchObject({
			kind: "exited",
		});
		expect(requests).toHaveLength(1);
	});

	it("a model that does not answer in time is timed_out; one the user aborts is aborted", async () => {
		const requests: string[] = [];
		const { ctx } = await startPi(await servers.silent((request) => void requests.push(request.url ?? "")));
		const run = createPromptRunner(() => ctx, now);
		expect(await run(spec({ timeoutMs: 200 }))).toMatchObject({ kind: "timed_out", timeoutMs: 200 });
		const controller = new AbortController();
		const running = run(spec(), controller.signal);
		while (requests.length < 2) await new Promise((resolve) => setImmediate(resolve));
		controller.abort();
		expect(await running).toMatchObject({ kind: "aborted" });
	});
});
