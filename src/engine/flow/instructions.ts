/**
 * The flow of InstructionsLoaded (a Claude Code event) once pi has loaded its context files (`AGENTS.md`,
 * `CLAUDE.md`): one run per file pi put in its system prompt, in order, after SessionStart (`load_reason:
 * "session_start"`) and again after a compaction (`"compact"`; see events/lifecycle.ts). Claude Code: its output
 * and exit codes are ignored; a failing hook is still reported.
 */
import { decideBlockEvent } from "../decide/stop.ts";
import { memoryType } from "../events/pi-vocabulary.ts";
import { instructionsLoadedPayload } from "../payload/instructions.ts";
import { notifyAll, type PlanStep } from "../plan/steps.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/** The context files pi put in a system prompt, in order (pi writes each as `<project_instructions path="...">`). */
export const contextFilePaths = (systemPrompt: string): string[] =>
	[...systemPrompt.matchAll(/<project_instructions path="([^"]+)">/g)].map((match) => match[1] ?? "").filter(Boolean);

/** The moment pi's context files were loaded. */
export interface InstructionsInput {
	/** pi's current system prompt. */
	readonly systemPrompt: string;
	/** pi's agent directory (its files are `User` instructions). */
	readonly agentDir: string;
	/** Claude Code's `load_reason`: `session_start` or `compact`. */
	readonly loadReason: string;
}

/**
 * InstructionsLoaded once per context file of pi's system prompt; the steps only report. Undefined at once when the
 * event has no hooks or pi loaded no file.
 */
export const instructionsLoaded = (
	ports: FlowPorts,
	moment: FlowMoment,
	loaded: InstructionsInput,
): Promise<readonly PlanStep[]> | undefined => {
	if (!ports.engine.hasHooks("InstructionsLoaded")) return undefined;
	const files = contextFilePaths(loaded.systemPrompt);
	if (files.length === 0) return undefined;
	return (async () => {
		const steps: PlanStep[] = [];
		for (const file of files) {
			const run = await runEvent(ports, moment, {
				event: "InstructionsLoaded",
				matchValues: [loaded.loadReason],
				payload: instructionsLoadedPayload(moment.session, {
					filePath: file,
					memoryType: memoryType(file, loaded.agentDir),
					loadReason: loaded.loadReason,
				}),
				summary: file,
			});
			steps.push(...run.steps, ...notifyAll(decideBlockEvent(run.verdicts, "InstructionsLoaded").notices));
		}
		return steps;
	})();
};
