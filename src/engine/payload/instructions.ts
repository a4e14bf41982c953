/** The stdin of InstructionsLoaded, in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/** InstructionsLoaded stdin: base + `file_path`, `memory_type` (`User`, `Project`, `Local`) and `load_reason`. */
export const instructionsLoadedPayload = (
	session: SessionInfo,
	loaded: { readonly filePath: string; readonly memoryType: string; readonly loadReason: string },
): Record<string, unknown> => ({
	...basePayload(session, "InstructionsLoaded"),
	file_path: loaded.filePath,
	memory_type: loaded.memoryType,
	load_reason: loaded.loadReason,
});
