import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUrlAllowed, resolveHeaders, runHttpHook } from "../../../src/engine/run/http.ts";

let server: Server;
let base: string;
const seen: { path: string; body: string; type: string | undefined }[] = [];

beforeAll(async () => {
	server = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk) => (body += chunk));
		request.on("end", () => {
			seen.push({ path: request.url ?? "", body, type: request.headers["content-type"] });
			if (request.url === "/json") response.end('{"decision":"block","reason":"r"}');
			else if (request.url === "/empty") response.end("");
			else if (request.url === "/text") response.end("hello");
			else if (request.url === "/fail") {
				response.statusCode = 500;
				response.end('{"decision":"block"}');
			} else if (request.url === "/slow") setTimeout(() => response.end("{}"), 5_000);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

const spec = (path: string, timeoutMs = 5_000) => ({
	url: `${base}${path}`,
	headers: {},
	body: '{"hook_event_name":"Stop"}\n',
	timeoutMs,
});

describe("runHttpHook (Claude Code: an http hook POSTs the input, its response body is the hook output)", () => {
	it("POSTs the input JSON and reads a 2xx JSON body like stdout", async () => {
		const outcome = await runHttpHook(spec("/json"));
		expect(outcome).toMatchObject({
			kind: "exited",
			code: 0,
			stdout: { text: '{"decision":"block","reason":"r"}' },
		});
		expect(seen.at(-1)).toEqual({ path: "/json", body: '{"hook_event_name":"Stop"}\n', type: "application/json" });
	});

	it("an empty 2xx is a plain success", async () => {
		expect(await runHttpHook(spec("/empty"))).toMatchObject({ kind: "exited", code: 0, stdout: { text: "" } });
	});

	it("a non-2xx status, a 2xx body that is no JSON object, a refused connection: non-blocking errors", async () => {
		expect(await runHttpHook(spec("/fail"))).toMatchObject({
			kind: "request_failed",
			message: `HTTP 500 from ${base}/fail`,
		});
		expect(await runHttpHook(spec("/text"))).toMatchObject({ kind: "request_failed" });
		const refused = await runHttpHook({ ...spec("/"), url: "http://127.0.0.1:9/none" });
		expect(refused.kind).toBe("request_failed");
	});

	it("a slow server is cancelled at the timeout, and an abort cancels at once", async () => {
		expect(await runHttpHook(spec("/slow", 300))).toMatchObject({ kind: "timed_out", timeoutMs: 300 });
		const controller = new AbortController();
		const pending = runHttpHook(spec("/slow"), controller.signal);
		controller.abort();
		expect((await pending).kind).toBe("aborted");
	});
});

describe("http hook helpers", () => {
	it("headers interpolate only allowed variables; others become empty", () => {
		expect(
			resolveHeaders({ A: "Bearer $TOKEN", B: "${TOKEN}-${OTHER}", C: 5 }, ["TOKEN"], { TOKEN: "t", OTHER: "o" }),
		).toEqual({ A: "Bearer t", B: "t-" });
	});

	it.each([
		["http://localhost:8080/x", undefined, true],
		["http://localhost:8080/x", [], false],
		["https://hooks.example.com/a", ["https://hooks.example.com/*"], true],
		["https://evil.com/a?https://hooks.example.com/", ["https://hooks.example.com/*"], false],
	] as const)("%s with allowedHttpHookUrls %j is allowed: %s", (url, patterns, expected) => {
		expect(isUrlAllowed(url, patterns)).toBe(expected);
	});
});
