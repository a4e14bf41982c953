/**
 * End to end in the real pi (print mode): a managed allowedHttpHookUrls that cannot be read (the managed file fails
 * to load, or the value is not a list of strings) admits no http hook URL at all, and pi says why (Claude Code
 * 2.1.267: fail closed). A readable managed allow-list still admits its URLs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useE2e } from "../support/e2e.ts";
import { type PiSandbox, piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();
let server: Server | undefined;

afterEach(async () => {
	server?.closeAllConnections();
	await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
	server = undefined;
});

/** A local server that records each request's path; returns the URL the user's http hook posts to. */
const listen = async (received: string[]): Promise<string> => {
	server = createServer((request, response) => {
		received.push(String(request.url));
		response.end("{}");
	});
	await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
};

/** The user's http PreToolUse hook and a managed drop-in holding `text`; returns the env pointing at it. */
const setUp = (sandbox: PiSandbox, url: string, text: string) => {
	sandbox.writeJson("home/.claude/settings.json", {
		hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url }] }] },
	});
	const dir = join(sandbox.root, "etc-claude-code");
	mkdirSync(join(dir, "managed-settings.d"), { recursive: true });
	const file = join(dir, "managed-settings.d", "50-http.json");
	writeFileSync(file, text);
	return { env: { PI_HOOK_MANAGER_MANAGED_SETTINGS_DIR: dir }, file };
};

describe("a managed allowedHttpHookUrls that cannot be read admits no http hook URL", () => {
	it("a readable managed allow-list admits its URLs (the control)", async () => {
		const received: string[] = [];
		const sandbox = e2e.sandbox();
		const url = await listen(received);
		const { env } = setUp(sandbox, url, JSON.stringify({ allowedHttpHookUrls: ["http://127.0.0.1:*"] }));
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"), { env });
		expect(result.code).toBe(0);
		expect(received).toEqual(["/hook"]);
	});

	it("an invalid value: no request is sent, and pi says the managed list cannot be read", async () => {
		const received: string[] = [];
		const sandbox = e2e.sandbox();
		const url = await listen(received);
		const { env, file } = setUp(sandbox, url, JSON.stringify({ allowedHttpHookUrls: "http://127.0.0.1:*" }));
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"), { env });
		expect(result.code).toBe(0);
		expect(received).toEqual([]);
		expect(result.stderr).toContain(
			`managed policy problem in ${file} at allowedHttpHookUrls: cannot be read, so no http hook URL is ` +
				`admitted (managed policy fails closed)`,
		);
		expect(result.stderr).toContain(
			`${url} is not admitted: the managed allowedHttpHookUrls in ${file} cannot be read`,
		);
	});

	it("a managed file that fails to load: no request is sent, and pi says why", async () => {
		const received: string[] = [];
		const sandbox = e2e.sandbox();
		const url = await listen(received);
		const { env, file } = setUp(sandbox, url, '{"allowedHttpHookUrls": ["http://127.0.0.1:*"');
		const result = await runPiPrint(sandbox, piPrintArgs("bash: echo hi"), { env });
		expect(result.code).toBe(0);
		expect(received).toEqual([]);
		expect(result.stderr).toContain(`managed policy problem in ${file}: invalid JSON`);
		expect(result.stderr).toContain(`managed policy problem in ${file} at allowedHttpHookUrls: cannot be read`);
	});
});
