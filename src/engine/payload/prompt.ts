/** The stdin of UserPromptSubmit and UserPromptExpansion, in Claude Code's key order. */
import { basePayload, type SessionInfo } from "./base.ts";

/** UserPromptSubmit stdin: base + `prompt` (the text as the user typed it). */
export const userPromptSubmitPayload = (session: SessionInfo, prompt: string): Record<string, unknown> => ({
	...basePayload(session, "UserPromptSubmit"),
	prompt,
});

/**
 * UserPromptExpansion stdin: base + `expansion_type: "slash_command"`, `command_name`, `command_args`,
 * `command_source` (of the skill or template the prompt names) and the `prompt`.
 */
export const userPromptExpansionPayload = (
	session: SessionInfo,
	expansion: { readonly commandName: string; readonly commandArgs: string; readonly source: string },
	prompt: string,
): Record<string, unknown> => ({
	...basePayload(session, "UserPromptExpansion"),
	expansion_type: "slash_command",
	command_name: expansion.commandName,
	command_args: expansion.commandArgs,
	command_source: expansion.source,
	prompt,
});
