/**
 * Which MCP servers pi is going to connect, from its `mcp.json` files: `<agent dir>/mcp.json` and the project's
 * `.pi/mcp.json` (pi reads the latter only in a folder it trusts; a project entry replaces the user's one of the
 * same name, and `"enabled": false` keeps an entry without connecting it). pi connects them in the background
 * after its session starts, so an `mcp_tool` hook that runs first (UserPromptSubmit of `pi -p`) may wait for one.
 * pi 1.6 does not export its config reader, so this reads the same files; a file that is missing or not JSON
 * lists nothing.
 */
import { join } from "node:path";
import { MAX_SETTINGS_BYTES } from "../../engine/config/load.ts";
import { readCapped } from "../../engine/io/capped-read.ts";

/** Where pi's MCP configuration lives: the agent dir, the working directory, whether pi trusts it. */
export interface McpConfigPlace {
	readonly agentDir: string;
	readonly cwd: string;
	readonly projectTrusted: boolean;
}

/** The `mcpServers` entries of one `mcp.json`, by name; empty when the file is missing or not such an object. */
const serversIn = (file: string): Record<string, unknown> => {
	try {
		// The project's file is the repository's: a link to /proc or /dev is never read, a big file only to the cap.
		const found = readCapped(file, MAX_SETTINGS_BYTES);
		if (found.kind !== "ok") return {};
		const parsed: unknown = JSON.parse(found.bytes.toString("utf8"));
		const servers = (parsed as { mcpServers?: unknown } | null)?.mcpServers;
		return servers !== null && typeof servers === "object" && !Array.isArray(servers)
			? (servers as Record<string, unknown>)
			: {};
	} catch {
		return {};
	}
};

/** `"enabled"` of an entry: undefined when the entry does not say. */
const enabledOf = (entry: unknown): boolean | undefined => {
	const enabled = (entry as { enabled?: unknown } | null)?.enabled;
	return typeof enabled === "boolean" ? enabled : undefined;
};

/**
 * Whether pi's `mcp.json` files list `server` as a server to connect (present and not `"enabled": false`; the
 * project's entry, when pi trusts the folder, overrides the user's). Reads the files on every call. Never throws.
 */
export const mcpServerConfigured = (place: McpConfigPlace, server: string): boolean => {
	const user = serversIn(join(place.agentDir, "mcp.json"));
	const project = place.projectTrusted ? serversIn(join(place.cwd, ".pi", "mcp.json")) : {};
	const userEntry = Object.hasOwn(user, server) ? user[server] : undefined;
	const projectEntry = Object.hasOwn(project, server) ? project[server] : undefined;
	if (userEntry === undefined && projectEntry === undefined) return false;
	// A project entry with its own command, url or type replaces the user's; one without only overrides `enabled`.
	const replaces = ["command", "url", "type"].some((key) => Object.hasOwn(Object(projectEntry), key));
	return (replaces ? enabledOf(projectEntry) : (enabledOf(projectEntry) ?? enabledOf(userEntry))) !== false;
};
