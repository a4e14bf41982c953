/**
 * Which MCP servers pi is going to connect, from its `mcp.json` files: `<agent dir>/mcp.json` and the project's
 * `.pi/mcp.json` (pi reads the latter only in a folder it trusts; a project entry replaces the user's one of the
 * same name, and `"enabled": false` keeps an entry without connecting it). pi connects them in the background
 * after its session starts, so an `mcp_tool` hook that runs first (UserPromptSubmit of `pi -p`) may wait for one.
 * pi 1.6 does not export its config reader, so this reads the same files; a file that is missing or not JSON
 * lists nothing. A project entry that defines or replaces the server another source's `mcp_tool` hook calls is a
 * project setting (issue #40, {@link projectServerSetting}): it takes effect for that hook only once approved.
 * (pi reads no `.mcp.json`: one there changes nothing.)
 */
import { join } from "node:path";
import { MAX_SETTINGS_BYTES } from "../../engine/config/load.ts";
import { projectSettingKey } from "../../engine/config/project-settings.ts";
import { readCapped } from "../../engine/io/capped-read.ts";
import type { McpToolRunner } from "../../engine/ports.ts";
import type { HookConfig, ProjectSetting } from "../../engine/types.ts";

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

/** The keys of an entry that make it a server definition of its own (without them it only overrides `enabled`). */
const DEFINING_KEYS = ["command", "url", "type"];

/**
 * The project's definition of `server` when it is the one pi connects in place of (or without) the user's: the
 * entry of a trusted project's `.pi/mcp.json` that has its own `command`, `url` or `type`, or that the user's
 * `mcp.json` does not have; as a project setting (its value the entry's JSON, `before` the user's). Undefined when the
 * user's definition stands. Reads the files on every call. Never throws.
 */
export const projectServerSetting = (place: McpConfigPlace, server: string): ProjectSetting | undefined => {
	if (!place.projectTrusted) return undefined;
	const file = join(place.cwd, ".pi", "mcp.json");
	const project = serversIn(file);
	if (!Object.hasOwn(project, server)) return undefined;
	const entry = project[server];
	const user = serversIn(join(place.agentDir, "mcp.json"));
	const userEntry = Object.hasOwn(user, server) ? user[server] : undefined;
	if (userEntry !== undefined && !DEFINING_KEYS.some((key) => Object.hasOwn(Object(entry), key))) return undefined;
	const path = ["mcpServers", server];
	let value: string;
	try {
		value = JSON.stringify(entry) ?? "null";
	} catch {
		value = "null";
	}
	return {
		effect: "mcp_server",
		source: { scope: "pi-project", file, project: true },
		path,
		value,
		...(userEntry === undefined ? {} : { before: JSON.stringify(userEntry) }),
		server,
		key: projectSettingKey(file, path, value),
	};
};

/**
 * The project server definitions that wait for approval: one per server an `mcp_tool` hook of another source in
 * `config` calls whose definition is the project's ({@link projectServerSetting}) and not approved.
 */
export const pendingServerSettings = (
	place: McpConfigPlace | undefined,
	config: HookConfig,
	isApproved: (key: string) => boolean,
): ProjectSetting[] => {
	if (place === undefined) return [];
	const servers = new Set<string>();
	for (const entry of config.entries) {
		if (entry.source.project || entry.handler.type !== "mcp_tool") continue;
		const server = entry.handler.raw.server;
		if (typeof server === "string") servers.add(server);
	}
	return [...servers]
		.map((server) => projectServerSetting(place, server))
		.filter((setting): setting is ProjectSetting => setting !== undefined && !isApproved(setting.key));
};

/**
 * `run` for hooks, except that a hook of another source than the project whose server is the project's unapproved
 * definition gets `unapproved_server` (it then fails as its `onFailure` says) instead of the project's server.
 */
export const guardProjectServers =
	(
		run: McpToolRunner,
		place: () => McpConfigPlace | undefined,
		isApproved: (key: string) => boolean,
	): McpToolRunner =>
	async (spec, signal) => {
		const where = spec.project === true ? undefined : place();
		const setting = where === undefined ? undefined : projectServerSetting(where, spec.server);
		if (setting !== undefined && !isApproved(setting.key))
			return { kind: "unapproved_server", file: ".pi/mcp.json", durationMs: 0 };
		return run(spec, signal);
	};
