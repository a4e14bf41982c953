/**
 * One hook's process outcome -> its verdict (as in Claude Code): exit 0 = success, exit 2 =
 * blocking error, other codes = non-blocking error unless stdout is a valid JSON object, which is read on
 * any exit code. Pure.
 */

import { discardsCommonFields } from "../events/facts.ts";
import { onFailureApplies } from "../events/on-failure.ts";
import { isObject } from "../is-object.ts";
import type { HookLint } from "../lint/hook-lint.ts";
import type { ProcessOutcome } from "../ports.ts";
import { firstLine } from "../text/lines.ts";
import type { HookEntry, HookEventName } from "../types.ts";
import type { HookEffect } from "./effects.ts";
import { permissionEffects, permissionOutputProblem } from "./permission-output.ts";

/** The JSON a hook may print (as in Claude Code), after validation. */
export interface HookOutput {
	readonly continue?: boolean;
	readonly stopReason?: string;
	readonly suppressOutput?: boolean;
	readonly systemMessage?: string;
	/** Top-level decision: `"block"` on most events; `"approve"` is PreToolUse's deprecated allow. */
	readonly decision?: "block" | "approve";
	readonly reason?: string;
	readonly hookSpecificOutput?: {
		readonly hookEventName: string;
		readonly permissionDecision?: "allow" | "deny" | "ask" | "defer";
		readonly permissionDecisionReason?: string;
		readonly updatedInput?: Readonly<Record<string, unknown>>;
		readonly additionalContext?: string;
		readonly updatedToolOutput?: unknown;
		/** MessageDisplay: the text shown instead of the assistant's (display only). */
		readonly displayContent?: string;
		readonly [key: string]: unknown;
	};
}

/**
 * What one hook decided, by status:
 * - `success`: ran and exited 0, or printed a valid JSON object on any non-2 exit. `json` or `plainText`.
 * - `blocking`: exit 2. `message` is the JSON's blocking reason if it gives one, else stderr.
 * - `error`: a non-blocking failure (exit 1, invalid JSON fields, signal, cannot start). `message` is one line.
 * - `timeout`: killed after its timeout; no decision (fail open). `message` says so.
 * - `cancelled`: killed because the user aborted (Esc); no decision.
 */
export interface HookVerdict {
	readonly entry: HookEntry;
	readonly outcome: ProcessOutcome;
	readonly status: "success" | "blocking" | "error" | "timeout" | "cancelled";
	/** Valid JSON output; undefined when stdout was not a JSON object. */
	readonly json?: HookOutput;
	/** Stdout (trailing newline removed) when it was not JSON; undefined when it was JSON or empty. */
	readonly plainText?: string;
	/** Reason or error text; `""` for a plain success. */
	readonly message: string;
	/** A note for the user on a success that may surprise (stdout looked like JSON but did not parse). */
	readonly warning?: string;
	/** What the hook asked for, read from the fields above for this event; what every consumer reads. */
	readonly effects: readonly HookEffect[];
	/**
	 * Likely mistakes in the output that Claude Code silently ignores (hook-lint.ts), found on the whole output
	 * when the run was logged; undefined when not looked at yet.
	 */
	readonly lints?: readonly HookLint[];
	/** True when the hook failed and blocks because of `onFailure: "block"`; `message` says why. */
	readonly failClosed?: true;
}

type Json = Record<string, unknown>;

const optionalType = (object: Json, key: string, type: "string" | "boolean"): string | undefined =>
	object[key] === undefined || typeof object[key] === type ? undefined : `${key} must be a ${type}`;

const oneOf = (object: Json, key: string, values: readonly string[]): string | undefined =>
	object[key] === undefined || values.includes(object[key] as string)
		? undefined
		: `${key} must be one of ${values.map((value) => JSON.stringify(value)).join(", ")}, got ` +
			`${JSON.stringify(object[key])}`;

