/**
 * The subagent extensions' lifecycle events on pi's event bus, read into Claude Code's SubagentStart and
 * SubagentStop moments. Shapes read from the packages (recorded in test/fixtures/subagents/):
 * - `@tintinweb/pi-subagents` 0.14.1 (src/index.ts): `subagents:started` `{id, type, description}` when an agent starts
 *   running (foreground or background), `subagents:completed` / `subagents:failed` `{id, type, description, result,
 *   error, status, toolUses, durationMs, tokens}` when it ended. No session file is given.
 * - `pi-subagents` 0.67.0: `subagent:async-started` `{id, agent, agents, mode, cwd, asyncDir, ...}` when a background
 *   run starts (src/runs/background/async-execution.ts), `subagent:async-complete` `{id, runId, agent, success,
 *   summary, sessionFile, results: [{agent, output, sessionPath}], ...}` (result-watcher.ts) and
 *   `subagent:foreground-complete` `{id, runId, agent, success, summary, sessionFile, ...}` (subagent-executor.ts;
 *   only for a foreground run that was detached). A plain foreground run publishes nothing.
 * Both emit after the fact: neither offers a way to keep a finished subagent going or to add context to a started
 * one, so SubagentStop cannot block and SubagentStart's additionalContext cannot reach the subagent. Pure.
 */
import { isObject } from "../is-object.ts";

/** Which extension a moment came from, by its npm name. */
export type SubagentExtension = "@tintinweb/pi-subagents" | "pi-subagents";

/** The channels listened on: what each one is, and whose. */
export const SUBAGENT_CHANNELS: Readonly<
	Record<string, { readonly kind: "start" | "stop"; readonly extension: SubagentExtension }>
> = {
	"subagents:started": { kind: "start", extension: "@tintinweb/pi-subagents" },
	"subagents:completed": { kind: "stop", extension: "@tintinweb/pi-subagents" },
	"subagents:failed": { kind: "stop", extension: "@tintinweb/pi-subagents" },
	"subagent:async-started": { kind: "start", extension: "pi-subagents" },
	"subagent:async-complete": { kind: "stop", extension: "pi-subagents" },
	"subagent:foreground-complete": { kind: "stop", extension: "pi-subagents" },
};

/**
 * The tool each extension registers (pi's `getAllTools()`): while it is there, that extension is loaded and its
 * subagents fire SubagentStart and SubagentStop.
 */
export const SUBAGENT_TOOLS: Readonly<Record<string, SubagentExtension>> = {
	Agent: "@tintinweb/pi-subagents",
	subagent: "pi-subagents",
};

/**
 * One subagent moment in Claude Code's terms: `agentId`, `agentType` (the agent's name: `general-purpose`, `scout`,
 * what the matcher tests), and for a stop the subagent's session file (`agent_transcript_path`, `""` when the
 * extension gives none) and its last words (`last_assistant_message`: its result, or its error).
 */
export interface SubagentMoment {
	readonly kind: "start" | "stop";
	readonly extension: SubagentExtension;
	readonly agentId: string;
	readonly agentType: string;
	readonly transcriptPath: string;
	readonly lastMessage: string;
}

/** A read event: the moment, a malformed one's problem (no hook runs), or not one of the channels. */
export type SubagentRead =
	| { readonly kind: "ok"; readonly moment: SubagentMoment }
	| { readonly kind: "invalid"; readonly extension: SubagentExtension; readonly problem: string }
	| { readonly kind: "ignored" };

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The first result child of a pi-subagents completion, when it has one. */
const firstResult = (data: Record<string, unknown>): Record<string, unknown> => {
	const results = data.results;
	return Array.isArray(results) && isObject(results[0]) ? results[0] : {};
};

/** Reads `raw`, emitted on `channel`. Never throws. */
export const readSubagentEvent = (channel: string, raw: unknown): SubagentRead => {
	const known = SUBAGENT_CHANNELS[channel];
	if (known === undefined) return { kind: "ignored" };
	const invalid = (problem: string): SubagentRead => ({
		kind: "invalid",
		extension: known.extension,
		problem: `${channel}: ${problem}`,
	});
	if (!isObject(raw)) return invalid("the event's data is not an object");
	const tintin = known.extension === "@tintinweb/pi-subagents";
	const first = tintin ? {} : firstResult(raw);
	const agentId = text(raw.id) ?? text(raw.runId);
	const agentType = tintin ? text(raw.type) : (text(raw.agent) ?? text(first.agent));
	if (agentId === undefined) return invalid("id is missing");
	if (agentType === undefined) return invalid(tintin ? "type is missing" : "agent is missing");
	const lastMessage = tintin
		? (text(raw.result) ?? text(raw.error) ?? "")
		: (text(raw.summary) ?? text(first.output) ?? "");
	const transcriptPath = tintin ? "" : (text(raw.sessionFile) ?? text(first.sessionPath) ?? "");
	return {
		kind: "ok",
		moment: {
			kind: known.kind,
			extension: known.extension,
			agentId,
			agentType,
			transcriptPath: known.kind === "stop" ? transcriptPath : "",
			lastMessage: known.kind === "stop" ? lastMessage : "",
		},
	};
};
