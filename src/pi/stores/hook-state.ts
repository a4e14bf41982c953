/**
 * The per-hook on/off switches the user sets in the /hooks panel, persisted in pi-hook-manager's own state
 * file under pi's agent directory (never in the user's settings files), keyed by the hook's stable id.
 * A disabled hook whose definition disappears from its settings file is forgotten, and so is a plugin hook's once
 * its plugin is uninstalled (or updated to a new install folder).
 */
import { join } from "node:path";
import { isObject } from "../../engine/is-object.ts";
import { pathPlace } from "../../engine/text/paths.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import type { HookConfig, HookEntry } from "../../engine/types.ts";
import { createJsonFileStore } from "../../host/stores/json-store.ts";
import { hookTarget } from "../../ui/panel/format.ts";

/** True when `file` is inside the folder `root`. */
const isInside = (root: string, file: string): boolean => pathPlace(root, file) === "inside";

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
	/** The plugin id (`guard@my-marketplace`) of a plugin's hook: forgotten once that plugin is uninstalled. */
	readonly plugin?: string;
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
	 * without a file-level problem are judged, so hooks of other projects are kept. `installed` (the install folders
	 * by plugin id, from `installedPluginRoots`) judges plugin hooks too: a plugin hook's mark is forgotten when its
	 * file is in none of its plugin's install folders (uninstalled, or updated to a new folder).
	 */
	reconcile(
		config: HookConfig,
		sourceFiles: readonly string[],
		installed?: ReadonlyMap<string, readonly string[]>,
	): StateWrite;
	/** Why the state file could not be read at start (it was then treated as empty); undefined when it could. */
	readonly loadProblem: string | undefined;
}

const decode = (json: unknown): Record<string, DisabledHook> | undefined => {
	if (!isObject(json) || !isObject(json.disabled)) return undefined;
	const data: Record<string, DisabledHook> = {};
	for (const [id, value] of Object.entries(json.disabled)) {
		if (isObject(value) && typeof value.file === "string") data[id] = value as unknown as DisabledHook;
	}
	return data;
};

/** Ids were 16 hex digits before they became the full SHA-256; a mark under the short form still counts. */
const LEGACY_ID_LENGTH = 16;

/** Creates the switches backed by `file` (read once now; every change re-reads it, applies itself and writes). */
export const createHookState = (file: string, now: () => Date = () => new Date()): HookState => {
	const store = createJsonFileStore(file, {
		name: "hook switches",
		empty: () => ({}),
		decode,
		encode: (data): HookStateData => ({ version: HOOK_STATE_VERSION, disabled: data }),
	});
	const loaded = store.read();
	let disabled: Record<string, DisabledHook> = loaded.data;

	/** Applies `change` to the file's current content (another pi may have changed it) and saves. */
	const update = (change: (data: Record<string, DisabledHook>) => boolean): StateWrite => {
		const fresh = store.read();
		const data = fresh.problem === undefined ? fresh.data : { ...disabled };
		if (!change(data)) {
			disabled = data;
			return { ok: true };
		}
		disabled = data;
		const problem = store.write(data);
		return problem === undefined ? { ok: true } : { ok: false, message: problem };
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
					target: redactSecrets(hookTarget(entry)),
					since: now().toISOString(),
					...(entry.source.plugin === undefined ? {} : { plugin: entry.source.plugin.id }),
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
					target: redactSecrets(entry.target),
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
		reconcile(config, sourceFiles, installed) {
			const broken = new Set(config.issues.filter((issue) => issue.path === "").map((issue) => issue.file));
			const files = new Set(sourceFiles.filter((source) => !broken.has(source)));
			const judges = (hook: DisabledHook): boolean =>
				hook.plugin === undefined || installed === undefined
					? files.has(hook.file)
					: !(installed.get(hook.plugin) ?? []).some((root) => isInside(root, hook.file));
			const all = [...config.entries, ...config.skipped.map((skipped) => skipped.entry)];
			const present = new Set(all.map((entry) => entry.id));
			const legacy = new Map(all.map((entry) => [entry.id.slice(0, LEGACY_ID_LENGTH), entry.id]));
			const stale = Object.entries(disabled).filter(([id, hook]) => judges(hook) && !present.has(id));
			if (stale.length === 0) return { ok: true };
			return update((data) => {
				let changed = false;
				for (const [id, hook] of Object.entries(data)) {
					if (!judges(hook) || present.has(id)) continue;
					const full = id.length === LEGACY_ID_LENGTH ? legacy.get(id) : undefined;
					// A mark from before full ids moves to the full id.
					if (full !== undefined && data[full] === undefined) data[full] = hook;
					delete data[id];
					changed = true;
				}
				return changed;
			});
		},
	};
};