/** Validates hook JSON for an event; returns the first problem, or undefined when valid. */
export const validateHookOutput = (json: Json, event: HookEventName): string | undefined => {
	const problems = [
		optionalType(json, "continue", "boolean"),
		optionalType(json, "stopReason", "string"),
		optionalType(json, "suppressOutput", "boolean"),
		optionalType(json, "systemMessage", "string"),
		optionalType(json, "reason", "string"),
		oneOf(json, "decision", event === "PreToolUse" ? ["block", "approve"] : ["block"]),
	];
	const specific = json.hookSpecificOutput;
	if (specific !== undefined) {
		if (!isObject(specific)) problems.push("hookSpecificOutput must be an object");
		else {
			if (specific.hookEventName !== event) {
				problems.push(
					`hookSpecificOutput.hookEventName must be ${JSON.stringify(event)}, got ` +
						`${JSON.stringify(specific.hookEventName)}`,
				);
			}
			problems.push(
				oneOf(specific, "permissionDecision", ["allow", "deny", "ask", "defer"]),
				optionalType(specific, "permissionDecisionReason", "string"),
				optionalType(specific, "additionalContext", "string"),
				optionalType(specific, "displayContent", "string"),
			);
			if (specific.updatedInput !== undefined && !isObject(specific.updatedInput)) {
				problems.push("updatedInput must be an object");
			}
			problems.push(permissionOutputProblem(specific, event));
		}
	}
	return problems.find((problem) => problem !== undefined);
};

/** The reason of a blocking decision the JSON makes, if it makes one. */
const jsonBlockReason = (json: HookOutput): string | undefined => {
	const specific = json.hookSpecificOutput;
	if (specific?.permissionDecision === "deny") return specific.permissionDecisionReason ?? json.reason ?? "";
	if (json.decision === "block") return json.reason ?? "";
	return undefined;
};

type ParsedStdout = { json: Json } | { plainText: string | undefined; warning?: string };

/** Claude Code: stdout starting with `{` is parsed as JSON; anything else is plain text. */
const parseStdout = (stdout: string): ParsedStdout => {
	const trimmed = stdout.trim();
	if (trimmed.startsWith("{")) {
		try {
			const value: unknown = JSON.parse(trimmed);
			if (isObject(value)) return { json: value };
		} catch (error) {
			return {
				plainText: trimmed,
				warning:
					`output starts with "{" but is not valid JSON (${(error as Error).message}); treated ` +
					`as plain text`,
			};
		}
	}
	const plain = stdout.replace(/\n+$/, "");
	return { plainText: plain === "" ? undefined : plain };
};

/** Interprets one hook run for `event`: its status, raw output and {@link HookEffect}s. Pure; never throws. */
export const interpretOutcome = (entry: HookEntry, event: HookEventName, outcome: ProcessOutcome): HookVerdict => {
	const verdict = failClosed(readOutcome(entry, event, outcome), event);
	return { ...verdict, effects: effectsOf(verdict, event) };
};

type RawVerdict = Omit<HookVerdict, "effects">;

/** True when `onFailure: "block"` applies on `event` (src/engine/events/on-failure.ts). */
export { onFailureApplies };

/** Claude Code's words for a failure that blocks because of `onFailure: "block"`. */
export const onFailureBlockText = (failure: "failed" | "timed out", detail: string): string =>
	`${failure}; blocking because onFailure is "block"${detail.trim() === "" ? "" : `\n${detail.trimEnd()}`}`;

/**
 * `onFailure: "block"` (Claude Code 2.1.295 for command and http hooks, 2.1.328 for mcp_tool hooks): a hook that
 * cannot start, times out, exits with a code other than 0 or 2, or prints invalid or schema-failing JSON blocks
 * like exit 2; so does an mcp_tool hook whose server is not connected, whose call fails or whose tool answers
 * with an error or with what is not a hook's output (`request_failed`, src/engine/run/mcp-tool-hook.ts). Esc
 * (`cancelled`) never blocks.
 */
