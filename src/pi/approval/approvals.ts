/**
 * Change-aware trust for project hooks: a hook from a project settings file runs only once the user has
 * approved its current definition and the current content of the scripts it runs. An approval is kept under a
 * full-length SHA-256 of file, event, matcher, the whole handler definition and the scripts' hashes, in
 * pi-hook-manager's approvals file (mode 0600, secrets masked); any change asks again.
 */
import { createHash } from "node:crypto";
import { join, relative } from "node:path";
import { hookScriptPaths } from "../../engine/hook-scripts.ts";
import { isObject } from "../../engine/is-object.ts";
import { commandText } from "../../engine/messages.ts";
import { redactSecrets } from "../../engine/redact.ts";
import type { HookConfig, HookEntry } from "../../engine/types.ts";
import { createJsonFileStore } from "../stores/json-store.ts";
import { createScriptHashes, MISSING_SCRIPT } from "./script-hashes.ts";

/** Where approvals live: `<agentDir>/pi-hook-manager/approvals.json`. */
export const approvalsFile = (agentDir: string): string => join(agentDir, "pi-hook-manager", "approvals.json");

/** Version of the approvals file format (1 had 16-digit keys, which no longer approve anything). */
export const APPROVALS_VERSION = 2;

/** What is remembered of an approved hook (besides its approval key); for people reading the file. */
export interface ApprovedHook {
	readonly file: string;
	readonly jsonPath: string;
	readonly event: string;
	/** The command (or `http hook` ...), secrets masked. */
	readonly command: string;
	/** The handler definition as JSON, secrets masked. */
	readonly definition?: string;
	/** The hook's id (full SHA-256 of file, event, matcher, definition). */
	readonly hookId?: string;
	/** SHA-256 of each script the hook runs, by path relative to the project. */
	readonly scripts?: Readonly<Record<string, string>>;
	/** ISO time of the approval. */
	readonly at: string;
}

/** A script a project hook runs, with its current hash. */
export interface HookScript {
	/** Absolute path. */
	readonly path: string;
	/** Path relative to the project, as shown. */
	readonly shown: string;
	/** SHA-256 hex, or `missing`. */
	readonly hash: string;
	/** True when the hook was approved with this script in another state. */
	readonly changed: boolean;
}

/** A project hook that needs approval: new, or a changed version of an approved one, and its scripts. */
export interface PendingApproval {
	readonly entry: HookEntry;
	readonly change: "new" | "changed";
	readonly scripts: readonly HookScript[];
}

/** The ids of the hooks `config` runs now, for {@link Approvals.pending}'s `running`. */
export const runningIds = (config: HookConfig): ReadonlySet<string> => new Set(config.entries.map((entry) => entry.id));

/** The approvals store. */
export interface Approvals {
	/** True when this exact definition, with its scripts as they are now, was approved. */
	isApproved(entry: HookEntry): boolean;
	/** Approves the current definitions of `entries` and saves; returns an error message when saving failed. */
	approve(entries: readonly HookEntry[]): string | undefined;
	/** Approves `entries` for this pi process only (nothing is saved). */
	approveForRun(entries: readonly HookEntry[]): void;
	/**
	 * Classifies unapproved entries as new or changed: changed when this hook's scripts changed, or an approval
	 * exists at the same file and JSON path whose hook is gone. `running` holds the ids of the hooks configured now:
	 * an approved hook still among them only moved (a hook inserted before it), so the one now at its place is new.
	 */
	pending(entries: readonly HookEntry[], running?: ReadonlySet<string>): PendingApproval[];
	/** The approval key of `entry` now: its id, or with its scripts' hashes. Changes when a script changes. */
	keyOf(entry: HookEntry): string;
	/** A counter that changes with every approval, so cached configurations know to re-merge. */
	version(): number;
	/** Changes when a script of a project hook changes on disk (one `stat` per script); for the config store. */
	scriptsStamp(): string;
	/** Why the approvals file could not be used at start (it then counts as empty); undefined when it could. */
	readonly loadProblem: string | undefined;
}

