/**
 * What to tell the user about the merged configuration, planned from codes (issue kinds, skip reasons), never
 * from message text. Pure; pi shows each notice once per session.
 */

import { isPolicySource, sourceLabel } from "../config/sources.ts";
import type { UserNotice } from "../decide/tool.ts";
import { piToolNameInRule } from "../match/if-rule.ts";
import { isPiSettingsFile } from "../match/index-by-event.ts";
import { commandText } from "../text/messages.ts";
import { HIDDEN_CLASS_WORDS, hiddenCharacters, hiddenClass } from "../text/terminal-safe.ts";
import type { HookConfig, HookEntry } from "../types.ts";

/** Whose problem a file problem is: `settings`, `managed policy`, `plugin guard@my-marketplace`, `skill deploy`. */
const problemOf = (source: string | undefined): string =>
	source === undefined
		? "settings"
		: source === "Managed"
			? "managed policy"
			: source.replace(/^[A-Z]/, (c) => c.toLowerCase());

/**
 * Why a hook's `if` rule never matches although the hook is listed as running: it names a tool by pi's name in a
 * Claude Code file (`bash(rm *)`; see {@link piToolNameInRule}). The sentence, or undefined when the rule is fine.
 */
export const ifRuleProblem = (entry: HookEntry): string | undefined => {
	const rule = entry.handler.if;
	if (rule === undefined) return undefined;
	const found = piToolNameInRule(rule, { piToolNames: isPiSettingsFile(entry.source.scope) });
	return found === undefined
		? undefined
		: `if "${rule}" names pi's tool "${found.named}": in a Claude Code file it never matches, so the hook ` +
				`never runs; write ${found.claudeName}(...)`;
};

/** One notice about the configuration, with the key it is told once under. */
export interface ConfigNotice {
	readonly key: string;
	readonly notice: UserNotice;
}

/**
 * Lines about the configuration a user must hear about: file problems (saying whether the entry or file is skipped, or
 * the last good hooks kept), untrusted project hooks, hooks that never run (no such event in pi, handler type not run),
 * hooks managed policy holds back, hooks whose `if` never matches (pi's tool names in a Claude Code file),
 * `disableAllHooks`. Read from the issues' kinds and the skipped hooks' reason codes.
 */
export const configNotices = (config: HookConfig): ConfigNotice[] => {
	const notices: ConfigNotice[] = [];
	for (const issue of config.issues) {
		const where = issue.path === "" ? issue.file : `${issue.file} at ${issue.path}`;
		// A whole-file problem either skips the file or (mid-session) keeps its last good hooks, as its kind says.
		const outcome =
			issue.kind === "http_closed"
				? ""
				: issue.path !== ""
					? "; that entry is skipped"
					: (issue.kind ?? "skipped") === "skipped"
						? "; the file is skipped"
						: "";
		notices.push({
			key: `issue:${issue.file}:${issue.path}:${issue.message}`,
			notice: {
				level: "error",
				text: `${problemOf(issue.source)} problem in ${where}: ${issue.message}${outcome}`,
			},
		});
	}
	// Unapproved project hooks (change-aware trust) are asked about by the runtime, not listed here.
	const untrusted = config.skipped.filter((skipped) => skipped.reason === "untrusted");
	if (untrusted.length > 0) {
		const list = untrusted
			.slice(0, 5)
			.map((s) => `${s.entry.event} "${commandText(s.entry)}" (${sourceLabel(s.entry.source)})`)
			.join("; ");
		const more = untrusted.length > 5 ? `; and ${untrusted.length - 5} more` : "";
		notices.push({
			key: `untrusted:${untrusted.map((s) => s.entry.id).join(",")}`,
			notice: {
				level: "warning",
				text:
					`project is not trusted, so ${untrusted.length} project hook(s) will not run: ` +
					`${list}${more}. Trust the folder in pi (or start pi with --approve) to run them.`,
			},
		});
	}
	for (const skipped of config.skipped.filter(
		(s) => s.reason === "unsupported_type" || s.reason === "type_not_on_event" || s.reason === "no_such_event",
	)) {
		notices.push({
			key: `unsupported:${skipped.entry.id}`,
			notice: {
				level: "warning",
				text:
					`${skipped.entry.event} hook in ${skipped.entry.source.file} (${skipped.entry.jsonPath}) ` +
					`is skipped: ${skipped.message}`,
			},
		});
	}
	// A guard whose `if` can never match runs nothing and says nothing: tell it once, like a skipped hook.
	for (const entry of config.entries) {
		const problem = ifRuleProblem(entry);
		if (problem === undefined) continue;
		notices.push({
			key: `if-pi-name:${entry.id}`,
			notice: {
				level: "warning",
				text: `${entry.event} hook in ${entry.source.file} (${entry.jsonPath}): ${problem}`,
			},
		});
	}
	notices.push(...hiddenPromptNotices(config.entries));
	for (const reason of ["managed_only", "plugin_only"] as const) {
		const held = config.skipped.filter((s) => s.reason === reason);
		const first = held[0];
		if (first === undefined) continue;
		notices.push({
			key: `${reason}:${held.length}`,
			notice: { level: "warning", text: `${held.length} hook(s) do not run: ${first.message}` },
		});
	}
	if (config.disableAllHooks) {
		const where = config.disableAllHooksSource === undefined ? "settings" : config.disableAllHooksSource;
		const spared = config.disableAllHooksManaged
			? 0
			: config.entries.filter((entry) => isPolicySource(entry.source)).length;
		const rest = spared > 0 ? ` except ${spared} managed hook(s) (only managed policy can switch them off)` : "";
		notices.push({
			key: "disableAllHooks",
			notice: { level: "warning", text: `disableAllHooks is set in ${where}: no hook runs${rest}` },
		});
	}
	return notices;
};

/**
 * One notice per prompt or agent hook whose prompt holds hidden characters (tag characters spelling an instruction,
 * zero-width or bidi controls...): how many, of which classes, and that they are removed before the prompt goes to
 * the model (`buildHookPrompt`); the approval dialog showed them escaped. Keyed by the hook, so told once.
 */
export const hiddenPromptNotices = (entries: readonly HookEntry[]): ConfigNotice[] =>
	entries.flatMap((entry) => {
		const type = entry.handler.type;
		const prompt = entry.definition.prompt;
		if ((type !== "prompt" && type !== "agent") || typeof prompt !== "string") return [];
		const hidden = hiddenCharacters(prompt);
		if (hidden.length === 0) return [];
		const oddSpaces = hidden.some((char) => hiddenClass(char.codePointAt(0) ?? 0) === "odd_space");
		const classes = [...new Set(hidden.map((char) => hiddenClass(char.codePointAt(0) ?? 0)))].flatMap((name) =>
			name === undefined ? [] : [HIDDEN_CLASS_WORDS[name]],
		);
		return [
			{
				key: `hidden-prompt:${entry.id}`,
				notice: {
					level: "warning",
					text:
						`${entry.event} ${type} hook in ${entry.source.file} (${entry.jsonPath}): its prompt holds ` +
						`${hidden.length} hidden character(s) (${classes.join(", ")}); they are removed before the ` +
						`prompt is sent to the model${oddSpaces ? " (odd spaces become plain ones)" : ""}`,
				},
			},
		];
	});
