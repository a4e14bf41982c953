import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createMcpTools, MCP_HELPER_TOOL, type McpTools } from "../../../src/pi/runners/mcp-tools.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-mcp-tools-");

/**
 * A tool as pi's MCP extension registers it: `mcp__<server>__<tool>`, labelled `server/tool`, in the server's
 * namespace.
 */
const mcpTool = (
	server: string,
	tool: string,
	execute: ToolDefinition["execute"],
	exposure: ToolDefinition["exposure"] = "codemode",
): ToolDefinition => ({
	name: `mcp__${server.replace(/\W/g, "_")}__${tool.replace(/\W/g, "_")}`,
	label: `${server}/${tool}`,
	description: `MCP tool ${tool} from server ${server}`,
	parameters: { type: "object", properties: {} } as unknown as ToolDefinition["parameters"],
	exposure,
	namespace: { name: `mcp__${server.replace(/\W/g, "_")}`, aliases: [server] },
	execute,
});

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }], details: {} });

/** Real pi (SDK) with the helper and MCP-like tools registered; what the helper saw. */
const start = async (tools: readonly ToolDefinition[]): Promise<{ mcp: McpTools; active: () => string[] }> => {
	const mcp = createMcpTools();
	let api: ExtensionAPI | undefined;
	await sdk.start({
		extensions: [
			(pi: ExtensionAPI) => {
				api = pi;
				pi.registerTool(mcp.tool);
				for (const tool of tools) pi.registerTool(tool);
			},
		],
	});
	return { mcp, active: () => api?.getActiveTools() ?? [] };
};

const spec = (server: string, tool: string, input: Record<string, unknown> = {}, timeoutMs = 5000) => ({
	server,
	tool,
	input,
	timeoutMs,
});

describe("createMcpTools in the real pi (SDK)", () => {
	it("calls a server's tool by its real names with the input, and reads its text", async () => {
		const calls: unknown[] = [];
		const { mcp, active } = await start([
			mcpTool("my-srv", "do-thing", async (_id, params) => {
				calls.push(params);
				return text(`did ${JSON.stringify(params)}`);
			}),
		]);
		const reply = await mcp.run(spec("my-srv", "do-thing", { a: "b" }));
		expect(reply).toMatchObject({ kind: "answered", text: 'did {"a":"b"}', isError: false });
		expect(calls).toEqual([{ a: "b" }]);
		// The helper is active (so pi shows it the loadout) even though no request declares it.
		expect(active()).toContain(MCP_HELPER_TOOL);
	});

	it("names the types of a result's blocks that are not text (an image), and none for text alone", async () => {
		const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
		const { mcp } = await start([
			mcpTool("s", "pic", async () => ({ content: [image, { type: "text" as const, text: "x" }], details: {} })),
			mcpTool("s", "words", async () => text("y")),
		]);
		expect(await mcp.run(spec("s", "pic"))).toMatchObject({ kind: "answered", text: "x", nonText: ["image"] });
		expect(await mcp.run(spec("s", "words"))).not.toHaveProperty("nonText");
	});

	it("tells a missing server from a tool the server does not offer, and a hidden server's from both", async () => {
		const ok = async () => text("ok");
		const { mcp } = await start([mcpTool("my-srv", "do-thing", ok), mcpTool("off-srv", "x", ok, "hidden")]);
		expect((await mcp.run(spec("other", "do-thing"))).kind).toBe("no_server");
		expect((await mcp.run(spec("my-srv", "other"))).kind).toBe("no_tool");
		expect((await mcp.run(spec("off-srv", "x"))).kind).toBe("no_server");
	});

	it("reports a tool's error result, a thrown error, and a timeout", async () => {
		const { mcp } = await start([
			mcpTool("s", "bad", async () => ({ ...text("nope"), isError: true })),
			mcpTool("s", "throws", async () => {
				throw new Error('MCP server "s" is still starting.');
			}),
			mcpTool("s", "hangs", () => new Promise(() => {})),
		]);
		expect(await mcp.run(spec("s", "bad"))).toMatchObject({ kind: "answered", text: "nope", isError: true });
		expect(await mcp.run(spec("s", "throws"))).toMatchObject({
			kind: "failed",
			message: 'MCP server "s" is still starting.',
		});
		expect(await mcp.run(spec("s", "hangs", {}, 50))).toMatchObject({ kind: "timed_out" });
		const esc = new AbortController();
		const pending = mcp.run(spec("s", "hangs"), esc.signal);
		esc.abort();
		expect(await pending).toMatchObject({ kind: "aborted" });
	});

	it("gives the real server and tool names of pi's tool names", async () => {
		const { mcp } = await start([mcpTool("my-srv", "do-thing", async () => text("ok"))]);
		expect(mcp.facts("mcp__my_srv__do_thing")).toEqual({ server: "my-srv", tool: "do-thing" });
		expect(mcp.facts("bash")).toBeUndefined();
		expect(mcp.facts("mcp__gone__x")).toBeUndefined();
	});

	it("the helper refuses to run", async () => {
		const { mcp } = await start([]);
		const result = await mcp.tool.execute("id", {}, undefined, undefined, {} as never);
		expect(result).toMatchObject({ isError: true });
	});

	it("without a loadout (the helper left out) every call says so", async () => {
		const mcp = createMcpTools();
		expect((await mcp.run(spec("my-srv", "do-thing"))).kind).toBe("no_bridge");
	});
});
