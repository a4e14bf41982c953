/**
 * SessionStart on pi's `session_start` (and after compaction), SessionEnd on `session_shutdown`: one engine flow
 * each (engine/flow/session.ts). SessionStart context reaches the model before its first request; SessionEnd
 * hooks run under Claude Code's short budget so quitting never hangs.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { sessionEnd, sessionStart } from "../../engine/flow/session.ts";
import { CONTEXT_MESSAGE_TYPE, type HookContext, runFlow } from "./hook-context.ts";

/**
 * Runs SessionStart hooks for `source` with `CLAUDE_ENV_FILE` set (the file `envFile` makes, only when hooks run),
 * and sends their context to the model as
 * a hidden message delivered with the next prompt. `only` limits the run to those hook ids; `atLaunch` marks the
 * SessionStart of pi's start (its `mcp_tool` hooks do not run). Resolves with the ids of the hooks that ran
 * (background ones included, started now and done later) and the FileChanged watch list a hook gave (`watchPaths`).
 */
export const runSessionStart = async (
	hc: HookContext,
	pi: Pick<ExtensionAPI, "sendMessage">,
	source: string,
	envFile: (() => string | undefined) | undefined,
	only?: ReadonlySet<string>,
	atLaunch = false,
): Promise<{ readonly ran: ReadonlySet<string>; readonly watchPaths: readonly string[] | undefined }> => {
	const start = { source, model: hc.ctx.model?.id, envFile, only, atLaunch };
	const plan = await runFlow(
		hc,
		(moment) => sessionStart(hc, moment, start),
		(done) => done.steps,
	);
	if (plan === undefined) return { ran: new Set(), watchPaths: undefined };
	if (plan.context.length > 0) {
		pi.sendMessage(
			{ customType: CONTEXT_MESSAGE_TYPE, content: plan.context.join("\n"), display: false },
			{ deliverAs: "nextTurn" },
		);
	}
	return { ran: plan.ran, watchPaths: plan.watchPaths };
};

/** Runs SessionEnd hooks for pi's shutdown `reason`; their output is only reported (SessionEnd cannot block). */
export const runSessionEnd = async (hc: HookContext, reason: string): Promise<void> => {
	await runFlow(
		hc,
		(moment) => sessionEnd(hc, moment, { reason, interactive: hc.ctx.hasUI }),
		(steps) => steps,
	);
};
