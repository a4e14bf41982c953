/**
 * The texts the model and the user see for hook outcomes, worded as Claude Code words them (the model sees
 * `PreToolUse:Bash hook error: [cmd]: <stderr>` for an exit 2, system reminders for context and feedback).
 */

import type { HookEntry } from "../types.ts";
import { redactSecrets } from "./redact.ts";
import { terminalSafe } from "./terminal-safe.ts";

/** Longest hook text the model or the user is shown, in characters (Claude Code: 10,000). */
export const MAX_HOOK_TEXT_CHARS = 10_000;

/**
 * Hook text for the model: cut to {@link MAX_HOOK_TEXT_CHARS} characters with a visible marker (the full text is
 * in the /hooks log), and terminal-safe but for line breaks and tabs. pi draws tool results and messages as they
 * are, so a hook's escape sequences would otherwise reach the user's terminal (clear the screen, set the title,
 * write the clipboard); the model reads `\e` just as well.
 */
export const capText = (text: string): string =>
	terminalSafe(
		text.length <= MAX_HOOK_TEXT_CHARS
			? text
			: `${text.slice(0, MAX_HOOK_TEXT_CHARS)}\n[pi-hook-manager: hook output truncated: showing ` +
					`${MAX_HOOK_TEXT_CHARS.toLocaleString("en-US")} of ${text.length.toLocaleString("en-US")} ` +
					"characters]",
		{ keepNewlines: true, keepTabs: true },
	);

const commandTexts = new WeakMap<HookEntry, string>();

/**
 * The hook's command as Claude Code quotes it (the command string, plus `args` for exec form), with secrets
 * masked: this text reaches the model, the session file's card entries and the state files, so a token
 * written inside a command (`curl -H 'Authorization: Bearer ghp_...'`) is never repeated. Cached per entry.
 */
export const commandText = (entry: HookEntry): string => {
	let text = commandTexts.get(entry);
	if (text === undefined) {
		const handler = entry.handler;
		const raw =
			handler.type === "mcp_tool"
				? `mcp_tool ${String(handler.raw.server)}/${String(handler.raw.tool)}`
				: handler.type !== "command"
					? `${handler.type} hook`
					: handler.args === undefined
						? handler.command
						: [handler.command, ...handler.args].join(" ");
		text = redactSecrets(raw);
		commandTexts.set(entry, text);
	}
	return text;
};

/**
 * What a hook runs, as written (nothing masked, nothing escaped): a command hook's command (with `args`), an http
 * hook's URL, a prompt or agent hook's prompt, an `mcp_tool` hook's `server/tool`; the definition as JSON when
 * that field is not a string.
 */
export const handlerTarget = (entry: HookEntry): string => {
	const handler = entry.handler;
	if (handler.type === "command")
		return handler.args === undefined ? handler.command : [handler.command, ...handler.args].join(" ");
	const raw = handler.raw;
	const text =
		handler.type === "http"
			? raw.url
			: handler.type === "prompt" || handler.type === "agent"
				? raw.prompt
				: `${String(raw.server)}/${String(raw.tool)}`;
	return typeof text === "string" ? text : JSON.stringify(raw);
};

/** `Event` or `Event:<match query>`, e.g. `PreToolUse:Bash` (as in Claude Code). */
export const hookName = (event: string, matchQuery?: string): string =>
	matchQuery === undefined || matchQuery === "" ? event : `${event}:${matchQuery}`;

/** Wraps model-visible hook text the way Claude Code does. */
export const systemReminder = (text: string): string => `<system-reminder>\n${capText(text)}\n</system-reminder>`;

/**
 * A reminder of our `prefix` and a hook's `text`, only the hook's text capped: the truncation marker then counts
 * the hook's characters, as the card (`contextCut`) and hook lint do.
 */
export const hookReminder = (prefix: string, text: string): string =>
	`<system-reminder>\n${terminalSafe(prefix)}${capText(text)}\n</system-reminder>`;

/** PreToolUse exit 2: the tool result the model gets. */
export const preToolBlockedText = (name: string, entry: HookEntry, stderr: string): string =>
	capText(`${name} hook error: [${commandText(entry)}]: ${stderr === "" ? "No stderr output" : stderr}`);

/** PreToolUse JSON deny without a reason. */
export const preToolDeniedText = (name: string, entry: HookEntry): string =>
	capText(`${name} hook denied this tool call: [${commandText(entry)}]`);

/** Post-tool exit 2 or `decision: "block"`: the reminder next to the tool result. */
export const postToolBlockingText = (name: string, entry: HookEntry, message: string, fromStderr: boolean): string =>
	systemReminder(
		`${name} hook blocking error from command: "${commandText(entry)}": ` +
			`${fromStderr ? `[${commandText(entry)}]: ` : ""}${message}`,
	);

/** `additionalContext` next to a tool result or prompt. */
export const additionalContextText = (name: string, context: string): string =>
	hookReminder(`${name} hook additional context: `, context);

/** What the user sees for a non-blocking hook failure: one short line (as in Claude Code). */
export const hookErrorLine = (name: string, entry: HookEntry, message: string): string =>
	capText(`${name} hook error (${shortCommand(entry)}): ${message}`);

/** `continue: false`: what the user sees. */
export const stoppedContinuationText = (name: string, stopReason: string | undefined): string =>
	`${name} hook stopped continuation${stopReason ? `: ${stopReason}` : ""}`;

/** Text safe to show on one line of a terminal: {@link terminalSafe} with line breaks escaped too. */
export const visibleText = (text: string): string => terminalSafe(text);

/** A command shortened for one-line messages, in characters, with control characters escaped. */
export const shortCommand = (entry: HookEntry, max = 60): string => {
	const text = visibleText(commandText(entry)).replace(/ +/g, " ").trim();
	return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
};
