/**
 * InstructionsLoaded when pi has loaded its context files (`AGENTS.md`, `CLAUDE.md`; a Claude Code event): one
 * engine flow (engine/flow/instructions.ts) over the files pi put in its system prompt, at session start and again
 * after a compaction. Output and exit codes are ignored, as in Claude Code.
 */
import { instructionsLoaded } from "../../engine/flow/instructions.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** Runs InstructionsLoaded hooks once per context file of pi's current system prompt (`reason`: `load_reason`). */
export const runInstructionsLoaded = async (hc: HookContext, agentDir: string, reason: string): Promise<void> => {
	let systemPrompt: string;
	try {
		systemPrompt = hc.ctx.getSystemPrompt();
	} catch {
		return; // pi's context went stale (a fork replaced the session): nothing was loaded into it.
	}
	const loaded = { systemPrompt, agentDir, loadReason: reason };
	await runFlow(
		hc,
		(moment) => instructionsLoaded(hc, moment, loaded),
		(steps) => steps,
	);
};
