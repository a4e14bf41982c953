/**
 * Claude Code's dedupe rule: the same handler from several settings files (or groups) runs once per event. What
 * makes two handlers the same is what they run, not how: a command hook is its `command`, `args` and `shell`, an
 * http hook its `url`, a prompt or agent hook its `prompt` and `model`, an `mcp_tool` hook its server, tool and
 * input. `timeout`, `async`, `asyncRewake`, `if`, `once`, `onFailure`, `statusMessage` and `headers` do not count
 * (Claude Code: the same command with two `timeout` values ran once; its docs: commands dedupe by command string
 * and `args`, http hooks by URL). A plugin's or a skill's copy stays separate, as in Claude Code.
 */
import type { HookEntry } from "../types.ts";

/** The definition fields that say what a handler runs, by handler type; other types count every field. */
const IDENTITY: Readonly<Record<string, readonly string[]>> = {
	command: ["command", "args", "shell"],
	http: ["url"],
	prompt: ["prompt", "model"],
	agent: ["prompt", "model"],
	mcp_tool: ["server", "tool", "input"],
};

/** Fields that never count for an unknown handler type (how it shows, not what it runs). */
const NEVER = new Set(["statusMessage"]);

const keys = new WeakMap<HookEntry, string>();

/**
 * Identity of a handler for dedupe: whose copy it is (settings files share one; each plugin and each skill file
 * has its own), the handler type and the fields of {@link IDENTITY} (keys sorted, for an unknown type every field
 * but `statusMessage`). Equal keys run once. Cached per entry.
 */
export const dedupeKey = (entry: HookEntry): string => {
	let key = keys.get(entry);
	if (key === undefined) {
		const definition = entry.definition;
		const source = entry.source;
		const copy = source.plugin?.id ?? (source.scope === "skill" ? `skill:${source.file}` : "settings");
		const fields = IDENTITY[String(definition.type)] ?? Object.keys(definition).filter((name) => !NEVER.has(name));
		key = JSON.stringify([
			copy,
			definition.type,
			...[...fields].sort().map((name) => [name, definition[name] === undefined ? null : definition[name]]),
		]);
		keys.set(entry, key);
	}
	return key;
};

/**
 * Picks the copy of each handler that runs, in `candidates` order: the first copy, except that a user's copy
 * (not from the project) always wins over a project's, so a project copy with a shorter `timeout`, `async: true`
 * or a looser `if` never stands in for the user's guard. Returns the copies that run, in order, and the others.
 */
export const dedupeHandlers = (
	candidates: readonly HookEntry[],
): { readonly run: readonly HookEntry[]; readonly duplicates: readonly HookEntry[] } => {
	const chosen = new Map<string, HookEntry>();
	for (const entry of candidates) {
		const key = dedupeKey(entry);
		const first = chosen.get(key);
		if (first === undefined || (first.source.project && !entry.source.project)) chosen.set(key, entry);
	}
	const winners = new Set(chosen.values());
	const run: HookEntry[] = [];
	const duplicates: HookEntry[] = [];
	for (const entry of candidates) (winners.has(entry) ? run : duplicates).push(entry);
	return { run, duplicates };
};
