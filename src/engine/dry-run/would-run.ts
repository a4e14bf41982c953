/**
 * Whether a hook would run for a given stdin in the session as it is now, for a test run (which runs it
 * anyway): the configuration's reason to skip it (its plugin switched off, waiting for approval, ...), the kill
 * switch or `disableAllHooks`, its switch in /hooks, and on tool events its matcher and `if` rule against the
 * stdin's `tool_name` and `tool_input`. Pure.
 */
import { eventUsesMatcher, isToolEvent } from "../events/facts.ts";
import { notRunSentence } from "../record/not-run-text.ts";
import type { HookEntry, SkipReason } from "../types.ts";

/** Why a hook would not run now: a {@link SkipReason} of the configuration, `all_off`, `disabled`, `matcher`, `if`. */
export type WouldNotRun = SkipReason | "all_off" | "disabled" | "matcher" | "if";

/** What the check needs of the session. */
export interface WouldRunContext {
	/** True while the kill switch or `disableAllHooks` has every hook off. */
	readonly allOff: boolean;
	/** False for a hook switched off in /hooks. */
	readonly enabled: boolean;
	/** The session's directory and project root (for `if` path rules); the stdin's `cwd` wins when it has one. */
	readonly cwd: string;
	readonly projectDir: string;
	/** The session's home directory (`~/` in `if` rules). */
	readonly home: string;
	/** Why the configuration skips the hook (it is in `skipped`); undefined for a hook that may run. */
	readonly skipped?: SkipReason | undefined;
}

/** The first reason `entry` would not run for `stdin` now; undefined when it would run. */
export const wouldNotRun = (entry: HookEntry, stdin: string, context: WouldRunContext): WouldNotRun | undefined => {
	if (context.skipped !== undefined) return context.skipped;
	if (context.allOff) return "all_off";
	if (!context.enabled) return "disabled";
	if (!isToolEvent(entry.event)) return undefined;
	let input: Record<string, unknown> | undefined;
	try {
		const value: unknown = JSON.parse(stdin);
		if (value !== null && typeof value === "object" && !Array.isArray(value))
			input = value as Record<string, unknown>;
	} catch {
		return undefined;
	}
	const tool = typeof input?.tool_name === "string" ? input.tool_name : undefined;
	if (tool === undefined) return undefined;
	if (eventUsesMatcher(entry.event) && !entry.matcher.test(tool)) return "matcher";
	const toolInput = input?.tool_input;
	if (entry.ifRule !== undefined && toolInput !== null && typeof toolInput === "object") {
		const cwd = typeof input?.cwd === "string" ? input.cwd : context.cwd;
		if (
			!entry.ifRule.test(tool, toolInput as Record<string, unknown>, {
				cwd,
				projectDir: context.projectDir,
				home: context.home,
			})
		)
			return "if";
	}
	return undefined;
};

/** The sentence for a reason, about this input. */
export const wouldNotRunText = (entry: HookEntry, reason: WouldNotRun): string => {
	switch (reason) {
		case "all_off":
			return "every hook is off now (kill switch or disableAllHooks)";
		case "disabled":
			return "it is switched off in /hooks";
		case "matcher":
			return `its matcher "${entry.matcher.source ?? ""}" does not match this input's tool_name`;
		case "if":
			return `its if "${entry.handler.if ?? ""}" does not match this input`;
		default:
			return notRunSentence({ entry, reason }, undefined);
	}
};
