/**
 * The `agent` hook runner in a real pi session (pi's SDK in-process): a read-only sub-agent on the scripted
 * local model (test/support/fake-llm.mjs) reads real files with pi's tools and its `{ok, reason}` answer
 * becomes the hook JSON; no model, no answer, too many turns and an abort are outcomes, never throws.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { AgentSpec } from "../../../src/engine/ports.ts";
import { AGENT_HOOK_SYSTEM, AGENT_HOOK_TOOLS, createAgentRunner } from "../../../src/host/models/agent-runner.ts";
import type { ChatRequest, FakeStep } from "../../support/fake-llm.mjs";
import { fakeProvider, useModelServers } from "../../support/model-servers.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-agent-runner-");
const servers = useModelServers();

/** pi with the scripted model (answering with `steps`) as provider `fake`, in pi's agent dir too. */
const start = async (...steps: FakeStep[]) => {
	const llm = await servers.scripted(steps);
	return { ...(await startAt(llm.url)), requests: llm.requests };
};

/** pi with the model server at `url` as provider `fake`, in pi's agent dir too. */
const startAt = async (url: string) => {
	const agentDir = join(sdk.root, "agent");
	mkdirSync(agentDir, { recursive: true });
	writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { fake: fakeProvider(url) } }));
	let seen: ExtensionContext | undefined;
	await sdk.start({
		extensions: [
			(api: ExtensionAPI) => {
				api.registerProvider("fake", fakeProvider(url));
				api.on("session_start", (_event, ctx) => {
					seen = ctx;
				});
			},
		],
	});
	if (seen === undefined) throw new Error("no session_start");
	const ctx = seen;
	return {
		ctx,
		run: createAgentRunner(
			() => ctx,
			() => agentDir,
		),
	};
};

const spec = (overrides: Partial<AgentSpec> = {}): AgentSpec => ({
	event: "PreToolUse",
	prompt: 'Check against POLICY.md: {"tool_name":"Bash","tool_input":{"command":"echo hi"}}',
	model: "fake/fake-model",
	timeoutMs: 60_000,
	cwd: join(sdk.root, "project"),
	maxTurns: 5,
	...overrides,
});

const text = (request: ChatRequest | undefined): string => JSON.stringify(request?.messages ?? []);
const toolNames = (request: ChatRequest | undefined): string[] =>
	((request?.tools ?? []) as { function?: { name?: string } }[]).map((tool) => tool.function?.name ?? "");
const hookJson = (outcome: unknown): unknown =>
	JSON.parse((outcome as { stdout?: { text: string } }).stdout?.text ?? "null");

describe("createAgentRunner", () => {
	it("reads a project file with pi's read tool, then its ok:false denies the call", async () => {
		writeFileSync(join(sdk.root, "project", "POLICY.md"), "NO-ECHO-POLICY: never run echo.\n");
		const { run, requests } = await start(
			{ toolCalls: [{ name: "read", arguments: { path: "POLICY.md" } }] },
			(request) =>
				text(request).includes("NO-ECHO-POLICY")
					? { text: '{"ok": false, "reason": "POLICY.md forbids echo"}' }
					: { text: "I did not see the policy." },
		);
		const outcome = await run(spec());
		expect(outcome).toMatchObject({ kind: "exited", code: 0 });
		expect(hookJson(outcome)).toEqual({
			hookSpecificOutput: {
				hookEventName: "PreToolUse",
				permissionDecision: "deny",
				permissionDecisionReason: "POLICY.md forbids echo",
			},
		});
		expect(requests).toHaveLength(2);
		expect(toolNames(requests[0]).sort()).toEqual([...AGENT_HOOK_TOOLS].sort());
		expect(text(requests[0])).toContain(AGENT_HOOK_SYSTEM.slice(0, 50));
		expect(text(requests[0])).toContain("Check against POLICY.md");
	});

	it("has no tool that changes anything: a write call fails and nothing is written", async () => {
		const { run } = await start(
			{ toolCalls: [{ name: "write", arguments: { path: "out.txt", content: "x" } }] },
			{ text: '{"ok": true}' },
		);
		const outcome = await run(spec());
		expect(hookJson(outcome)).toEqual({});
		expect(existsSync(join(sdk.root, "project", "out.txt"))).toBe(false);
	});

	it("an answer without {ok: boolean} fails the request, quoting the start of the answer", async () => {
		const { run } = await start({ text: "Looks fine to me." });
		expect(await run(spec())).toMatchObject({
			kind: "request_failed",
			message: 'the agent hook did not answer {"ok": ...}: Looks fine to me.',
		});
	});

	it("stops after maxTurns turns without an answer and says so", async () => {
		const reading: FakeStep = { toolCalls: [{ name: "ls", arguments: { path: "." } }] };
		const { run, requests } = await start(reading, reading, reading, reading, reading);
		expect(await run(spec({ maxTurns: 2 }))).toMatchObject({
			kind: "request_failed",
			message: 'the agent hook used its 2 turns without answering {"ok": ...}',
		});
		expect(requests).toHaveLength(2);
	});

	it("a model pi does not have, or no pi context, fails the request without asking anything", async () => {
		const { ctx, requests } = await start();
		const agentDir = () => join(sdk.root, "agent");
		expect(await createAgentRunner(() => ctx, agentDir)(spec({ model: "fake/none" }))).toMatchObject({
			kind: "request_failed",
			message: "no model for the agent hook (fake/none)",
		});
		expect(await createAgentRunner(() => undefined, agentDir)(spec({ model: undefined }))).toMatchObject({
			kind: "request_failed",
			message: "no model for the agent hook",
		});
		expect(requests).toEqual([]);
	});

	it("an already aborted signal is aborted without asking the model", async () => {
		const { run, requests } = await start({ text: '{"ok": true}' });
		const controller = new AbortController();
		controller.abort();
		expect(await run(spec(), controller.signal)).toMatchObject({ kind: "aborted" });
		expect(requests).toEqual([]);
	});

	it("a sub-agent whose model does not answer in time is timed_out; one the user aborts is aborted", async () => {
		let requests = 0;
		const { run } = await startAt(await servers.silent(() => void requests++));
		expect(await run(spec({ timeoutMs: 300 }))).toMatchObject({ kind: "timed_out", timeoutMs: 300 });
		const controller = new AbortController();
		const running = run(spec(), controller.signal);
		while (requests < 2) await new Promise((resolve) => setImmediate(resolve));
		controller.abort();
		expect(await running).toMatchObject({ kind: "aborted" });
	});
});
