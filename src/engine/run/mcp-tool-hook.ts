/**
 * `mcp_tool` hooks: the call they make and what its answer means. Claude Code: the hook names a `server` that is
 * already connected and one of its `tool`s, with an `input` object whose string values may hold `${path}` taken
 * from the hook input (`${tool_input.file_path}`); the tool's text result is read like a command hook's stdout
 * (JSON decides, plain text per the event's rules); a server that is not connected, a missing tool or a tool
 * error is a non-blocking error. With `onFailure: "block"` (Claude Code 2.1.328) those failures block, and the
 * tool must then answer with a hook's JSON output, `{}` or nothing: plain text, an image, or JSON that holds none
 * of a hook output's fields (or only `reason`) is a failure too, except where plain text is the answer (PreCompact).
 * Pure.
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

/** The fields of a hook's JSON output (Claude Code): an answer holding none of them is no hook output. */
const HOOK_OUTPUT_FIELDS: ReadonlySet<string> = new Set([
	"continue",
	"stopReason",
	"suppressOutput",
	"systemMessage",
	"decision",
	"reason",
	"hookSpecificOutput",
]);

/**
 * Why a tool's answer is not a hook's output (Claude Code 2.1.328, for a fail-closed hook), or undefined when it
 * is one: nothing, `{}`, a JSON object with a hook output field other than `reason` alone, or text that starts
 * with `{` but does not parse (left to the reading of stdout, which reports it).
 */
const notHookOutput = (text: string, nonText: readonly string[]): string | undefined => {
	if (nonText.length > 0) return `answered with ${nonText.includes("image") ? "an image" : `a ${nonText[0]}`}`;
	const trimmed = text.trim();
	if (trimmed === "") return undefined;
	if (!trimmed.startsWith("{")) return "answered with plain text";
	let value: unknown;
	try {
		value = JSON.parse(trimmed);
	} catch {
		return undefined;
	}
	if (!isObject(value)) return undefined;
	const keys = Object.keys(value);
	if (keys.length === 0) return undefined;
	const known = keys.filter((key) => HOOK_OUTPUT_FIELDS.has(key));
	if (known.length === 0) return "answered with JSON that holds no field of a hook's output";
	if (known.every((key) => key === "reason")) return 'answered with JSON whose only hook output field is "reason"';
	return undefined;
};

/**
 * The outcome the engine reads for an `mcp_tool` hook's reply: the tool's text as stdout of exit 0, or
 * `request_failed` (a non-blocking error) naming the server and tool when the server is not connected, the tool is
 * not offered, the call failed or the tool answered with an error; a timeout or Esc decides nothing. `strict`
 * (a fail-closed hook, `mcpAnswerMustBeHookOutput`): an answer that is not a hook's output is `request_failed` too.
 */
export const mcpToolOutcome = (
	spec: McpToolSpec,
	reply: McpToolReply,
	maxOutputBytes: number,
	strict = false,
): ProcessOutcome => {
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
			if (strict) {
				const why = notHookOutput(reply.text, reply.nonText ?? []);
				if (why !== undefined) return failed(`MCP tool ${name} ${why}, not a hook's JSON output`);
			}
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
		case "unapproved_server":
			return failed(
				`MCP server "${spec.server}" is defined by the project's ${reply.file}, not approved for this hook ` +
					"(/hooks approve asks)",
			);
		case "unavailable":
			return failed("mcp_tool hooks are not available here");
		case "timed_out":
			return stoppedOutcome(true, spec.timeoutMs, reply.durationMs);
		case "aborted":
			return stoppedOutcome(false, spec.timeoutMs, reply.durationMs);
	}
};
