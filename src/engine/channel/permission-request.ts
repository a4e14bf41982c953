/**
 * The requests other pi extensions send on pi's event bus to fire PermissionRequest and PermissionDenied, read and
 * checked before any hook runs (a malformed request runs no hook: its problem is told, and the caller answered with
 * no decision). Two shapes are accepted: pi-hook-manager's own ({@link PERMISSION_CHANNEL}, the tool in pi's terms)
 * and cc-thingz's `cc-hooks:invoke` ({@link CC_HOOKS_CHANNEL}, a Claude Code stdin), so extensions written for
 * cc-thingz's hook runner work unchanged. Pure; docs/channel.md documents both.
 */
import { isObject } from "../is-object.ts";

/** pi-hook-manager's channel: extensions emit a {@link PermissionChannelRequest} here. */
export const PERMISSION_CHANNEL = "pi-hook-manager:permission";

/** Where every answer of {@link PERMISSION_CHANNEL} is emitted too, with the request's `id`. */
export const PERMISSION_ANSWER_CHANNEL = "pi-hook-manager:permission:answer";

/** cc-thingz's hook-runner channel (alexei-led/cc-thingz `hook-bridge.ts`): `{hookEventName, stdin, onResult}`. */
export const CC_HOOKS_CHANNEL = "cc-hooks:invoke";

/** The two events a channel fires. */
export type ChannelEvent = "PermissionRequest" | "PermissionDenied";

/**
 * One checked request:
 * - `names`: `pi` when the tool is named as pi names it (`bash`, pi's input; pi-hook-manager's channel), `claude`
 *   when it is already Claude Code's (`Bash`, Claude Code's `tool_input`; `cc-hooks:invoke`).
 * - `id`: the caller's request id (cc-hooks: none, its `onResult` is its own).
 * - `from`: the asking extension's name, as it gave it (for the log and `/hooks`); undefined when it gave none.
 * - `timeoutMs`: the caller's deadline, milliseconds; past it the hooks are stopped and the caller answered with no
 *   decision. Undefined: the hooks' own timeouts alone.
 */
export interface ChannelRequest {
	readonly event: ChannelEvent;
	readonly shape: "pi-hook-manager" | "cc-hooks";
	readonly id: string | undefined;
	readonly from: string | undefined;
	readonly names: "pi" | "claude";
	readonly toolName: string;
	readonly toolInput: Readonly<Record<string, unknown>>;
	/** PermissionDenied: the refused call's id (`tool_use_id`); `""` when the caller gave none. */
	readonly toolUseId: string;
	/** PermissionDenied: why the call was refused. */
	readonly reason: string;
	/** PermissionRequest: the caller's "always allow" choices (`permission_suggestions`); undefined when none. */
	readonly suggestions: readonly unknown[] | undefined;
	readonly timeoutMs: number | undefined;
}

/**
 * What a request on the bus was: `ok` with the request; `invalid` with one `problem` sentence (the answer still
 * goes to `reply` when there is one); `ignored` for what is not ours to answer (cc-hooks events other than the two,
 * a payload with no way to answer and no id).
 */
export type ChannelRead =
	| { readonly kind: "ok"; readonly request: ChannelRequest; readonly reply: ((answer: unknown) => void) | undefined }
	| {
			readonly kind: "invalid";
			readonly problem: string;
			/** The request's event when it named one of the two, else PermissionRequest (the answer names it). */
			readonly event: ChannelEvent;
			readonly shape: ChannelRequest["shape"];
			readonly id: string | undefined;
			readonly from: string | undefined;
			readonly reply: ((answer: unknown) => void) | undefined;
	  }
	| { readonly kind: "ignored" };

const EVENTS: readonly string[] = ["PermissionRequest", "PermissionDenied"];

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

const replyOf = (value: unknown): ((answer: unknown) => void) | undefined =>
	typeof value === "function" ? (value as (answer: unknown) => void) : undefined;

/** A deadline in milliseconds from a positive finite number; undefined otherwise. */
const deadline = (value: unknown, unit: number): number | undefined =>
	typeof value === "number" && Number.isFinite(value) && value > 0 ? value * unit : undefined;

