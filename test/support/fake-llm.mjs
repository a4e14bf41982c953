// A dependency-free, scripted OpenAI Chat Completions server on 127.0.0.1 that lets the real pi run offline.
// Replies follow a script, or else directives in the prompt (`bash: <cmd>`, `tool: <name> <json>`).
// Plain JS with JSDoc so a demo can run it with `node` directly; the types for TypeScript are in fake-llm.d.mts.

import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The only model id the server reports; the sandbox's models.json uses the same id. */
export const FAKE_MODEL_ID = "fake-model";

/**
 * @typedef {{ name: string, arguments?: Record<string, unknown>, id?: string }} FakeToolCall
 * @typedef {{ text: string }
 *   | { toolCalls: FakeToolCall[], text?: string }
 *   | { error: string, status?: number }} FakeStepResult
 * @typedef {Record<string, unknown>
 *   & { messages?: unknown[], stream?: boolean, stream_options?: { include_usage?: boolean } }} ChatRequest
 * @typedef {FakeStepResult | ((body: ChatRequest) => FakeStepResult | undefined)} FakeStep
 * @typedef {{ port?: number, script?: FakeStep[], log?: string }} FakeLlmOptions
 * @typedef {{ url: string, port: number, requests: ChatRequest[], close: () => Promise<void> }} FakeLlm
 * @typedef {{ id: string, name: string, arguments: string }} WireToolCall
 * @typedef {{ text: string, toolCalls: WireToolCall[] }} Reply
 */

/**
 * Starts the fake model server.
 * Each POST /v1/chat/completions consumes one `script` step; when the script runs out (or a step function
 * returns undefined) the reply is derived from the prompt. Every request body is kept in `requests` and,
 * with `log`, appended to that file as one JSON line.
 * @param {FakeLlmOptions} [options]
 * @returns {Promise<FakeLlm>}
 */
export async function startFakeLlm({ port = 0, script = [], log } = {}) {
	/** @type {ChatRequest[]} */
	const requests = [];
	const steps = [...script];
	const ids = { next: 1 };

	const server = createServer((req, res) => {
		const chunks = /** @type {Buffer[]} */ ([]);
		req.on("data", (chunk) => chunks.push(chunk));
		req.on("end", () => {
			const path = (req.url ?? "/").split("?")[0];
			if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
				sendJson(res, 200, {
					object: "list",
					data: [{ id: FAKE_MODEL_ID, object: "model", created: 0, owned_by: "fake" }],
				});
				return;
			}
			if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/chat/completions")) {
				const message = `fake-llm: no route for ${req.method} ${path}`;
				sendJson(res, 404, { error: { message, type: "not_found" } });
				return;
			}
			/** @type {ChatRequest} */
			let body;
			try {
				body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
			} catch (error) {
				const message = `fake-llm: bad JSON body: ${String(error)}`;
				sendJson(res, 400, { error: { message, type: "invalid_request" } });
				return;
			}
			requests.push(body);
			if (log) appendFileSync(log, `${JSON.stringify(body)}\n`);

			const step = nextStep(steps, body);
			if (step && "error" in step) {
				sendJson(res, step.status ?? 500, { error: { message: step.error, type: "fake_error" } });
				return;
			}
			const reply = step ? replyFromStep(step, ids) : replyFromPrompt(body, ids);
			if (body.stream) sendStream(res, body, reply);
			else sendCompletion(res, body, reply);
		});
	});

	await new Promise((resolveListen, rejectListen) => {
		server.once("error", rejectListen);
		server.listen(port, "127.0.0.1", () => {
			server.off("error", rejectListen);
			resolveListen(undefined);
		});
	});
	const address = server.address();
	const boundPort = typeof address === "object" && address ? address.port : port;

	return {
		url: `http://127.0.0.1:${boundPort}/v1`,
		port: boundPort,
		requests,
		close: () =>
			new Promise((resolveClose) => {
				// pi keeps connections alive; drop them so close() does not wait for their idle timeout.
				server.closeAllConnections();
				server.close(() => resolveClose(undefined));
			}),
	};
}

