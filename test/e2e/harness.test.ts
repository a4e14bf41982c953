// Proves the e2e harness (fake model server + isolated pi sandbox) against the real pi binary, without
// this project's extension: if these fail, no e2e test of the hook manager can be trusted.

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChatRequest, FakeLlm } from "../support/fake-llm.mjs";
import { startFakeLlm } from "../support/fake-llm.mjs";
import type { PiRunResult, PiSandbox, PiSandboxOptions } from "../support/pi-env.ts";
import { createPiSandbox, runPiPrint } from "../support/pi-env.ts";

/** The OpenAI wire form of the messages pi sends, as far as these tests look at it. */
interface WireMessage {
	readonly role: string;
	readonly content: unknown;
	readonly tool_call_id?: string;
	readonly tool_calls?: ReadonlyArray<WireToolCall>;
}

/** A tool call inside an assistant message, in OpenAI wire form. */
interface WireToolCall {
	readonly id: string;
	readonly function: { readonly name: string; readonly arguments: string };
}

let llm: FakeLlm;
const sandboxes: PiSandbox[] = [];

beforeAll(async () => {
	llm = await startFakeLlm();
});
afterEach(() => {
	for (const sandbox of sandboxes.splice(0)) sandbox.cleanup();
});
afterAll(async () => {
	await llm.close();
});

/** A sandbox wired to the shared fake server, removed after the test. */
function sandbox(opts: PiSandboxOptions = {}): PiSandbox {
	const created = createPiSandbox({ ...opts, fakeUrl: llm.url });
	sandboxes.push(created);
	return created;
}

/** Runs pi and returns its result plus the model requests made during this run only. */
async function runPi(sb: PiSandbox, args: string[]): Promise<{ result: PiRunResult; requests: ChatRequest[] }> {
	const before = llm.requests.length;
	const result = await runPiPrint(sb, args);
	expect(result, `pi failed:\n${result.stderr}`).toMatchObject({ code: 0, timedOut: false });
	return { result, requests: llm.requests.slice(before) };
}

/** The wire messages of one recorded request. */
function messagesOf(request: ChatRequest | undefined): WireMessage[] {
	return (request?.messages ?? []) as WireMessage[];
}

/** Writes `<root>/<dir>/index.ts` with the given body inside `export default function (pi) { ... }`. */
function writeExtension(sb: PiSandbox, dir: string, body: string): string {
	const source = `import { writeFileSync } from "node:fs";\nexport default function (pi) {\n${body}\n}\n`;
	sb.writeFile(`${dir}/index.ts`, source);
	return join(sb.root, dir);
}

describe("fake model server", () => {
	it("replays script steps in order, then falls back to prompt-driven replies", async () => {
		const scripted = await startFakeLlm({
			script: [
				{ text: "first" },
				(body) => ({ toolCalls: [{ name: "read", arguments: { path: String(body.model) } }] }),
			],
		});
		try {
			const ask = async (text: string): Promise<unknown> => {
				const response = await fetch(`${scripted.url}/chat/completions`, {
					method: "POST",
					body: JSON.stringify({
						model: "fake-model",
						stream: false,
						messages: [{ role: "user", content: text }],
					}),
				});
				const json = (await response.json()) as { choices: Array<{ message: unknown; finish_reason: string }> };
				return json.choices[0];
			};
			expect(await ask("x")).toMatchObject({ message: { content: "first" }, finish_reason: "stop" });
			expect(await ask("x")).toMatchObject({
				message: {
					tool_calls: [{ id: "call_1", function: { name: "read", arguments: '{"path":"fake-model"}' } }],
				},
				finish_reason: "tool_calls",
			});
			expect(await ask('tool: grep {"pattern":"a"}')).toMatchObject({
				message: { tool_calls: [{ id: "call_2", function: { name: "grep", arguments: '{"pattern":"a"}' } }] },
			});
			expect(await ask("plain")).toMatchObject({ message: { content: "echo: plain" } });
			expect(scripted.requests).toHaveLength(4);
			const models = (await (await fetch(`${scripted.url}/models`)).json()) as { data: Array<{ id: string }> };
			expect(models.data.map((model) => model.id)).toEqual(["fake-model"]);
		} finally {
			await scripted.close();
		}
	});
});

