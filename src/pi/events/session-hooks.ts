/**
 * SessionStart on pi's `session_start` (and after compaction), SessionEnd on `session_shutdown`:
 * SessionStart context reaches the model before its first request; SessionEnd
 * hooks run under Claude Code's short budget so quitting never hangs.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { decideContextEvent } from "../../engine/decide-context.ts";
import { sessionEndPayload, sessionStartPayload } from "../../engine/payload/session.ts";
import { planSessionContext } from "../../engine/plan-prompt.ts";
import {
	CONTEXT_MESSAGE_TYPE,
	carryOut,
	type HookContext,
	runHooks,
	runHooksStarting,
	showNotices,
} from "./hook-context.ts";

/**
 * Runs SessionStart hooks for `source` with `CLAUDE_ENV_FILE` set, and sends their context to the model as
 * a hidden message delivered with the next prompt. `only` limits the run to those hook ids; `atLaunch` marks the
 * SessionStart of pi's start (its `mcp_tool` hooks do not run). Resolves with the ids of the hooks that ran
 * (background ones included, started now and done later).
 */
export const runSessionStart = async (
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
	source: string,
	envFile: string | undefined,
	only?: ReadonlySet<string>,
	atLaunch = false,
): Promise<ReadonlySet<string>> => {
	if (!hc.engine.hasHooks("SessionStart")) return new Set();
	const model = hc.ctx.model?.id;
	const { verdicts, background } = await runHooksStarting(hc, {
		event: "SessionStart",
		matchValues: [source],
		payload: sessionStartPayload(hc.session, { source, model }),
		...(envFile ? { extraEnv: { CLAUDE_ENV_FILE: envFile } } : {}),
		...(only ? { only } : {}),
		...(atLaunch ? { atLaunch } : {}),
		summary: source,
	});
	// A background hook ran too, though it has no verdict yet: the late-approval run must not start it again.
	const ran = new Set([...verdicts.map((verdict) => verdict.entry.id), ...background]);
	const name = `SessionStart:${source}`;
	const decision = decideContextEvent(verdicts, name, false);
	const plan = planSessionContext(decision, name, { event: "SessionStart", input: source, time: hc.clock() });
	if (plan.context.length > 0) {
		pi.sendMessage(
			{ customType: CONTEXT_MESSAGE_TYPE, content: plan.context.join("\n"), display: false },
			{ deliverAs: "nextTurn" },
		);
	}
	carryOut(hc, plan.steps);
	return ran;
};

/** Runs SessionEnd hooks; their output is only reported (SessionEnd cannot block). */
export const runSessionEnd = async (hc: HookContext, reason: string): Promise<void> => {
	if (!hc.engine.hasHooks("SessionEnd")) return;
	const verdicts = await runHooks(hc, {
		event: "SessionEnd",
		matchValues: [reason],
		payload: sessionEndPayload(hc.session, reason),
		summary: reason,
	});
	showNotices(hc, decideContextEvent(verdicts, "SessionEnd", false).notices);
};
