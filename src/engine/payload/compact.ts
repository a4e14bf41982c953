/** The stdin of PreCompact and PostCompact, in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/** PreCompact stdin: base + `trigger` and `custom_instructions` (the user's text when manual, else null). */
export const preCompactPayload = (
	session: SessionInfo,
	compaction: { readonly trigger: "manual" | "auto"; readonly customInstructions: string | undefined },
): Record<string, unknown> => ({
	...basePayload(session, "PreCompact"),
	trigger: compaction.trigger,
	custom_instructions: compaction.trigger === "manual" ? (compaction.customInstructions ?? "") : null,
});

/** PostCompact stdin: base + `trigger` and `compact_summary` (the summary the compaction wrote). */
export const postCompactPayload = (
	session: SessionInfo,
	compaction: { readonly trigger: "manual" | "auto"; readonly summary: string },
): Record<string, unknown> => ({
	...basePayload(session, "PostCompact"),
	trigger: compaction.trigger,
	compact_summary: compaction.summary,
});
