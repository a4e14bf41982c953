/**
 * SessionStart on pi's `session_start` (and after compaction), SessionEnd on `session_shutdown`
 * (Claude Code hooks §1, §5.5): SessionStart context reaches the model before its first request; SessionEnd
 * hooks run under Claude Code's short budget so quitting never hangs.
 */
import type { ExtensionAPI, SessionShutdownEvent, SessionStartEvent } from "@earendil-works/pi-coding-agent";
import { decideContextEvent } from "../engine/decide-context.ts";
import { commandText } from "../engine/messages.ts";
import { basePayload } from "../engine/payload.ts";
import {
	CONTEXT_MESSAGE_TYPE,
	contextVerdicts,
	type HookContext,
	recordDecision,
	runHooks,
	showNotices,
} from "./hook-context.ts";

/** Claude Code's SessionStart `source` for a pi `session_start` reason; undefined = no SessionStart. */
export const sessionStartSource = (reason: SessionStartEvent["reason"], hasHistory: boolean): string | undefined => {
	switch (reason) {
		case "startup":
			// `pi --session <id>` reports startup; a session that already has messages is a resume.
			return hasHistory ? "resume" : "startup";
		case "new":
			return "clear";
		case "resume":
			return "resume";
		case "fork":
			return "fork";
		default:
			return undefined;
	}
};

/** Claude Code's SessionEnd `reason` for a pi `session_shutdown` reason. */
export const sessionEndReason = (reason: SessionShutdownEvent["reason"], interactive: boolean): string => {
	switch (reason) {
		case "quit":
			return interactive ? "prompt_input_exit" : "other";
		case "new":
			return "clear";
		case "resume":
			return "resume";
		default:
			return "other";
	}
};

/**
 * Runs SessionStart hooks for `source` with `CLAUDE_ENV_FILE` set, and sends their context to the model as
 * a hidden message delivered with the next prompt. `only` limits the run to those hook ids. Resolves with the
 * ids of the hooks that ran.
 */
export const runSessionStart = async (
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
	source: string,
	envFile: string | undefined,
	only?: ReadonlySet<string>,
): Promise<ReadonlySet<string>> => {
	if (!hc.engine.hasHooks("SessionStart")) return new Set();
	const model = hc.ctx.model?.id;
	const verdicts = await runHooks(hc, {
		event: "SessionStart",
		matchValues: [source],
		payload: { ...basePayload(hc.session, "SessionStart", false), source, ...(model ? { model } : {}) },
		...(envFile ? { extraEnv: { CLAUDE_ENV_FILE: envFile } } : {}),
		...(only ? { only } : {}),
		summary: source,
	});
	const ran = new Set(verdicts.map((verdict) => verdict.entry.id));
	const name = `SessionStart:${source}`;
	const decision = decideContextEvent(verdicts, name, false);
	showNotices(hc, decision.notices);
	// Claude Code 2.1.199: an exit-2 SessionStart hook's stderr is shown in the transcript (it cannot block).
	for (const verdict of verdicts.filter((v) => v.status === "blocking")) {
		recordDecision(
			hc,
			"error",
			"SessionStart",
			[verdict],
			source,
			`${name} hook error: [${commandText(verdict.entry)}]: ${verdict.message.trimEnd()}`,
		);
	}
	if (decision.context.length === 0) return ran;
	pi.sendMessage(
		{ customType: CONTEXT_MESSAGE_TYPE, content: decision.context.join("\n"), display: false },
		{ deliverAs: "nextTurn" },
	);
	recordDecision(hc, "context", "SessionStart", contextVerdicts(verdicts), source, decision.context.join("\n"));
	return ran;
};

/** Runs SessionEnd hooks; their output is only reported (SessionEnd cannot block). */
export const runSessionEnd = async (hc: HookContext, reason: string): Promise<void> => {
	if (!hc.engine.hasHooks("SessionEnd")) return;
	const verdicts = await runHooks(hc, {
		event: "SessionEnd",
		matchValues: [reason],
		payload: { ...basePayload(hc.session, "SessionEnd", false), reason },
		summary: reason,
	});
	showNotices(hc, decideContextEvent(verdicts, "SessionEnd", false).notices);
};
