/**
 * InstructionsLoaded when pi has loaded its context files (`AGENTS.md`, `CLAUDE.md`; a Claude Code event):
 * once per file at session start (`load_reason: "session_start"`) and again after a compaction (`"compact"`).
 * The files are the ones pi put in its system prompt. Output and exit codes are ignored, as in Claude Code.
 */
import { basename, relative } from "node:path";
import { decideBlockEvent } from "../../engine/decide-stop.ts";
import { basePayload } from "../../engine/payload/base.ts";
import { type HookContext, runHooks, showNotices } from "./hook-context.ts";

/** The context files pi put in a system prompt, in order (`<project_instructions path="...">`). */
export const contextFilePaths = (systemPrompt: string): string[] =>
	[...systemPrompt.matchAll(/<project_instructions path="([^"]+)">/g)].map((match) => match[1] ?? "").filter(Boolean);

/**
 * Claude Code's `memory_type` of a context file: `User` in pi's agent directory, `Local` for `CLAUDE.local.md`,
 * else `Project` (the project's file and its parent folders').
 */
export const memoryType = (file: string, agentDir: string): string => {
	if (!relative(agentDir, file).startsWith("..")) return "User";
	return basename(file) === "CLAUDE.local.md" ? "Local" : "Project";
};

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
			payload: {
				...basePayload(hc.session, "InstructionsLoaded", false),
				file_path: file,
				memory_type: memoryType(file, agentDir),
				load_reason: reason,
			},
			summary: file,
		});
		showNotices(hc, decideBlockEvent(verdicts, "InstructionsLoaded").notices);
	}
};
