/** The stdin of SubagentStart and SubagentStop, in Claude Code's key order. */
import type { SubagentMoment } from "../channel/subagents.ts";
import { basePayload, type SessionInfo } from "./base.ts";

/** SubagentStart stdin: base + `agent_id` and `agent_type` (Claude Code sends them on every event of a subagent). */
export const subagentStartPayload = (session: SessionInfo, moment: SubagentMoment): Record<string, unknown> => ({
	...basePayload(session, "SubagentStart"),
	agent_id: moment.agentId,
	agent_type: moment.agentType,
});

/**
 * SubagentStop stdin: base + `agent_id`, `agent_type`, `stop_hook_active` (always false: no extension lets a hook
 * keep a subagent going), `agent_transcript_path`, `last_assistant_message`, and the empty `background_tasks` and
 * `session_crons`.
 */
export const subagentStopPayload = (session: SessionInfo, moment: SubagentMoment): Record<string, unknown> => ({
	...basePayload(session, "SubagentStop"),
	agent_id: moment.agentId,
	agent_type: moment.agentType,
	stop_hook_active: false,
	agent_transcript_path: moment.transcriptPath,
	last_assistant_message: moment.lastMessage,
	background_tasks: [],
	session_crons: [],
});
