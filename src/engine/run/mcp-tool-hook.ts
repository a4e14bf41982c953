/**
 * `mcp_tool` hooks: the call they make and what its answer means. Claude Code: the hook names a `server` that is
 * already connected and one of its `tool`s, with an `input` object whose string values may hold `${path}` taken
 * from the hook input (`${tool_input.file_path}`); the tool's text result is read like a command hook's stdout
 * (JSON decides, plain text per the event's rules); a server that is not connected, a missing tool or a tool
 * error is a non-blocking error. Pure.
 */

import { isObject } from "../is-object.ts";
import type { McpToolReply, McpToolSpec, ProcessOutcome } from "../ports.ts";
import { decodeCaptured } from "./capture.ts";
import { capturedText, stoppedOutcome } from "./request-outcome.ts";

/**
 * The name of the tool through which the pi side reaches MCP servers (src/pi/runners/mcp-tools.ts): requests
 * never declare it, but it must be active, so a `pi --tools` list that leaves it out leaves `mcp_tool` hooks
 * without servers.
 */
export const MCP_BRIDGE_TOOL = "pi_hook_manager_mcp_bridge";

/** The value at a dotted `path` (`tool_input.file_path`, `tool_calls.0.tool_name`) of `input`; undefined if none. */
const valueAt = (input: unknown, path: string): unknown => {
	let value: unknown = input;
	for (const key of path.split(".")) {
		if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
		else if (isObject(value) && Object.hasOwn(value, key)) value = value[key];
		else return undefined;
	}
	return value;
};

/** A substituted value as text: strings as they are, other JSON values as JSON, a missing one as `""`. */
const asText = (value: unknown): string =>
	value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

/**
 * `template` with every `${path}` in its string values (at any depth, in objects and arrays) replaced by the value
 * at that path of `hookInput` (see {@link asText}); other values are kept as they are.
 */
export const substituteMcpInput = (template: unknown, hookInput: unknown): unknown => {
	if (typeof template === "string")
		return template.replace(/\$\{([^}]+)\}/g, (_match, path: string) => asText(valueAt(hookInput, path.trim())));
	if (Array.isArray(template)) return template.map((item) => substituteMcpInput(item, hookInput));
	if (isObject(template))
		return Object.fromEntries(
			Object.entries(template).map(([key, item]) => [key, substituteMcpInput(item, hookInput)]),
		);
	return template;
};

/**
 * The call an `mcp_tool` handler (`raw`, as written) makes for a hook run with stdin `stdin` (the hook input JSON).
 * A handler without `input` calls the tool with `{}`; stdin that is not JSON substitutes nothing (every `${path}` is
 * empty).
 */
export const mcpToolSpec = (raw: Readonly<Record<string, unknown>>, stdin: string, timeoutMs: number): McpToolSpec => {
	let hookInput: unknown;
	try {
		hookInput = JSON.parse(stdin);
	} catch {
		hookInput = undefined;
	}
	const input = substituteMcpInput(isObject(raw.input) ? raw.input : {}, hookInput);
	return {
		server: String(raw.server ?? ""),
		tool: String(raw.tool ?? ""),
		input: isObject(input) ? input : {},
		timeoutMs,
	};
};

/** `text` kept to `maxBytes` of UTF-8, with the capture's truncation marker when it was longer (as command stdout). */
const cappedText = (text: string, maxBytes: number) => {
	const bytes = Buffer.from(text, "utf8");
	return bytes.length <= maxBytes ? capturedText(text) : decodeCaptured(bytes.subarray(0, maxBytes), bytes.length);
};

/**
 * The outcome the engine reads for an `mcp_tool` hook's reply: the tool's text as stdout of exit 0, or
 * `request_failed` (a non-blocking error) naming the server and tool when the server is not connected, the tool is
 * not offered, the call failed or the tool answered with an error; a timeout or Esc decides nothing.
 */
export const mcpToolOutcome = (spec: McpToolSpec, reply: McpToolReply, maxOutputBytes: number): ProcessOutcome => {
	const name = `${spec.server}/${spec.tool}`;
	const failed = (message: string): ProcessOutcome => ({
		kind: "request_failed",
		message,
		durationMs: reply.durationMs,
	});
	switch (reply.kind) {
		case "answered":
			if (reply.isError)
				return failed(
					`MCP tool ${name} returned an error${reply.text.trim() === "" ? "" : `: ${reply.text.trim()}`}`,
				);
			return {
				kind: "exited",
				code: 0,
				stdout: cappedText(reply.text, maxOutputBytes),
				stderr: capturedText(""),
				durationMs: reply.durationMs,
			};
		case "no_server":
			return failed(`MCP server "${spec.server}" is not connected`);
		case "no_tool":
			return failed(`MCP server "${spec.server}" has no tool "${spec.tool}"`);
		case "no_bridge":
			return failed(
				`MCP server "${spec.server}" cannot be reached: pi did not activate pi-hook-manager's ` +
					`${MCP_BRIDGE_TOOL} tool (a --tools list without it?)`,
			);
		case "failed":
			return failed(`MCP tool ${name} failed: ${reply.message}`);
		case "unavailable":
			return failed("mcp_tool hooks are not available here");
		case "timed_out":
			return stoppedOutcome(true, spec.timeoutMs, reply.durationMs);
		case "aborted":
			return stoppedOutcome(false, spec.timeoutMs, reply.durationMs);
	}
};
