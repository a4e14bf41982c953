/**
 * The first prompt of `pi -p` runs its UserPromptSubmit hooks while pi is still connecting the servers of its
 * `mcp.json`: an `mcp_tool` hook on a server listed there waits for it (bounded) instead of failing with "not
 * connected", so a single-prompt run gets the tool's context.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonLines, useE2e } from "../support/e2e.ts";
import { PROJECT_ROOT, piPrintArgs, runPiPrint } from "../support/pi-env.ts";

const e2e = useE2e();
const SERVER = join(PROJECT_ROOT, "test", "fixtures", "mcp", "tiny-server.mjs");

describe("an mcp_tool hook on the first prompt of pi -p", () => {
	// direct: pi itself waits for the server, but only after UserPromptSubmit; codemode (pi's default): pi never
	// waits for it on the first prompt.
	it.each([
		["direct", { exposure: "direct" }],
		["codemode", {}],
	])(
		"waits for a server pi's mcp.json lists and is still connecting (%s); its text reaches the model",
		async (_name, exposure) => {
			const sandbox = e2e.sandbox();
			const calls = join(sandbox.root, "mcp-calls.jsonl");
			sandbox.writeJson("agent/mcp.json", {
				mcpServers: {
					"my-srv": {
						command: process.execPath,
						args: [SERVER],
						env: { TINY_MCP_LOG: calls },
						...exposure,
					},
				},
			});
			const hook = {
				type: "mcp_tool",
				server: "my-srv",
				tool: "do-thing",
				input: { text: "MCP-NOTE for ${prompt}" },
			};
			sandbox.writeJson("home/.claude/settings.json", { hooks: { UserPromptSubmit: [{ hooks: [hook] }] } });
			const before = e2e.llm.requests.length;

			const result = await runPiPrint(sandbox, piPrintArgs("only prompt"));

			expect(result.code, result.stderr).toBe(0);
			expect(result.stderr).not.toContain("is not connected");
			const [request] = e2e.llm.requests.slice(before);
			expect(JSON.stringify(request?.messages)).toContain("MCP-NOTE for only prompt");
			expect(readJsonLines(calls).map((call) => call.arguments)).toContainEqual({
				text: "MCP-NOTE for only prompt",
			});
		},
	);

	it("a server no mcp.json lists fails at once, as before", async () => {
		const sandbox = e2e.sandbox();
		const hook = { type: "mcp_tool", server: "nope-srv", tool: "do-thing", input: {} };
		sandbox.writeJson("home/.claude/settings.json", { hooks: { UserPromptSubmit: [{ hooks: [hook] }] } });

		const result = await runPiPrint(sandbox, piPrintArgs("hi"));

		expect(result.code).toBe(0);
		expect(result.stderr).toContain('MCP server "nope-srv" is not connected');
		expect(result.stdout).toContain("echo: hi");
	});
});
