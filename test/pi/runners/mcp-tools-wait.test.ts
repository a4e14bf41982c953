/**
 * A hook on a server pi is still connecting (its mcp.json lists it, its tools are not registered yet) waits for
 * the loadout in which pi registered them, in the real pi (SDK): the tools arrive later, as they do when pi's MCP
 * extension connects a server in the background.
 */
import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createMcpTools, type McpToolsOptions } from "../../../src/pi/runners/mcp-tools.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-mcp-wait-");

/** A tool as pi's MCP extension registers it once `server` connected. */
const mcpTool = (server: string, tool: string, answer: string): ToolDefinition => ({
	name: `mcp__${server.replace(/\W/g, "_")}__${tool.replace(/\W/g, "_")}`,
	label: `${server}/${tool}`,
	description: `MCP tool ${tool} from server ${server}`,
	parameters: { type: "object", properties: {} } as unknown as ToolDefinition["parameters"],
	exposure: "codemode",
	namespace: { name: `mcp__${server.replace(/\W/g, "_")}`, aliases: [server] },
	execute: async () => ({ content: [{ type: "text", text: answer }], details: {} }),
});

const spec = (server: string, timeoutMs = 30_000) => ({ server, tool: "do-thing", input: {}, timeoutMs });

/** Real pi (SDK) with only the helper registered; `register` adds a tool later, as a connecting server does. */
const start = async (options: McpToolsOptions) => {
	const mcp = createMcpTools(options);
	let api: ExtensionAPI | undefined;
	await sdk.start({
		extensions: [
			(pi: ExtensionAPI) => {
				api = pi;
				pi.registerTool(mcp.tool);
			},
		],
	});
	return { mcp, register: (tool: ToolDefinition) => api?.registerTool(tool) };
};

describe("an mcp_tool call on a server pi is still connecting", () => {
	it("waits for the server's tools and then calls them", async () => {
		const { mcp, register } = await start({ configured: (server) => server === "my-srv" });
		const pending = mcp.run(spec("my-srv"));
		register(mcpTool("my-srv", "do-thing", "connected now"));
		expect(await pending).toMatchObject({ kind: "answered", text: "connected now" });
	});

	it("does not wait for a server no mcp.json lists", async () => {
		// No bound would end a wait here: a wait would hang the test.
		const { mcp } = await start({ configured: () => false, connectWaitMs: 3_600_000 });
		expect((await mcp.run(spec("other"))).kind).toBe("no_server");
	});

	it("gives up after the bound, and a server that never connected is not waited for again", async () => {
		const { mcp } = await start({ configured: () => true, connectWaitMs: 20 });
		expect((await mcp.run(spec("never"))).kind).toBe("no_server");
		// Were it waited for again, the hook's own (tiny) timeout would end the call first: timed_out.
		expect((await mcp.run(spec("never", 1))).kind).toBe("no_server");
	});

	it("Esc or the hook's timeout ends the wait", async () => {
		const { mcp } = await start({ configured: () => true, connectWaitMs: 3_600_000 });
		expect((await mcp.run(spec("slow", 20))).kind).toBe("timed_out");
		const esc = new AbortController();
		const pending = mcp.run(spec("slower"), esc.signal);
		esc.abort();
		expect((await pending).kind).toBe("aborted");
	});
});
