/**
 * `agent` hooks in the real pi (print mode) against the scripted model: a read-only sub-agent made with pi's
 * SDK reads a file with pi's `read` tool and its `{ok, reason}` answer decides like a prompt hook's.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ChatRequest, type FakeLlm, type FakeStep, startFakeLlm } from "../support/fake-llm.mjs";
import { createPiSandbox, type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";

let llm: FakeLlm | undefined;
let sandbox: PiSandbox | undefined;
afterEach(async () => {
	sandbox?.cleanup();
	await llm?.close();
	llm = undefined;
});

const AGENT_MARKER = "You are a hook in a coding agent: verify";
const text = (request: ChatRequest | undefined): string => JSON.stringify(request?.messages ?? []);
const isAgentRequest = (request: ChatRequest): boolean => text(request).includes(AGENT_MARKER);
const toolNames = (request: ChatRequest): string[] =>
	((request.tools ?? []) as { function?: { name?: string } }[]).map((tool) => tool.function?.name ?? "");

/** The sub-agent's model: first reads POLICY.md, then answers from what it read. */
const judge: FakeStep = (request) => {
	if (!isAgentRequest(request)) return undefined;
	const sawPolicy = text(request).includes("NO-ECHO-POLICY");
	return sawPolicy
		? { text: '{"ok": false, "reason": "POLICY.md forbids echo (NO-ECHO-POLICY)"}' }
		: { toolCalls: [{ name: "read", arguments: { path: "POLICY.md" } }] };
};

const start = async (handler: Record<string, unknown>) => {
	llm = await startFakeLlm({ script: Array.from({ length: 20 }, () => judge) });
	const box = createPiSandbox({ fakeUrl: llm.url });
	sandbox = box;
	box.writeFile("project/POLICY.md", "NO-ECHO-POLICY: never run echo.\n");
	box.writeJson("home/.claude/settings.json", {
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] },
	});
	return box;
};

describe("agent hooks in the real pi", () => {
	it("a read-only sub-agent reads a file with pi's tools and its ok:false denies the call", async () => {
		const box = await start({ type: "agent", prompt: "Check the command against POLICY.md: $ARGUMENTS" });
		const result = await runPiPrint(box, piPrintArgs("bash: echo hi > ran.txt"));
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(false);
		expect(result.stdout).toContain("POLICY.md forbids echo (NO-ECHO-POLICY)");
		const agentRequests = (llm?.requests ?? []).filter(isAgentRequest);
		expect(agentRequests.length).toBeGreaterThanOrEqual(2);
		// The hook input reached the sub-agent in place of $ARGUMENTS; it had only pi's read-only tools.
		expect(text(agentRequests[0])).toContain('\\"tool_name\\":\\"Bash\\"');
		expect(toolNames(agentRequests[0] as ChatRequest).sort()).toEqual(["find", "grep", "ls", "read"]);
	});

	it("an agent that answers ok:true lets the call run", async () => {
		llm = await startFakeLlm({
			script: Array.from(
				{ length: 20 },
				() => (request: ChatRequest) => (isAgentRequest(request) ? { text: '{"ok": true}' } : undefined),
			),
		});
		const box = createPiSandbox({ fakeUrl: llm.url });
		sandbox = box;
		box.writeJson("home/.claude/settings.json", {
			hooks: {
				PreToolUse: [{ matcher: "Bash", hooks: [{ type: "agent", prompt: "Is this fine? $ARGUMENTS" }] }],
			},
		});
		await runPiPrint(box, piPrintArgs("bash: echo hi > ran.txt"));
		expect(existsSync(join(box.projectDir, "ran.txt"))).toBe(true);
	});
});
