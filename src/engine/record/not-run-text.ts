/**
 * Why a configured hook did not run for one event, as a sentence: the firing log's details and
 * `pi-hook-manager why` read the engine's reason codes through it. Pure.
 */

import { terminalSafe } from "../text/terminal-safe.ts";
import type { HookEntry } from "../types.ts";
import type { NotRunHook } from "./firing-record.ts";

/** The matcher as shown: `*` for none, terminal-safe. */
const matcherLabel = (entry: HookEntry): string => {
	const source = entry.matcher.source;
	return source === undefined || source === "" ? "*" : terminalSafe(source);
};

/** Why a hook did not run, as a sentence about this event. */
export const notRunSentence = (hook: NotRunHook, matchQuery: string | undefined): string => {
	const entry = hook.entry;
	switch (hook.reason) {
		case "matcher": {
			const value = matchQuery === undefined ? "this event" : `"${matchQuery}"`;
			return `matcher "${matcherLabel(entry)}" did not match ${value}`;
		}
		case "if":
			return `if "${entry.handler.if ?? ""}" did not match this call`;
		case "disabled":
			return "disabled in the /hooks panel";
		case "duplicate":
			return "the same command already ran for this event (each command runs once)";
		case "all_off":
			return "all hooks were off (kill switch or disableAllHooks)";
		case "untrusted":
			return "the project is not trusted, so its hooks do not run";
		case "unapproved":
			return "a new or changed project hook that waits for your approval";
		case "no_such_event":
			return `pi has no ${entry.event} event`;
		case "unsupported_type":
			return `"${entry.handler.type}" hooks are not supported`;
		case "type_not_on_event":
			return `Claude Code does not run "${entry.handler.type}" hooks on ${entry.event}`;
		case "once":
			return "once: true, and it already ran this session";
		case "managed_only":
			return "managed policy allows only managed hooks (allowManagedHooksOnly)";
		case "plugin_only":
			return "managed policy allows only plugin and managed hooks (strictPluginOnlyCustomization)";
		case "plugin_disabled":
			return "its plugin is switched off in enabledPlugins";
		case "no_moment":
			return "pi has no moment for this hook (agent definitions run only inside their subagent)";
		case "unseen":
			return "new or changed since you last looked: with strictHooks on it runs once you approve it";
		case "files_changed":
			return "a file its approval covers changed since you approved it: it runs again once you approve it";
		case "mcp_at_launch":
			return (
				"mcp_tool hooks do not run on SessionStart at start-up, which comes before MCP servers " +
				"connect (as in Claude Code)"
			);
	}
};
