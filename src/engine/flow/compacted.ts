/**
 * The flow of pi's `session_compact` (the compaction is done): the Claude Code events of that moment in their order
 * (events/lifecycle.ts: PostCompact, then SessionStart again with source `compact`, then InstructionsLoaded with
 * `load_reason: "compact"`), each through its own flow, as one engine call.
 */
import { AFTER_COMPACTION, type LifecycleStep } from "../events/lifecycle.ts";
import type { PlanStep } from "../plan/steps.ts";
import { postCompact } from "./compact.ts";
import { instructionsLoaded } from "./instructions.ts";
import type { FlowMoment, FlowPorts } from "./run-event.ts";
import { sessionStart } from "./session.ts";

/** pi's finished compaction and the session facts its later events take. */
export interface CompactedInput {
	/** pi's compaction reason (`manual`, `threshold`, `overflow`). */
	readonly reason: string;
	/** The compaction's summary text. */
	readonly summary: string;
	/** pi's model id; undefined when pi has none. */
	readonly model: string | undefined;
	/** pi's system prompt after the compaction (its context files); `""` when it cannot be read. */
	readonly systemPrompt: string;
	/** pi's agent directory. */
	readonly agentDir: string;
}

/** What pi does after the compaction's hooks: carry out `steps`, send `context` (hidden) with the next prompt. */
export interface CompactedPlan {
	readonly steps: readonly PlanStep[];
	/** SessionStart's context texts, in order; empty = send nothing. */
	readonly context: readonly string[];
	/** SessionStart's `watchPaths`, when a hook gave one: FileChanged's watch list from now on. */
	readonly watchPaths?: readonly string[] | undefined;
}

/** The steps of one lifecycle event of the moment, with the context it plans; undefined when it runs nothing. */
const runStep = (
	ports: FlowPorts,
	moment: FlowMoment,
	step: LifecycleStep,
	done: CompactedInput,
): Promise<CompactedPlan> | undefined => {
	if (step.event === "PostCompact")
		return postCompact(ports, moment, done)?.then((steps) => ({ steps, context: [] }));
	if (step.event === "SessionStart")
		return sessionStart(ports, moment, { source: step.source, model: done.model, atLaunch: step.atLaunch });
	const loaded = { systemPrompt: done.systemPrompt, agentDir: done.agentDir, loadReason: step.loadReason };
	return instructionsLoaded(ports, moment, loaded)?.then((steps) => ({ steps, context: [] }));
};

/**
 * The events after pi's compaction, in Claude Code's order, one after another. Undefined at once when none of them
 * has hooks.
 */
export const compacted = (
	ports: FlowPorts,
	moment: FlowMoment,
	done: CompactedInput,
): Promise<CompactedPlan> | undefined => {
	if (!AFTER_COMPACTION.some((step) => ports.engine.hasHooks(step.event))) return undefined;
	return (async () => {
		const steps: PlanStep[] = [];
		const context: string[] = [];
		let watchPaths: readonly string[] | undefined;
		for (const step of AFTER_COMPACTION) {
			const plan = await runStep(ports, moment, step, done);
			steps.push(...(plan?.steps ?? []));
			context.push(...(plan?.context ?? []));
			watchPaths = plan?.watchPaths ?? watchPaths;
		}
		return { steps, context, ...(watchPaths === undefined ? {} : { watchPaths }) };
	})();
};
