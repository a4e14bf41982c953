/**
 * The real names of the MCP tools pi has connected, for hooks: first the tool's `server/tool` label in the
 * session's loadout (mcp-tools.ts), which pi gives from the first call on; else the server's name from pi's tool
 * namespace (`aliases`), the tool's from pi's results (`details.tool`) or pi's default description
 * (`MCP tool <tool> from server <server>`), and, until one of those is seen, pi's sanitised tool part.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { claudeMcpToolName, isMcpToolName, type McpToolFacts } from "../../engine/events/mcp-names.ts";

/** Maps pi's MCP tool names to Claude Code's, learning real tool names from results. */
export interface McpNames {
	/** Claude Code's name for a pi tool name (`mcp__my-srv__do-thing`); other names unchanged. */
	claudeName(piToolName: string): string;
	/** Records the real server/tool of a pi tool name from a tool result's `details`. */
	learn(piToolName: string, details: unknown): void;
}

const DEFAULT_DESCRIPTION = /^MCP tool (.+) from server (.+)$/s;

/**
 * Creates the name map over pi's tool list and, when given, `loadoutFacts` (the real names of a pi tool name from
 * the session's loadout, undefined when unknown). Never throws.
 */
export const createMcpNames = (
	pi: Pick<ExtensionAPI, "getAllTools">,
	loadoutFacts?: (piToolName: string) => McpToolFacts | undefined,
): McpNames => {
	const learned = new Map<string, McpToolFacts>();
	const facts = (piToolName: string): McpToolFacts => {
		const known = learned.get(piToolName);
		if (known?.server !== undefined && known.tool !== undefined) return known;
		const loaded = loadoutFacts?.(piToolName);
		if (loaded?.server !== undefined && loaded.tool !== undefined) return loaded;
		let info: ReturnType<ExtensionAPI["getAllTools"]>[number] | undefined;
		try {
			info = pi.getAllTools().find((tool) => tool.name === piToolName);
		} catch {
			info = undefined;
		}
		const described = DEFAULT_DESCRIPTION.exec(info?.description ?? "");
		return {
			server: known?.server ?? info?.namespace?.aliases?.[0] ?? described?.[2],
			tool: known?.tool ?? described?.[1],
		};
	};
	return {
		claudeName: (piToolName) =>
			isMcpToolName(piToolName) ? claudeMcpToolName(piToolName, facts(piToolName)) : piToolName,
		learn(piToolName, details) {
			if (!isMcpToolName(piToolName) || details === null || typeof details !== "object") return;
			const { server, tool } = details as { server?: unknown; tool?: unknown };
			if (typeof server === "string" && typeof tool === "string") learned.set(piToolName, { server, tool });
		},
	};
};
