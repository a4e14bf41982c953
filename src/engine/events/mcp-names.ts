/**
 * MCP tool names as Claude Code shows them to hooks: `mcp__<server>__<tool>` with the server's and the tool's
 * real names (`mcp__my-srv__do-thing`), where pi names the tool with every character other than letters,
 * digits and `_` replaced by `_` (`mcp__my_srv__do_thing`). Pure.
 */

/** What is known of the MCP tool behind a pi tool name. */
export interface McpToolFacts {
	/** The server's real name (pi's namespace alias); undefined when unknown. */
	readonly server: string | undefined;
	/** The tool's real name as the server offers it; undefined when unknown. */
	readonly tool: string | undefined;
}

/** True for pi's names of MCP server tools (`mcp__<server>__<tool>`). */
export const isMcpToolName = (piToolName: string): boolean => /^mcp__.+?__.+/.test(piToolName);

/**
 * Claude Code's name for an MCP tool pi calls `piToolName`: the real server and tool names where known, else
 * the part of pi's name they stand for. A name that is not an MCP tool's is returned unchanged.
 */
export const claudeMcpToolName = (piToolName: string, facts: McpToolFacts): string => {
	if (!isMcpToolName(piToolName)) return piToolName;
	const sanitizedServer = facts.server?.replace(/[^A-Za-z0-9_]/g, "_");
	const prefix = sanitizedServer === undefined ? undefined : `mcp__${sanitizedServer}__`;
	const server = facts.server ?? /^mcp__(.+?)__/.exec(piToolName)?.[1] ?? "";
	const tool =
		facts.tool ??
		(prefix !== undefined && piToolName.startsWith(prefix)
			? piToolName.slice(prefix.length)
			: piToolName.replace(/^mcp__.+?__/, ""));
	return `mcp__${server}__${tool}`;
};