const failClosed = (verdict: RawVerdict, event: HookEventName): RawVerdict => {
	const handler = verdict.entry.handler;
	if (handler.onFailure !== "block" || !onFailureApplies(event)) return verdict;
	const outcome = verdict.outcome;
	const stderr = "stderr" in outcome ? outcome.stderr.text : "";
	const blocking = (message: string): RawVerdict => ({
		entry: verdict.entry,
		outcome,
		status: "blocking",
		message,
		failClosed: true,
	});
	if (verdict.status === "timeout") return blocking(onFailureBlockText("timed out", ""));
	if (verdict.status === "error") {
		const detail = stderr.trim() !== "" ? stderr : "message" in outcome ? outcome.message : verdict.message;
		return blocking(onFailureBlockText("failed", detail));
	}
	if (verdict.status === "success" && verdict.warning !== undefined)
		return blocking(onFailureBlockText("failed", verdict.warning));
	return verdict;
};

const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

/** The events whose hooks decide through their own fields only: no exit 2, no `decision: "block"` (Claude Code). */
const PERMISSION_EVENTS: ReadonlySet<HookEventName> = new Set(["PermissionRequest", "PermissionDenied"]);

/**
 * The block effect of an exit 2. Claude Code quotes a blocking hook's own JSON reason as is and its stderr
 * with the command; tool events count a JSON deny as the hook's reason too, and quote raw stderr otherwise.
 */
const exitBlock = (verdict: RawVerdict, event: HookEventName): HookEffect => {
	const json = verdict.json;
	const toolEvent = TOOL_EVENTS.has(event);
	if (verdict.failClosed) return { kind: "block", source: "stderr", reason: verdict.message };
	const jsonSays =
		json?.decision === "block" || (toolEvent && json?.hookSpecificOutput?.permissionDecision === "deny");
	if (jsonSays && verdict.message !== "") return { kind: "block", source: "json", reason: verdict.message };
	const stderr = verdict.outcome.kind === "exited" ? verdict.outcome.stderr.text : "";
	return { kind: "block", source: "stderr", reason: toolEvent ? stderr : verdict.message };
};

/** The permission effect of a successful PreToolUse JSON (Claude Code: `permissionDecision` beats `decision`). */
const permissionEffect = (json: HookOutput): HookEffect | undefined => {
	const specific = json.hookSpecificOutput;
	const reason = specific?.permissionDecisionReason ?? json.reason;
	switch (specific?.permissionDecision) {
		case "deny":
			return { kind: "deny", reason };
		case "ask":
			return { kind: "ask", reason };
		case "allow":
			return { kind: "allow" };
		case "defer":
			return { kind: "defer" };
	}
	if (json.decision === "block") return { kind: "deny", reason, legacy: true };
	if (json.decision === "approve") return { kind: "allow", legacy: true };
	return undefined;
};

