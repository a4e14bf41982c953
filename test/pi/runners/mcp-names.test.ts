import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { createMcpNames, type McpNames } from "../../../src/pi/runners/mcp-names.ts";
import { useSdkSandbox } from "../../support/pi-sdk.ts";

const sdk = useSdkSandbox("phm-mcp-names-");

/** pi with three MCP-like tools registered; the name map over its real tool list. */
const start = async (): Promise<McpNames> => {
	let names: McpNames | undefined;
	const tool = (name: string, description: string, aliases?: readonly string[]) => ({
		name,
		label: name,
		description,
		// A plain JSON schema, as an MCP server sends it (TypeBox schemas are JSON schemas).
		parameters: { type: "object", properties: {} } as unknown as ToolDefinition["parameters"],
		...(aliases === undefined ? {} : { namespace: { name: name.split("__").slice(0, 2).join("__"), aliases } }),
		execute: async () => ({ content: [{ type: "text" as const, text: "ok" }], details: {} }),
	});
	const factory = (api: ExtensionAPI) => {
		api.registerTool(tool("mcp__my_srv__do_thing", "MCP tool do-thing from server my-srv"));
		api.registerTool(tool("mcp__docs__search_all", "Searches everything", ["docs.example"]));
		api.registerTool(tool("mcp__plain__read_it", "Reads it"));
		names = createMcpNames(api);
	};
	await sdk.start({ extensions: [factory] });
	if (names === undefined) throw new Error("no names");
	return names;
};

describe("createMcpNames", () => {
	it("reads the real server and tool names from pi's default description", async () => {
		const names = await start();
		expect(names.claudeName("mcp__my_srv__do_thing")).toBe("mcp__my-srv__do-thing");
	});

	it("takes the server from the namespace alias and keeps pi's tool part until a result names it", async () => {
		const names = await start();
		expect(names.claudeName("mcp__docs__search_all")).toBe("mcp__docs.example__search_all");
		names.learn("mcp__docs__search_all", { server: "docs.example", tool: "search-all" });
		expect(names.claudeName("mcp__docs__search_all")).toBe("mcp__docs.example__search-all");
	});

	it("keeps pi's name for an MCP tool it knows nothing about, and leaves other tools alone", async () => {
		const names = await start();
		expect(names.claudeName("mcp__plain__read_it")).toBe("mcp__plain__read_it");
		expect(names.claudeName("mcp__gone__tool")).toBe("mcp__gone__tool");
		expect(names.claudeName("bash")).toBe("bash");
	});

	it("learns only from details that name a server and a tool, and only for MCP tools", async () => {
		const names = await start();
		names.learn("mcp__plain__read_it", { server: 3, tool: "x" });
		names.learn("mcp__plain__read_it", null);
		names.learn("bash", { server: "s", tool: "t" });
		expect(names.claudeName("mcp__plain__read_it")).toBe("mcp__plain__read_it");
		expect(names.claudeName("bash")).toBe("bash");
		names.learn("mcp__plain__read_it", { server: "plain", tool: "read-it" });
		expect(names.claudeName("mcp__plain__read_it")).toBe("mcp__plain__read-it");
	});
});
