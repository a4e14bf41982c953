/**
 * FileChanged hooks (Claude Code) when a watched file is written, created or deleted, by anyone: the watch list is
 * the files the FileChanged matchers name (split on `|`, in the cwd) plus the dynamic list the last
 * `hookSpecificOutput.watchPaths` of a SessionStart or FileChanged hook gave (it replaces the one before). One
 * engine flow per change (engine/flow/file-changed.ts), run one after another; `CLAUDE_ENV_FILE` is set and its
 * exports reach pi's environment, as after SessionStart; a `systemMessage` or an exit 2's stderr is a notice.
 * Nothing is watched while no FileChanged hook is configured; `close` ends the watch (the session's end).
 */
import { fileChanged, matcherWatchList } from "../../engine/flow/file-changed.ts";
import type { HookConfig } from "../../engine/types.ts";
import type { FileEventKind, FileWatch } from "../../host/watch/file-watch.ts";
import { type HookContext, runFlow } from "./hook-context.ts";

/** What the FileChanged hooks run with. */
export interface FileChangedDeps {
	/** The folder relative matchers and watch paths name files in (the session's cwd). */
	readonly cwd: string;
	/** The hook context of the session now; undefined once it ended. */
	readonly hookContext: () => HookContext | undefined;
	/** Makes a fresh CLAUDE_ENV_FILE and gives its path (undefined: none is set). */
	readonly envFile: () => string | undefined;
	/** Evaluates the env file the hooks may have written; its exports go into pi's environment. */
	readonly applyEnv: (file: string | undefined) => Promise<void>;
	/** Keeps a run until it settles, so the session's end waits for it. */
	readonly track: (work: Promise<void>) => void;
	/** Starts a watch that tells each change of its files (the host's file watch). */
	readonly watch: (onEvent: (path: string, kind: FileEventKind) => void) => FileWatch;
}

/** The session's FileChanged watch. */
export interface FileChangedHooks {
	/** The configuration changed: the matchers' list is taken again; without FileChanged hooks nothing is watched. */
	configure(config: HookConfig): void;
	/** A hook's `watchPaths` (absolute): the dynamic watch list from now on. */
	replaceDynamic(paths: readonly string[]): void;
	/** The files watched now, sorted (empty while no FileChanged hook is configured). */
	watched(): readonly string[];
	/** Settles once the FileChanged hooks of every change told so far have run. */
	settled(): Promise<void>;
	/** Stops watching (the session ended); nothing runs after it. */
	close(): void;
}

/** Creates the session's FileChanged watch; it watches nothing until `configure`. */
export const createFileChangedHooks = (deps: FileChangedDeps): FileChangedHooks => {
	let fromMatchers: readonly string[] = [];
	let dynamic: readonly string[] = [];
	let active = false;
	let closed = false;
	let watch: FileWatch | undefined;
	let queue: Promise<void> = Promise.resolve();

	const apply = (): void => {
		if (closed) return;
		if (!active) {
			watch?.close();
			watch = undefined;
			return;
		}
		watch ??= deps.watch(changed);
		watch.set([...new Set([...fromMatchers, ...dynamic])]);
	};
	const runOne = async (filePath: string, event: FileEventKind): Promise<void> => {
		const hc = deps.hookContext();
		if (closed || hc === undefined) return;
		let file: string | undefined;
		const envFile = (): string | undefined => {
			file = deps.envFile();
			return file;
		};
		const plan = await runFlow(
			hc,
			(moment) => fileChanged(hc, moment, { filePath, event, envFile }),
			(done) => done.steps,
		);
		await deps.applyEnv(file);
		if (plan?.watchPaths !== undefined) hooks.replaceDynamic(plan.watchPaths);
	};
	function changed(path: string, kind: FileEventKind): void {
		if (closed) return;
		queue = queue.then(() => runOne(path, kind)).catch(() => undefined);
		deps.track(queue);
	}
	const hooks: FileChangedHooks = {
		configure(config) {
			active = !config.disableAllHooks && config.entries.some((entry) => entry.event === "FileChanged");
			fromMatchers = matcherWatchList(config, deps.cwd);
			apply();
		},
		replaceDynamic(paths) {
			dynamic = [...paths];
			apply();
		},
		watched: () => watch?.paths() ?? [],
		settled: () => queue,
		close() {
			closed = true;
			watch?.close();
			watch = undefined;
		},
	};
	return hooks;
};