/**
 * Takes the next script step, calling it when it is a function.
 * @param {FakeStep[]} steps
 * @param {ChatRequest} body
 * @returns {FakeStepResult | undefined}
 */
function nextStep(steps, body) {
	const step = steps.shift();
	if (step === undefined) return undefined;
	return typeof step === "function" ? step(body) : step;
}

/**
 * @param {FakeStepResult} step
 * @param {{ next: number }} ids
 * @returns {Reply}
 */
function replyFromStep(step, ids) {
	if ("toolCalls" in step) {
		return {
			text: step.text ?? "",
			toolCalls: step.toolCalls.map((call) => ({
				id: call.id ?? `call_${ids.next++}`,
				name: call.name,
				arguments: JSON.stringify(call.arguments ?? {}),
			})),
		};
	}
	return { text: "text" in step ? step.text : "", toolCalls: [] };
}

/**
 * Derives a reply from the messages after the last assistant message.
 * Trailing user messages: `bash: <cmd>` / `tool: <name> <json>` lines become parallel tool calls; without
 * such lines the reply echoes their text. Tool results since the last assistant message (and no directives
 * after them) give `fake-model saw tool result: <a> | <b>` (each result trimmed at the end); a user message
 * injected after the results (for example a steer message) is appended to that reply as `\necho: <text>`.
 * @param {ChatRequest} body
 * @param {{ next: number }} ids
 * @returns {Reply}
 */
function replyFromPrompt(body, ids) {
	const messages = Array.isArray(body.messages) ? body.messages.map(asMessage) : [];
	let start = 0;
	messages.forEach((message, index) => {
		if (message.role === "assistant") start = index + 1;
	});
	const tail = messages.slice(start);
	let firstTrailingUser = tail.length;
	while (firstTrailingUser > 0 && tail[firstTrailingUser - 1]?.role === "user") firstTrailingUser--;
	const userText = tail
		.slice(firstTrailingUser)
		.map((message) => contentText(message.content))
		.join("\n");

	/** @type {WireToolCall[]} */
	const toolCalls = [];
	for (const line of userText.split(/\r?\n/)) {
		const bash = /^\s*bash:\s?(.*)$/.exec(line);
		if (bash) {
			toolCalls.push({ id: `call_${ids.next++}`, name: "bash", arguments: JSON.stringify({ command: bash[1] }) });
			continue;
		}
		const tool = /^\s*tool:\s*(\S+)\s*(.*)$/.exec(line);
		if (tool) {
			toolCalls.push({ id: `call_${ids.next++}`, name: tool[1] ?? "", arguments: normalizeJson(tool[2] ?? "") });
		}
	}
	if (toolCalls.length > 0) return { text: "", toolCalls };

	const toolResults = tail
		.filter((message) => message.role === "tool")
		.map((message) => contentText(message.content).trimEnd());
	if (toolResults.length > 0) {
		const seen = `fake-model saw tool result: ${toolResults.join(" | ")}`;
		return { text: userText ? `${seen}\necho: ${userText}` : seen, toolCalls: [] };
	}
	return { text: `echo: ${userText}`, toolCalls: [] };
}

/**
 * @param {unknown} value
 * @returns {{ role: string, content: unknown }}
 */
function asMessage(value) {
	if (value && typeof value === "object") {
		const record = /** @type {Record<string, unknown>} */ (value);
		return { role: String(record.role ?? ""), content: record.content };
	}
	return { role: "", content: undefined };
}

/**
 * Flattens OpenAI message content (a string or an array of parts) to text.
 * @param {unknown} content
 * @returns {string}
 */
function contentText(content) {
	if (typeof content === "string") return content;
	if (Array.isArray(content)) {
		return content
			.map((part) => (part && typeof part === "object" && "text" in part ? String(part.text) : ""))
			.join("");
	}
	return "";
}

/**
 * Re-serializes `tool:` arguments; text that is not JSON is passed through so pi reports it as invalid.
 * @param {string} text
 * @returns {string}
 */
