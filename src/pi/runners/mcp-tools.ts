/**
 * Calling the tools of the MCP servers pi has connected, for `mcp_tool` hooks. pi 1.6 lets an extension call
 * another tool only from inside its own tool (`ctx.executeTool`), never from an event handler, and a second MCP
 * connection would start a second copy of every stdio server. But a tool with `prepareLoadout` is shown the
 * session's registered tools (`ToolLoadout.registered`: the objects pi itself runs, MCP tools included, with their
 * namespaces) every time the tools change, and may hide its own declaration from every request
 * (`hiddenDeclarations`). So a helper tool of ours stays active yet unseen by the model, keeps the latest loadout,
 * and a hook calls the MCP tool's `execute` directly: no `tool_call` event (no hooks of hooks), nothing in the
 * transcript, the server's existing connection.
 *
 * pi connects the servers of its `mcp.json` in the background once its session has started, and registers a
 * server's tools when it connected, which shows us a new loadout. A hook that runs before that (UserPromptSubmit
 * of the first prompt in `pi -p`) on a server pi is going to connect (`configured`) waits for the server's tools
 * to appear: at most {@link MCP_CONNECT_WAIT_MS} and the hook's timeout, and only once per server and session,
 * so a server that never connects costs one wait, not one per call.
 */
import type { AgentToolResult, ToolDefinition, ToolLoadout } from "@earendil-works/pi-coding-agent";
import type { McpToolFacts } from "../../engine/events/mcp-names.ts";
import type { McpToolReply, McpToolRunner } from "../../engine/ports.ts";
import { MCP_BRIDGE_TOOL } from "../../engine/run/mcp-tool-hook.ts";
import { blocksText } from "../../engine/text/blocks.ts";

/** The longest a hook waits for a server pi is still connecting, in ms: pi's own wait on the first prompt. */
export const MCP_CONNECT_WAIT_MS = 10_000;

/** Options of {@link createMcpTools}. */
export interface McpToolsOptions {
	/** Whether pi is going to connect `server` (its `mcp.json` lists it); without it a hook never waits. */
	readonly configured?: (server: string) => boolean;
	/** The longest wait for such a server, in ms; default {@link MCP_CONNECT_WAIT_MS}. */
	readonly connectWaitMs?: number;
}

/** The helper tool's name; requests never declare it, and it refuses to run if ever called. */
export const MCP_HELPER_TOOL = MCP_BRIDGE_TOOL;

type LoadoutTool = ToolLoadout["registered"][number];

/** The MCP tools of the session as the latest loadout shows them. */
export interface McpTools {
	/** The helper tool to register with `pi.registerTool`. */
	readonly tool: ToolDefinition;
	/** Calls `server`'s `tool` for an `mcp_tool` hook. */
	readonly run: McpToolRunner;
	/** The real server and tool names of a pi MCP tool name (its `server/tool` label); undefined when unknown. */
	facts(piToolName: string): McpToolFacts | undefined;
}

/** The server name a loadout tool belongs to: its MCP namespace's first alias (pi: the configured name). */
const serverOf = (loadout: ToolLoadout, tool: LoadoutTool): string | undefined =>
	tool.name.startsWith("mcp__") ? loadout.getNamespace(tool.name)?.aliases?.[0] : undefined;

/** The text of a tool result: its text blocks, one per line. */
const resultText = (result: AgentToolResult<unknown>): string => blocksText(result.content, "\n");

/** The types of a tool result's blocks that are not text (`image`); empty when it has none. */
const nonTextTypes = (result: AgentToolResult<unknown>): string[] =>
	(Array.isArray(result.content) ? (result.content as unknown[]) : [])
		.map((block) => (block as { type?: unknown } | null)?.type)
		.filter((type) => type !== "text")
		.map((type) => (typeof type === "string" ? type : "unknown"));