describe("real pi against the fake model", () => {
	it("runs a `bash:` line as a bash tool call and sends its output back as a tool message", async () => {
		const { result, requests } = await runPi(sandbox(), ["-ne", "-p", "bash: echo hi"]);

		expect(result.stdout).toContain("fake-model saw tool result: hi");
		expect(requests).toHaveLength(2);
		expect(requests[0]).toMatchObject({
			model: "fake-model",
			stream: true,
			stream_options: { include_usage: true },
		});
		const [assistant, toolResult] = messagesOf(requests[1]).slice(-2);
		expect(assistant?.tool_calls).toMatchObject([
			{ function: { name: "bash", arguments: '{"command":"echo hi"}' } },
		]);
		expect(toolResult).toMatchObject({ role: "tool", tool_call_id: assistant?.tool_calls?.[0]?.id });
		expect(String(toolResult?.content).trim()).toBe("hi");
	});

	it("echoes a prompt that has no tool directives", async () => {
		const { result, requests } = await runPi(sandbox(), ["-ne", "-p", "hello"]);

		expect(result.stdout.trim()).toBe("echo: hello");
		expect(requests).toHaveLength(1);
	});

	it("turns several `bash:` lines into parallel tool calls of one assistant message, all executed", async () => {
		const { result, requests } = await runPi(sandbox(), ["-ne", "-p", "bash: echo a\nbash: echo b"]);

		expect(requests).toHaveLength(2);
		const messages = messagesOf(requests[1]);
		const assistants = messages.filter((message) => message.role === "assistant");
		expect(assistants).toHaveLength(1);
		expect(assistants[0]?.tool_calls?.map((call) => call.function.arguments)).toEqual([
			'{"command":"echo a"}',
			'{"command":"echo b"}',
		]);
		const toolResults = messages.filter((message) => message.role === "tool");
		expect(toolResults.map((message) => String(message.content).trim())).toEqual(["a", "b"]);
		expect(result.stdout).toContain("fake-model saw tool result: a | b");
	});

	it("loads an extension given with -e, which can block a tool call before it runs", async () => {
		const sb = sandbox();
		mkdirSync(join(sb.projectDir, "victim"));
		const ext = writeExtension(
			sb,
			"ext",
			`\tpi.on("tool_call", (e) =>
		e.input.command?.includes("rm") ? { block: true, reason: "nope" } : undefined,
	);`,
		);

		const { result, requests } = await runPi(sb, ["-ne", "-e", ext, "-p", "bash: rm -rf victim"]);

		expect(existsSync(join(sb.projectDir, "victim"))).toBe(true);
		expect(messagesOf(requests.at(-1)).at(-1)).toMatchObject({ role: "tool", content: "nope" });
		expect(result.stdout).toContain("fake-model saw tool result: nope");
	});

	// A project with no protected resources (.pi/settings.json, .pi/extensions, ...) counts as trusted even
	// under the default "ask", so the project gets a .pi/settings.json to make the trust decision observable.
	it.each([
		{ trustProject: true, trusted: true, probeKey: "from-project" },
		{ trustProject: false, trusted: false, probeKey: null },
	])("trustProject $trustProject: isProjectTrusted() is $trusted in print mode", async (row) => {
		const { trustProject, trusted, probeKey } = row;
		const sb = sandbox({ trustProject });
		sb.writeJson("project/.pi/settings.json", { probeKey: "from-project" });
		const probeFile = join(sb.root, "probe.json");
		const ext = writeExtension(
			sb,
			"probe",
			`\tpi.on("session_start", (_event, ctx) => {
		const probe = { trusted: ctx.isProjectTrusted(), probeKey: pi.getSettings().probeKey ?? null };
		writeFileSync(${JSON.stringify(probeFile)}, JSON.stringify(probe));
	});`,
		);

		await runPi(sb, ["-ne", "-e", ext, "-p", "hello"]);

		expect(JSON.parse(readFileSync(probeFile, "utf8"))).toEqual({ trusted, probeKey });
	});

	it("kills a pi run that outlives timeoutMs and still resolves", async () => {
		const sb = sandbox();
		// The interval keeps pi's event loop alive: a bare never-settling promise would just let pi exit 0.
		const hang = `\tpi.on("session_start", () => new Promise(() => setInterval(() => {}, 1000)));`;
		const ext = writeExtension(sb, "hang", hang);

		const result = await runPiPrint(sb, ["-ne", "-e", ext, "-p", "hello"], { timeoutMs: 1500 });

		expect(result).toMatchObject({ code: null, timedOut: true });
	});
});
