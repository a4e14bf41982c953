/**
 * InstructionsLoaded when pi has loaded its context files (`AGENTS.md`, `CLAUDE.md`; a Claude Code event):
 * once per file at session start (`load_reason: "session_start"`) and again after a compaction (`"compact"`).
 * The files are the ones pi put in its system prompt. Output and exit codes are ignored, as in Claude Code.
 */
import { decideBlockEvent } from "../../engine/decide-stop.ts";
import { memoryType } from "../../engine/events/pi-vocabulary.ts";
import { instructionsLoadedPayload } from "../../engine/payload/instructions.ts";
import { type HookContext, runHooks, showNotices } from "./hook-context.ts";

/** The context files pi put in a system prompt, in order (`<project_instructions path="...">`). */
export const contextFilePaths = (systemPrompt: string): string[] =>
	[...systemPrompt.matchAll(/<project_instructions path="([^"]+)">/g)].map((match) => match[1] ?? "").filter(Boolean);

/** Runs InstructionsLoaded hooks once per context file of pi's current system prompt. */
export const runInstructionsLoaded = async (hc: HookContext, agentDir: string, reason: string): Promise<void> => {
	if (!hc.engine.hasHooks("InstructionsLoaded")) return;
	let files: string[];
	try {
		files = contextFilePaths(hc.ctx.getSystemPrompt());
	} catch {
		return;
	}
	for (const file of files) {
		const verdicts = await runHooks(hc, {
			event: "InstructionsLoaded",
			matchValues: [reason],
			payload: instructionsLoadedPayload(hc.session, {
				filePath: file,
				memoryType: memoryType(file, agentDir),
				loadReason: reason,
			}),
			summary: file,
		});
		showNotices(hc, decideBlockEvent(verdicts, "InstructionsLoaded").notices);
	}
};