const decode = (json: unknown): Record<string, ApprovedHook> | undefined => {
	if (!isObject(json) || !isObject(json.approved)) return undefined;
	const approved: Record<string, ApprovedHook> = {};
	for (const [key, value] of Object.entries(json.approved)) {
		if (isObject(value) && typeof value.file === "string") approved[key] = value as unknown as ApprovedHook;
	}
	return approved;
};

/** A script's path as shown: relative to the project, or `${CLAUDE_PLUGIN_ROOT}/...` inside a plugin's folder. */
const shownPath = (path: string, projectDir: string, pluginRoot: string | undefined): string => {
	const inProject = relative(projectDir, path);
	if (!inProject.startsWith("..")) return inProject;
	return pluginRoot === undefined ? path : `\${CLAUDE_PLUGIN_ROOT}/${relative(pluginRoot, path)}`;
};

/** Creates the approvals store backed by `file`; scripts are looked for inside `projectDir`. */
export const createApprovals = (file: string, projectDir: string, now: () => Date = () => new Date()): Approvals => {
	const store = createJsonFileStore<Record<string, ApprovedHook>>(file, {
		name: "approvals",
		empty: () => ({}),
		decode,
		encode: (approved) => ({ version: APPROVALS_VERSION, approved }),
	});
	const loaded = store.read();
	let approved = loaded.data;
	const forRun = new Set<string>();
	const hashes = createScriptHashes();
	const paths = new WeakMap<HookEntry, string[]>();
	let version = 0;

	const scriptsOf = (entry: HookEntry): { path: string; shown: string; hash: string }[] => {
		let found = paths.get(entry);
		if (found === undefined) {
			found = hookScriptPaths(entry, projectDir);
			paths.set(entry, found);
		}
		const root = entry.source.plugin?.root ?? entry.source.root;
		return found.map((path) => ({ path, shown: shownPath(path, projectDir, root), hash: hashes.hash(path) }));
	};
	/** The approval key: the hook id alone, or with its scripts' hashes. */
	const keyOf = (entry: HookEntry): string => {
		const scripts = scriptsOf(entry);
		if (scripts.length === 0) return entry.id;
		const parts = [entry.id, ...scripts.map((script) => [script.shown, script.hash])];
		return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
	};

	const isApproved = (entry: HookEntry): boolean => {
		const key = keyOf(entry);
		return approved[key] !== undefined || forRun.has(key);
	};

	return {
		loadProblem: loaded.problem,
		isApproved,
		keyOf,
		approveForRun(entries) {
			for (const entry of entries) forRun.add(keyOf(entry));
			version += 1;
		},
		approve(entries) {
			const fresh = store.read();
			approved = { ...fresh.data, ...approved };
			for (const entry of entries) {
				let definition: string;
				try {
					definition = redactSecrets(JSON.stringify(entry.definition));
				} catch {
					definition = "";
				}
				approved[keyOf(entry)] = {
					file: entry.source.file,
					jsonPath: entry.jsonPath,
					event: entry.event,
					command: redactSecrets(commandText(entry)),
					definition,
					hookId: entry.id,
					scripts: Object.fromEntries(scriptsOf(entry).map((script) => [script.shown, script.hash])),
					at: now().toISOString(),
				};
			}
			version += 1;
			return store.write(approved);
		},
		pending(entries, running) {
			const known = Object.values(approved);
			return entries
				.filter((entry) => !isApproved(entry))
				.map((entry) => {
					const same = known.find((hook) => hook.hookId === entry.id);
					const scripts = scriptsOf(entry).map((script) => {
						const before =
							same?.scripts?.[script.shown] ?? (same === undefined ? undefined : MISSING_SCRIPT);
						return { ...script, changed: before !== undefined && before !== script.hash };
					});
					const changed =
						same !== undefined ||
						known.some(
							(hook) =>
								hook.file === entry.source.file &&
								hook.jsonPath === entry.jsonPath &&
								!(hook.hookId !== undefined && running?.has(hook.hookId) === true),
						);
					return { entry, change: changed ? "changed" : "new", scripts } as const;
				});
		},
		version: () => version,
		scriptsStamp: () => hashes.stamp(),
	};
};