/** The effects a verdict stands for on `event`. */
const effectsOf = (verdict: RawVerdict, event: HookEventName): HookEffect[] => {
	const { status, json } = verdict;
	if (status === "error" || status === "timeout" || status === "cancelled") {
		return [{ kind: "failed", why: status, message: verdict.message }];
	}
	const effects: HookEffect[] = [];
	const specific = json?.hookSpecificOutput;
	if (status === "blocking") {
		// Claude Code: PermissionRequest and PermissionDenied do not honour exit 2 (stderr discarded); a
		// PermissionRequest hook that fails closed (`onFailure: "block"`) denies.
		if (event === "PermissionRequest" && verdict.failClosed)
			effects.push({ kind: "deny", reason: verdict.message });
		else if (!PERMISSION_EVENTS.has(event)) effects.push(exitBlock(verdict, event));
	} else if (json !== undefined) {
		// PermissionRequest decides through `decision.behavior` alone (permission-output.ts).
		const permissionRequest = event === "PermissionRequest";
		if (!permissionRequest && (event === "PreToolUse" || specific?.permissionDecision !== undefined)) {
			const permission = permissionEffect(json);
			if (permission !== undefined && (event === "PreToolUse" || !("legacy" in permission)))
				effects.push(permission);
		}
		if (event !== "PreToolUse" && !PERMISSION_EVENTS.has(event) && json.decision === "block") {
			effects.push({ kind: "block", source: "json", reason: json.reason });
		}
		if (specific?.updatedInput !== undefined && !permissionRequest)
			effects.push({ kind: "rewrite", input: specific.updatedInput });
		if (specific?.updatedToolOutput !== undefined) {
			effects.push({ kind: "replace_output", output: specific.updatedToolOutput });
		}
		if (event === "MessageDisplay" && typeof specific?.displayContent === "string")
			effects.push({ kind: "display", text: specific.displayContent });
		effects.push(...permissionEffects(specific, event));
	}
	if (specific?.additionalContext) effects.push({ kind: "context", text: specific.additionalContext });
	if (verdict.plainText !== undefined) effects.push({ kind: "stdout", text: verdict.plainText });
	// Claude Code discards `continue` and `systemMessage` on some events (Notification, SessionEnd, ...).
	const common = !discardsCommonFields(event);
	if (common && json?.continue === false) effects.push({ kind: "stop", reason: json.stopReason });
	if (common && json?.systemMessage) effects.push({ kind: "message", text: json.systemMessage });
	if (verdict.warning !== undefined) effects.push({ kind: "warning", text: verdict.warning });
	return effects;
};

const readOutcome = (entry: HookEntry, event: HookEventName, outcome: ProcessOutcome): RawVerdict => {
	const base = { entry, outcome };
	switch (outcome.kind) {
		case "spawn_failed":
			return { ...base, status: "error", message: `could not start: ${outcome.message}` };
		case "request_failed":
			return { ...base, status: "error", message: outcome.message };
		case "timed_out":
			return {
				...base,
				status: "timeout",
				// Only a command hook has a process to kill; an http, mcp_tool, prompt or agent call is cancelled
				// (an MCP server stays connected).
				message:
					`timed out after ${outcome.timeoutMs / 1000} s and was ` +
					(entry.handler.type === "command" ? "killed" : "cancelled"),
			};
		case "aborted":
			return { ...base, status: "cancelled", message: "cancelled (the run was aborted)" };
		case "signaled":
			return {
				...base,
				status: "error",
				message: `killed by ${outcome.signal}${stderrSuffix(outcome.stderr.text)}`,
			};
		case "exited":
			break;
	}
	const stderr = outcome.stderr.text;
	const parsed = parseStdout(outcome.stdout.text);
	if ("json" in parsed) {
		const problem = validateHookOutput(parsed.json, event);
		if (problem !== undefined) {
			// Claude Code: exit 2 with schema-invalid JSON still blocks, using stderr.
			if (outcome.code === 2) return { ...base, status: "blocking", message: stderr };
			return { ...base, status: "error", message: `JSON output failed validation: ${problem}` };
		}
		const json = parsed.json as HookOutput;
		if (outcome.code === 2) return { ...base, status: "blocking", json, message: jsonBlockReason(json) ?? stderr };
		return { ...base, status: "success", json, message: "" };
	}
	if (outcome.code === 0) {
		return {
			...base,
			status: "success",
			...(parsed.plainText === undefined ? {} : { plainText: parsed.plainText }),
			message: "",
			...(parsed.warning === undefined ? {} : { warning: parsed.warning }),
		};
	}
	if (outcome.code === 2) return { ...base, status: "blocking", message: stderr };
	return {
		...base,
		status: "error",
		message: `Failed with non-blocking status code ${outcome.code}${stderrSuffix(stderr)}`,
	};
};

const stderrSuffix = (stderr: string): string => {
	const line = firstLine(stderr);
	return line === "" ? "" : `: ${line}`;
};
