/**
 * The per-hook on/off switches the user sets in the /hooks panel, persisted in pi-hook-manager's own state
 * file under pi's agent directory (never in the user's settings files), keyed by the hook's stable id.
 * A disabled hook whose definition disappears from its settings file is forgotten.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../engine/config/edit.ts";
import type { HookConfig, HookEntry } from "../engine/types.ts";
import { hookTarget } from "../ui/panel/format.ts";

/** Version of the state file format. */
export const HOOK_STATE_VERSION = 1;

/** Where the state file lives: `<agentDir>/pi-hook-manager/state.json`. */
export const hookStateFile = (agentDir: string): string => join(agentDir, "pi-hook-manager", "state.json");

/** What the state file remembers about a disabled hook; the fields besides the file are for people reading it. */
export interface DisabledHook {
	/** Settings file of the hook: the hook is forgotten once it is gone from this file. */
	readonly file: string;
	readonly event: string;
	readonly matcher: string;
	/** Command, URL or prompt. */
	readonly target: string;
	/** ISO time it was disabled. */
	readonly since: string;
}

/** The state file's content. */
export interface HookStateData {
	readonly version: typeof HOOK_STATE_VERSION;
	/** Disabled hooks by HookEntry.id. */
	readonly disabled: Readonly<Record<string, DisabledHook>>;
}

/** The result of a change: `ok`, or the error that kept it from being saved (the change still applies in memory). */
export type StateWrite = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** The per-hook switches. */
export interface HookState {
	/** False when the user disabled this hook. Cheap: called for every hook of every event. */
	isEnabled(entry: HookEntry): boolean;
	/** Enables or disables one hook and saves the state file. */
	setEnabled(entry: HookEntry, enabled: boolean): StateWrite;
	/** Moves a disabled mark from a hook's old id to its new id (the editor changed its definition). */
	rename(
		oldId: string,
		entry: {
			readonly id: string;
			readonly file: string;
			readonly event: string;
			readonly matcher: string;
			readonly target: string;
		},
	): StateWrite;
	/** Number of hooks in `config` that are disabled. */
	disabledCount(config: HookConfig): number;
	/**
	 * Forgets disabled ids whose hook is no longer in its file. Only files of `config`'s sources that loaded
	 * without a file-level problem are judged, so hooks of other projects are kept.
	 */
	reconcile(config: HookConfig, sourceFiles: readonly string[]): StateWrite;
	/** Why the state file could not be read at start (it was then treated as empty); undefined when it could. */
	readonly loadProblem: string | undefined;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
	value !== null && typeof value === "object" && !Array.isArray(value);

const readState = (file: string): { data: Record<string, DisabledHook>; problem: string | undefined } => {
	let text: string;
	try {
		text = readFileSync(file, "utf8");
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT" || code === "ENOTDIR") return { data: {}, problem: undefined };
		return { data: {}, problem: `${file} cannot be read: ${(error as Error).message}` };
	}
	try {
		const parsed: unknown = JSON.parse(text);
		if (isObject(parsed) && isObject(parsed.disabled)) {
			const data: Record<string, DisabledHook> = {};
			for (const [id, value] of Object.entries(parsed.disabled)) {
				if (isObject(value) && typeof value.file === "string") data[id] = value as unknown as DisabledHook;
			}
			return { data, problem: undefined };
		}
		return { data: {}, problem: `${file} is not a pi-hook-manager state file; it is ignored` };
	} catch (error) {
		return { data: {}, problem: `${file} is not valid JSON (${(error as Error).message}); it is ignored` };
	}
};

/** Creates the switches backed by `file` (read once now; every change re-reads it, applies itself and writes). */
export const createHookState = (file: string, now: () => Date = () => new Date()): HookState => {
	const loaded = readState(file);
	let disabled: Record<string, DisabledHook> = loaded.data;

	/** Applies `change` to the file's current content (another pi may have changed it) and saves. */
	const update = (change: (data: Record<string, DisabledHook>) => boolean): StateWrite => {
		const fresh = readState(file);
		const data = fresh.problem === undefined ? fresh.data : { ...disabled };
		if (!change(data)) {
			disabled = data;
			return { ok: true };
		}
		disabled = data;
		const content: HookStateData = { version: HOOK_STATE_VERSION, disabled: data };
		try {
			writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`);
			return { ok: true };
		} catch (error) {
			return { ok: false, message: `the hook switches could not be saved to ${file}: ${(error as Error).message}` };
		}
	};

	return {
		loadProblem: loaded.problem,
		isEnabled: (entry) => disabled[entry.id] === undefined,
		setEnabled(entry, enabled) {
			return update((data) => {
				if (enabled) {
					if (data[entry.id] === undefined) return false;
					delete data[entry.id];
					return true;
				}
				data[entry.id] = {
					file: entry.source.file,
					event: entry.event,
					matcher: entry.matcher.source ?? "",
					target: hookTarget(entry),
					since: now().toISOString(),
				};
				return true;
			});
		},
		rename(oldId, entry) {
			return update((data) => {
				const old = data[oldId];
				if (old === undefined) return false;
				delete data[oldId];
				data[entry.id] = {
					file: entry.file,
					event: entry.event,
					matcher: entry.matcher,
					target: entry.target,
					since: old.since,
				};
				return true;
			});
		},
		disabledCount(config) {
			let count = 0;
			for (const entry of config.entries) if (disabled[entry.id] !== undefined) count++;
			for (const skipped of config.skipped) if (disabled[skipped.entry.id] !== undefined) count++;
			return count;
		},
		reconcile(config, sourceFiles) {
			const broken = new Set(config.issues.filter((issue) => issue.path === "").map((issue) => issue.file));
			const judged = new Set(sourceFiles.filter((source) => !broken.has(source)));
			const present = new Set(
				[...config.entries, ...config.skipped.map((skipped) => skipped.entry)].map((entry) => entry.id),
			);
			const stale = Object.entries(disabled).filter(([id, hook]) => judged.has(hook.file) && !present.has(id));
			if (stale.length === 0) return { ok: true };
			return update((data) => {
				let changed = false;
				for (const [id, hook] of Object.entries(data)) {
					if (judged.has(hook.file) && !present.has(id)) {
						delete data[id];
						changed = true;
					}
				}
				return changed;
			});
		},
	};
};
