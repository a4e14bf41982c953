/**
 * The flow of Claude Code's FileChanged: a file the session watches was written, created or deleted (by anyone).
 * Claude Code: the FileChanged matchers name the files to watch (split on `|` into literal file names in the
 * cwd; an omitted matcher adds none but matches every watched file); a hook's `hookSpecificOutput.watchPaths`
 * replaces that list; the hooks cannot block; exit 2 shows stderr to the user; `systemMessage` is a notice;
 * `continue` is discarded; `CLAUDE_ENV_FILE` is set for them, as for SessionStart.
 */
import { basename, isAbsolute, resolve } from "node:path";
import { decideContextEvent } from "../decide/context.ts";
import type { HookVerdict } from "../decide/interpret.ts";
import { type FileChangeKind, fileChangedPayload } from "../payload/file-changed.ts";
import { notifyAll, type PlanStep } from "../plan/steps.ts";
import type { HookConfig, HookEntry } from "../types.ts";
import { type FlowMoment, type FlowPorts, runEvent } from "./run-event.ts";

/**
 * The files the FileChanged matchers of `config` name, absolute (relative ones in `cwd`), sorted, each once:
 * Claude Code splits a matcher on `|` into literal file names (`".envrc|.env"`; `"*"` names a file called `*`).
 */
export const matcherWatchList = (config: HookConfig, cwd: string): readonly string[] => {
	const paths = new Set<string>();
	for (const entry of config.entries) for (const path of entryWatchList(entry, cwd)) paths.add(path);
	return [...paths].sort();
};

/**
 * The files one hook's FileChanged matcher names, absolute (relative ones in `cwd`), in the matcher's order: empty
 * for a hook of another event or without a matcher (it runs for every watched file but adds none).
 */
export const entryWatchList = (entry: HookEntry, cwd: string): readonly string[] => [
	...new Set(watchedNames(entry).map((name) => resolve(cwd, name))),
];

/** The file names (as written: relative to the cwd, or absolute) one hook's FileChanged matcher names, each once. */
export const watchedNames = (entry: HookEntry): readonly string[] => {
	if (entry.event !== "FileChanged" || entry.matcher.source === undefined) return [];
	const names = entry.matcher.source.split("|").map((name) => name.trim());
	return [...new Set(names.filter((name) => name !== ""))];
};

/**
 * The watch list the hooks' `hookSpecificOutput.watchPaths` ask for (absolute; relative ones in `cwd`), every
 * hook's together; undefined when no hook gave one (the list stays). Non-string items are dropped.
 */
export const watchPathsOf = (verdicts: readonly HookVerdict[], cwd: string): readonly string[] | undefined => {
	let paths: Set<string> | undefined;
	for (const verdict of verdicts) {
		if (verdict.status !== "success") continue;
		const asked = verdict.json?.hookSpecificOutput?.watchPaths;
		if (!Array.isArray(asked)) continue;
		paths ??= new Set();
		for (const path of asked)
			if (typeof path === "string" && path !== "") paths.add(isAbsolute(path) ? path : resolve(cwd, path));
	}
	return paths === undefined ? undefined : [...paths].sort();
};

/** One change of a watched file. */
export interface FileChangeInput {
	/** The absolute path of the file. */
	readonly filePath: string;
	readonly event: FileChangeKind;
	/** Makes the CLAUDE_ENV_FILE the hooks may write exports to; called once, only when hooks run. */
	readonly envFile?: (() => string | undefined) | undefined;
}

/** What pi does after the FileChanged hooks: carry out `steps`; `watchPaths`, when given, is the new watch list. */
export interface FileChangedPlan {
	readonly steps: readonly PlanStep[];
	readonly watchPaths: readonly string[] | undefined;
}

/** FileChanged for `change`; the matcher tests the file's name. Undefined at once when the event has no hooks. */
export const fileChanged = (
	ports: FlowPorts,
	moment: FlowMoment,
	change: FileChangeInput,
): Promise<FileChangedPlan> | undefined => {
	if (!ports.engine.hasHooks("FileChanged")) return undefined;
	return (async () => {
		const file = change.envFile?.();
		const run = await runEvent(ports, moment, {
			event: "FileChanged",
			matchValues: [basename(change.filePath)],
			payload: fileChangedPayload(moment.session, change),
			...(file ? { extraEnv: { CLAUDE_ENV_FILE: file } } : {}),
			summary: `${change.event}: ${change.filePath}`,
		});
		const decision = decideContextEvent(run.verdicts, "FileChanged", false);
		return {
			steps: [...run.steps, ...notifyAll(decision.notices)],
			watchPaths: watchPathsOf(run.verdicts, moment.session.cwd),
		};
	})();
};