/** The fields both shapes check the same way; the first problem, or the fields. */
const toolFields = (
	event: string,
	fields: { name: unknown; input: unknown; useId: unknown; reason: unknown; suggestions: unknown },
	words: { name: string; input: string; useId: string; reason: string; suggestions: string },
): string | Pick<ChannelRequest, "toolName" | "toolInput" | "toolUseId" | "reason" | "suggestions"> => {
	const toolName = text(fields.name);
	if (toolName === undefined) return `${words.name} is missing (a tool name such as "bash" is needed)`;
	if (!isObject(fields.input)) return `${words.input} must be an object (the tool's input)`;
	if (fields.suggestions !== undefined && !Array.isArray(fields.suggestions))
		return `${words.suggestions} must be an array`;
	if (event === "PermissionDenied" && text(fields.reason) === undefined)
		return `${words.reason} is missing (why the call was refused)`;
	if (fields.useId !== undefined && typeof fields.useId !== "string") return `${words.useId} must be a string`;
	return {
		toolName,
		toolInput: fields.input,
		toolUseId: typeof fields.useId === "string" ? fields.useId : "",
		reason: text(fields.reason) ?? "",
		suggestions: Array.isArray(fields.suggestions) ? fields.suggestions : undefined,
	};
};

/** Reads a request emitted on {@link PERMISSION_CHANNEL}. Never throws. */
export const readPermissionRequest = (raw: unknown): ChannelRead => {
	if (!isObject(raw)) return { kind: "ignored" };
	const reply = replyOf(raw.reply);
	const id = text(raw.id);
	const from = text(raw.from);
	if (reply === undefined && id === undefined) return { kind: "ignored" };
	const invalid = (problem: string): ChannelRead => ({
		kind: "invalid",
		problem,
		event: raw.event === "PermissionDenied" ? "PermissionDenied" : "PermissionRequest",
		shape: "pi-hook-manager",
		id,
		from,
		reply,
	});
	if (id === undefined) return invalid("id is missing (a request id the answer names)");
	if (typeof raw.event !== "string" || !EVENTS.includes(raw.event))
		return invalid(`event must be "PermissionRequest" or "PermissionDenied", got ${JSON.stringify(raw.event)}`);
	const fields = toolFields(
		raw.event,
		{
			name: raw.toolName,
			input: raw.input,
			useId: raw.toolCallId,
			reason: raw.reason,
			suggestions: raw.suggestions,
		},
		{ name: "toolName", input: "input", useId: "toolCallId", reason: "reason", suggestions: "suggestions" },
	);
	if (typeof fields === "string") return invalid(fields);
	return {
		kind: "ok",
		reply,
		request: {
			event: raw.event as ChannelEvent,
			shape: "pi-hook-manager",
			id,
			from,
			names: "pi",
			...fields,
			timeoutMs: deadline(raw.timeoutMs, 1),
		},
	};
};

/**
 * Reads a request emitted on {@link CC_HOOKS_CHANNEL} (cc-thingz: `{hookEventName, stdin, ccToolName?, timeoutSec?,
 * onResult}`); only PermissionRequest and PermissionDenied are ours, every other event is left to cc-thingz.
 */
export const readCcHooksRequest = (raw: unknown): ChannelRead => {
	if (!isObject(raw) || !EVENTS.includes(raw.hookEventName as string)) return { kind: "ignored" };
	const reply = replyOf(raw.onResult);
	if (reply === undefined) return { kind: "ignored" };
	const stdin = raw.stdin;
	const invalid = (problem: string): ChannelRead => ({
		kind: "invalid",
		problem,
		event: raw.hookEventName as ChannelEvent,
		shape: "cc-hooks",
		id: undefined,
		from: undefined,
		reply,
	});
	if (!isObject(stdin)) return invalid("stdin must be an object (the hook's Claude Code stdin)");
	const fields = toolFields(
		raw.hookEventName as string,
		{
			name: text(raw.ccToolName) ?? stdin.tool_name,
			input: stdin.tool_input,
			useId: stdin.tool_use_id,
			reason: stdin.reason,
			suggestions: stdin.permission_suggestions,
		},
		{
			name: "ccToolName or stdin.tool_name",
			input: "stdin.tool_input",
			useId: "stdin.tool_use_id",
			reason: "stdin.reason",
			suggestions: "stdin.permission_suggestions",
		},
	);
	if (typeof fields === "string") return invalid(fields);
	return {
		kind: "ok",
		reply,
		request: {
			event: raw.hookEventName as ChannelEvent,
			shape: "cc-hooks",
			id: undefined,
			from: undefined,
			names: "claude",
			...fields,
			timeoutMs: deadline(raw.timeoutSec, 1000),
		},
	};
};