/** Creates the helper tool and the runner over the loadout pi last showed it. Never throws. */
export const createMcpTools = (options: McpToolsOptions = {}): McpTools => {
	let loadout: ToolLoadout | undefined;
	/** Called with each new loadout (hooks waiting for a server). */
	const listeners = new Set<() => void>();
	/** Servers a hook already waited for in this process: later calls never wait again. */
	const waited = new Set<string>();
	/** The reachable MCP tools of `server` (pi re-registers the tools of a disabled server as `hidden`). */
	const toolsOf = (current: ToolLoadout, server: string): LoadoutTool[] =>
		current.registered.filter(
			(tool) => serverOf(current, tool) === server && current.getExposure(tool.name) !== "hidden",
		);
	/** Waits until a loadout offers tools of `server`, `stop` aborts or `limitMs` passes; resolves those tools. */
	const connected = (server: string, limitMs: number, stop: AbortSignal): Promise<LoadoutTool[]> =>
		new Promise((resolve) => {
			const finish = (tools: LoadoutTool[]) => {
				clearTimeout(timer);
				listeners.delete(check);
				stop.removeEventListener("abort", onStop);
				resolve(tools);
			};
			const check = () => {
				const tools = loadout === undefined ? [] : toolsOf(loadout, server);
				if (tools.length > 0) finish(tools);
			};
			const onStop = () => finish([]);
			const timer = setTimeout(onStop, limitMs);
			listeners.add(check);
			stop.addEventListener("abort", onStop, { once: true });
		});
	const run: McpToolRunner = async (spec, signal): Promise<McpToolReply> => {
		const started = performance.now();
		const elapsed = () => performance.now() - started;
		const current = loadout;
		if (current === undefined) return { kind: "no_bridge", durationMs: elapsed() };
		const timeout = AbortSignal.timeout(spec.timeoutMs);
		const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
		const stopped = (): McpToolReply => ({
			kind: timeout.aborted ? "timed_out" : "aborted",
			durationMs: elapsed(),
		});
		let offered = toolsOf(current, spec.server);
		if (offered.length === 0 && !waited.has(spec.server) && options.configured?.(spec.server) === true) {
			// pi is still connecting it (its mcp.json lists it): wait for its tools, once per server.
			offered = await connected(spec.server, options.connectWaitMs ?? MCP_CONNECT_WAIT_MS, combined);
			waited.add(spec.server);
			if (combined.aborted) return stopped();
		}
		if (offered.length === 0) return { kind: "no_server", durationMs: elapsed() };
		// pi labels an MCP tool `server/tool` with the names the server uses.
		const target = offered.find((tool) => tool.label === `${spec.server}/${spec.tool}`);
		if (target === undefined) return { kind: "no_tool", durationMs: elapsed() };
		if (combined.aborted) return stopped();
		let onStop: () => void = () => {};
		const stop = new Promise<"stopped">((resolve) => {
			onStop = () => resolve("stopped");
			combined.addEventListener("abort", onStop, { once: true });
		});
		try {
			// The tool gets the signal too; the race makes sure a tool that ignores it cannot hold the hook.
			const result = await Promise.race([
				target.execute(`pi-hook-manager-${Date.now().toString(36)}`, { ...spec.input }, combined),
				stop,
			]);
			if (result === "stopped") return stopped();
			const nonText = nonTextTypes(result);
			return {
				kind: "answered",
				text: resultText(result),
				isError: result.isError === true,
				...(nonText.length === 0 ? {} : { nonText }),
				durationMs: elapsed(),
			};
		} catch (error) {
			if (combined.aborted) return stopped();
			return {
				kind: "failed",
				message: error instanceof Error ? error.message : String(error),
				durationMs: elapsed(),
			};
		} finally {
			combined.removeEventListener("abort", onStop);
		}
	};
	const tool: ToolDefinition = {
		name: MCP_HELPER_TOOL,
		label: "pi-hook-manager MCP bridge",
		description: "Internal to pi-hook-manager: never declared to the model.",
		parameters: { type: "object", properties: {} } as unknown as ToolDefinition["parameters"],
		// Declared (so pi shows it the loadout) but never callable from other tools.
		exposure: "model-only",
		prepareLoadout(next) {
			loadout = next;
			for (const listener of [...listeners]) listener();
			return { hiddenDeclarations: [MCP_HELPER_TOOL] };
		},
		async execute() {
			return {
				content: [
					{ type: "text", text: `${MCP_HELPER_TOOL} is internal to pi-hook-manager and cannot be called` },
				],
				details: undefined,
				isError: true,
			};
		},
	};
	return {
		tool,
		run,
		facts(piToolName) {
			const current = loadout;
			const found = current?.registered.find((candidate) => candidate.name === piToolName);
			if (current === undefined || found === undefined) return undefined;
			const server = serverOf(current, found);
			if (server === undefined || !found.label.startsWith(`${server}/`)) return undefined;
			return { server, tool: found.label.slice(server.length + 1) };
		},
	};
};