function normalizeJson(text) {
	if (text.trim() === "") return "{}";
	try {
		return JSON.stringify(JSON.parse(text));
	} catch {
		return text;
	}
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {number} status
 * @param {unknown} value
 */
function sendJson(res, status, value) {
	res.writeHead(status, { "content-type": "application/json" });
	res.end(JSON.stringify(value));
}

/**
 * Rough token counts so pi's footer and usage accounting have numbers to show.
 * @param {ChatRequest} body
 * @param {Reply} reply
 */
function usageOf(body, reply) {
	const prompt_tokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
	const callChars = reply.toolCalls.reduce((sum, call) => sum + call.name.length + call.arguments.length, 0);
	const completion_tokens = Math.ceil((reply.text.length + callChars) / 4);
	return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {ChatRequest} body
 * @param {Reply} reply
 */
function sendCompletion(res, body, reply) {
	const message = {
		role: "assistant",
		content: reply.text || (reply.toolCalls.length > 0 ? null : ""),
		...(reply.toolCalls.length > 0
			? {
					tool_calls: reply.toolCalls.map((call) => ({
						id: call.id,
						type: "function",
						function: { name: call.name, arguments: call.arguments },
					})),
				}
			: {}),
	};
	sendJson(res, 200, {
		id: `chatcmpl-fake-${Date.now()}`,
		object: "chat.completion",
		created: Math.floor(Date.now() / 1000),
		model: FAKE_MODEL_ID,
		choices: [{ index: 0, message, finish_reason: reply.toolCalls.length > 0 ? "tool_calls" : "stop" }],
		usage: usageOf(body, reply),
	});
}

/**
 * Streams the reply as OpenAI SSE chunks: role, text, one header chunk plus one arguments chunk per tool
 * call (with `index`), the finish chunk, an optional usage chunk (`choices: []`, as OpenAI sends it), `[DONE]`.
 * @param {import("node:http").ServerResponse} res
 * @param {ChatRequest} body
 * @param {Reply} reply
 */
function sendStream(res, body, reply) {
	const base = {
		id: `chatcmpl-fake-${Date.now()}`,
		object: "chat.completion.chunk",
		created: Math.floor(Date.now() / 1000),
		model: FAKE_MODEL_ID,
	};
	res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
	/** @param {Record<string, unknown>} delta @param {string | null} [finish] */
	const chunk = (delta, finish = null) =>
		res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);

	chunk({ role: "assistant", content: "" });
	if (reply.text) chunk({ content: reply.text });
	reply.toolCalls.forEach((call, index) => {
		chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] });
		chunk({ tool_calls: [{ index, function: { arguments: call.arguments } }] });
	});
	chunk({}, reply.toolCalls.length > 0 ? "tool_calls" : "stop");
	if (body.stream_options?.include_usage) {
		res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: usageOf(body, reply) })}\n\n`);
	}
	res.end("data: [DONE]\n\n");
}

/**
 * CLI: `node fake-llm.mjs [--port N] [--port-file F] [--log F] [--script steps.json]`.
 * Runs in the foreground, prints the URL, and stops on SIGINT/SIGTERM.
 * @param {string[]} argv
 */
async function main(argv) {
	/** @type {Record<string, string>} */
	const flags = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] ?? "";
		if (!arg.startsWith("--") || argv[i + 1] === undefined) {
			process.stderr.write(`fake-llm: unexpected argument ${JSON.stringify(arg)}\n`);
			process.exit(2);
		}
		flags[arg.slice(2)] = argv[++i] ?? "";
	}
	const script = flags.script ? JSON.parse(readFileSync(flags.script, "utf8")) : [];
	const llm = await startFakeLlm({
		port: flags.port ? Number(flags.port) : 0,
		script,
		log: flags.log ? resolve(flags.log) : undefined,
	});
	if (flags["port-file"]) writeFileSync(flags["port-file"], `${llm.port}\n`);
	process.stdout.write(`${llm.url}\n`);
	const stop = () => void llm.close().then(() => process.exit(0));
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
	main(process.argv.slice(2)).catch((error) => {
		process.stderr.write(`fake-llm: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}
