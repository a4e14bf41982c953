/**
 * The flows of a session's start and end: SessionStart (on pi's `session_start`, and again after a compaction; see
 * events/lifecycle.ts for which source) and SessionEnd on pi's `session_shutdown`. Claude Code: SessionStart cannot
 * block, its context reaches the model with the next prompt and an exit 2 shows its stderr; SessionEnd's output is
 * only reported.
 */
import { decideContextEvent } from "../decide/context.ts";
import { sessionEndReason } from "../events/pi-vocabulary.ts";
import { sessionEndPayload, sessionStartPayload } from "../payload/session.ts";
import { planSessionContext } from "../plan/prompt.ts";
import { notifyAll, type PlanStep } from "../plan/steps.ts";
import { watchPathsOf } from "./file-changed.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** The SessionStart of a start or a compaction. */
export interface SessionStartInput {
	/** Claude Code's `source` (`startup`, `resume`, `clear`, `compact`, ...; from events/lifecycle.ts). */
	readonly source: string;
	/** pi's model id; undefined when pi has none. */
	readonly model: string | undefined;
	/**
	 * Makes the CLAUDE_ENV_FILE the hooks may write exports to and gives its path; called once, only when hooks run
	 * (a start without SessionStart hooks makes no file). Undefined, or a path undefined: none is set.
	 */
	readonly envFile?: (() => string | undefined) | undefined;
	/** Run only the hooks with these ids (the ones approved late); undefined: all that match. */
	readonly only?: ReadonlySet<string> | undefined;
	/** pi's launch, before its MCP servers connect: `mcp_tool` hooks do not run (Claude Code). */
	readonly atLaunch?: boolean | undefined;
}

/**
 * What pi does after the SessionStart hooks: carry out `steps`, send `context` (hidden) with the next prompt when
 * there is any; `ran`: the ids of the hooks that ran, background ones included (started now, done later);
 * `watchPaths`, when a hook gave one, the FileChanged watch list from now on (Claude Code).
 */
export interface SessionStartPlan {
	readonly steps: readonly PlanStep[];
	readonly context: readonly string[];
	readonly ran: ReadonlySet<string>;
	readonly watchPaths?: readonly string[] | undefined;
}

/** SessionStart for `start`. Undefined at once when the event has no hooks. */
export const sessionStart = (
	ports: FlowPorts,
	moment: FlowMoment,
	start: SessionStartInput,
): Promise<SessionStartPlan> | undefined => {
	if (!ports.engine.hasHooks("SessionStart")) return undefined;
	const { source, envFile, only, atLaunch } = start;
	return (async () => {
		const file = envFile?.();
		const run = await runEvent(ports, moment, {
			event: "SessionStart",
			matchValues: [source],
			payload: sessionStartPayload(moment.session, { source, model: start.model }),
			...(file ? { extraEnv: { CLAUDE_ENV_FILE: file } } : {}),
			...(only ? { only } : {}),
			...(atLaunch ? { atLaunch } : {}),
			summary: source,
		});
		// A background hook ran too, though it has no verdict yet: a late-approval run must not start it again.
		const ran = new Set([...run.verdicts.map((verdict) => verdict.entry.id), ...run.background]);
		const name = `SessionStart:${source}`;
		const plan = planSessionContext(decideContextEvent(run.verdicts, name, false), name, {
			event: "SessionStart",
			input: source,
			time: ports.clock(),
		});
		const watchPaths = watchPathsOf(run.verdicts, moment.session.cwd);
		return {
			steps: [...run.steps, ...plan.steps],
			context: plan.context,
			ran,
			...(watchPaths === undefined ? {} : { watchPaths }),
		};
	})();
};

/**
 * SessionEnd for pi's `session_shutdown` `reason` (`interactive`: pi runs with a UI, so quitting is the user's
 * `prompt_input_exit`). Its steps only report. Undefined at once when the event has no hooks.
 */
export const sessionEnd = (
	ports: FlowPorts,
	moment: FlowMoment,
	shutdown: { readonly reason: string; readonly interactive: boolean },
): Promise<readonly PlanStep[]> | undefined => {
	if (!ports.engine.hasHooks("SessionEnd")) return undefined;
	const reason = sessionEndReason(shutdown.reason, shutdown.interactive);
	return (async () => {
		const run = await runEvent(ports, moment, {
			event: "SessionEnd",
			matchValues: [reason],
			payload: sessionEndPayload(moment.session, reason),
			summary: reason,
		});
		return [...run.steps, ...notifyAll(decideContextEvent(run.verdicts, "SessionEnd", false).notices)];
	})();
};
