/**
 * Change-aware trust for project hooks: a hook from a project settings file runs only once the user has
 * approved its current definition and the current content of every file its approval covers (trust/coverage.ts:
 * the hook folders, the files its command names, the files beside its scripts). An approval is kept under a
 * full-length SHA-256 of file, event, matcher, the whole handler definition and the covered files' hashes, in
 * pi-hook-manager's approvals file (mode 0600, secrets masked); any change asks again, checked before every run.
 */
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { type ApprovedSetting, approvedSetting } from "../../engine/config/project-settings.ts";
import { isObject } from "../../engine/is-object.ts";
import { commandText } from "../../engine/text/messages.ts";
import { redactSecrets } from "../../engine/text/redact.ts";
import type { DiffLine } from "../../engine/trust/line-diff.ts";
import type { CoverageNote } from "../../engine/trust/reach.ts";
import type { HookConfig, HookEntry, ProjectSetting } from "../../engine/types.ts";
import { createJsonFileStore } from "../stores/json-store.ts";
import { type CoveredFile, createCoverage } from "./coverage.ts";
import { MISSING_FILE } from "./file-state.ts";
import { createSnapshots } from "./snapshots.ts";

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
	/** SHA-256 of each file the approval covers, by path relative to the project. */
	readonly scripts?: Readonly<Record<string, string>>;
	/** ISO time of the approval. */
	readonly at: string;
}

/**
 * A file a project hook's approval covers, as the dialog shows it: `state` says how it differs from the approved
 * hook (`same`, `changed`, `added`: covered now but not then, `removed`: covered then, gone now; always `same`
 * for a new hook); `before` is its hash then.
 */
export interface HookScript extends CoveredFile {
	readonly state: "same" | "changed" | "added" | "removed";
	readonly before?: string;
	/** What changed in it (a changed or added file), from the copy kept at approval (trust/snapshots.ts). */
	readonly diff?: readonly DiffLine[];
}

/** A project hook that needs approval: new, or a changed version of an approved one, its files and notes. */
export interface PendingApproval {
	readonly entry: HookEntry;
	readonly change: "new" | "changed";
	readonly scripts: readonly HookScript[];
	/** What its approval does not track (`make`, a variable, a folder over the bound). */
	readonly notes: readonly CoverageNote[];
	/**
	 * The approval key of what is shown: the definition and the hashes of `scripts` as they were read for this
	 * list. Yes approves this key only ({@link Approvals.approveShown}): a file changed since then approves nothing.
	 */
	readonly key: string;
}

/** A hook as a dialog showed it: the entry and the approval key of the content shown ({@link PendingApproval.key}). */
export interface ShownApproval {
	readonly entry: HookEntry;
	readonly key: string;
}

/**
 * What {@link Approvals.approveShown} did: `approved` (kept; `problem` when saving the file failed), `changed`: a
 * hook's covered files differ from what was shown, so nothing was approved (`entries`: the hooks that changed), or
 * `failed`: the files could not be read, nothing was approved.
 */
export type ShownOutcome =
	| { readonly kind: "approved"; readonly problem?: string }
	| { readonly kind: "changed"; readonly entries: readonly HookEntry[] }
	| { readonly kind: "failed"; readonly problem: string };

/** The ids of the hooks `config` runs now, for {@link Approvals.pending}'s `running`. */
export const runningIds = (config: HookConfig): ReadonlySet<string> => new Set(config.entries.map((entry) => entry.id));

/** The approvals store. */
export interface Approvals {
	/** True when this exact definition, with its covered files as they are now, was approved. */
	isApproved(entry: HookEntry): boolean;
	/**
	 * The per-run check: true when `entry` is still approved as its covered files are now. Costs one `stat` per
	 * covered file and folder when nothing moved; hashes only the files whose stamp moved. Never throws.
	 */
	stillApproved(entry: HookEntry): boolean;
	/**
	 * For the merge: true when `entry` stays configured: approved as it is now, or a fail-closed hook
	 * (`onFailure: "block"`) whose definition was approved and whose covered files changed since. Such a hook keeps
	 * its place so that the per-run check stops each of its runs, which then blocks (as its `onFailure` says), until
	 * it is approved again: changing a file must not be a way to switch a fail-closed guard off.
	 */
	admitted(entry: HookEntry): boolean;
	/** The admitted hooks of `entries` that wait for approval (fail-closed ones whose files changed). */
	blockingWaiting(entries: readonly HookEntry[]): HookEntry[];
	/** Approves the current definitions of `entries` and saves; returns an error message when saving failed. */
	approve(entries: readonly HookEntry[]): string | undefined;
	/**
	 * Approves `shown` as a dialog showed them, and saves, but only when every one's covered files are still what was
	 * shown (its key now is its shown key): otherwise approves none of them and says which changed. Never throws.
	 */
	approveShown(shown: readonly ShownApproval[]): ShownOutcome;
	/**
	 * Approves `entries` as they are now for this pi process only (nothing is saved); a later change of one reads
	 * as `changed` in {@link pending}, and a fail-closed one stays {@link admitted} (it blocks until approved).
	 * `copies`: keep the masked copies a diff is shown from (false where nothing may be written: the CLI).
	 */
	approveForRun(entries: readonly HookEntry[], copies?: boolean): void;
	/**
	 * Classifies unapproved entries as new or changed: changed when this hook's scripts changed, or an approval
	 * exists at the same file and JSON path whose hook is gone. `running` holds the ids of the hooks configured now:
	 * an approved hook still among them only moved (a hook inserted before it), so the one now at its place is new.
	 */
	pending(entries: readonly HookEntry[], running?: ReadonlySet<string>): PendingApproval[];
	/** The approval key of `entry` now: its id, or with its covered files' hashes. Changes when a file changes. */
	keyOf(entry: HookEntry): string;
	/** What an approval of `entry` does not track now (the notes of the dialog); empty for a user's hook. */
	untracked(entry: HookEntry): readonly CoverageNote[];
	/** A counter that changes with every approval, so cached configurations know to re-merge. */
	version(): number;
	/** True when a project setting value (its key, src/engine/config/project-settings.ts) was approved. */
	isSettingApproved(key: string): boolean;
	/** Approves project setting values, saved (or with `forRun` for this pi process only); errors if saving fails. */
	approveSettings(settings: readonly ProjectSetting[], forRun: boolean): string | undefined;
	/** Changes when a covered file of a project hook changes on disk (one `stat` per file); for the config store. */
	scriptsStamp(): string;
	/** Why the approvals file could not be used at start (it then counts as empty); undefined when it could. */
	readonly loadProblem: string | undefined;
}

/** A record of the approvals file: a hook, or a project setting value (which has `setting`). */
type Approved = ApprovedHook | ApprovedSetting;

const isHook = (record: Approved): record is ApprovedHook => !("setting" in record);

const decode = (json: unknown): Record<string, Approved> | undefined => {
	if (!isObject(json) || !isObject(json.approved)) return undefined;
	const approved: Record<string, Approved> = {};
	for (const [key, value] of Object.entries(json.approved)) {
		if (isObject(value) && typeof value.file === "string") approved[key] = value as unknown as Approved;
	}
	return approved;
};

/**
 * Creates the approvals store backed by `file`; `skip`: paths never covered (pi's agent dir); `onChange` hears
 * every approval once it is kept (saved or for this run), e.g. to merge the configuration again.
 */
export const createApprovals = (
	file: string,
	projectDir: string,
	now: () => Date = () => new Date(),
	skip: readonly string[] = [],
	onChange: () => void = () => {},
): Approvals => {
	const store = createJsonFileStore<Record<string, Approved>>(file, {
		name: "approvals",
		empty: () => ({}),
		decode,
		encode: (approved) => ({ version: APPROVALS_VERSION, approved }),
	});
	const loaded = store.read();
	let approved = loaded.data;
	const forRun = new Set<string>();
	/** What was approved for this run only (never saved): a hook changed since then reads as changed. */
	const runRecords = new Map<string, ApprovedHook>();
	const coverage = createCoverage(projectDir, skip);
	const snapshots = createSnapshots(join(dirname(file), "snapshots"));
	/** The answer of the last full check per hook, reused by `stillApproved` while no stamp moved. */
	const checked = new WeakMap<HookEntry, { readonly approved: boolean; readonly version: number }>();
	let version = 0;

	/** The approval key of `entry` with these covered `files`: the hook id alone, or with the files' hashes. */
	const keyWith = (entry: HookEntry, files: readonly CoveredFile[]): string => {
		if (files.length === 0) return entry.id;
		const parts = [entry.id, ...files.map((covered) => [covered.shown, covered.hash])];
		return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
	};
	/** The approval key: the hook id alone, or with its covered files' hashes. */
	const keyOf = (entry: HookEntry): string => keyWith(entry, coverage.of(entry).files);

	const isApproved = (entry: HookEntry): boolean => {
		const key = keyOf(entry);
		const yes = approved[key] !== undefined || forRun.has(key);
		checked.set(entry, { approved: yes, version });
		return yes;
	};

	/** Tells `onChange`; its failure is its own (the approval is kept either way). */
	const changed = (): void => {
		try {
			onChange();
		} catch {
			// Nothing to undo: the approval stands.
		}
	};

	const failClosed = (entry: HookEntry): boolean =>
		entry.source.project && (entry.handler as { readonly onFailure?: string }).onFailure === "block";
	/** The approved hooks, saved and for this run (what a hook's change is measured against). */
	const knownHooks = (): ApprovedHook[] => [...Object.values(approved).filter(isHook), ...runRecords.values()];
	const wasApproved = (entry: HookEntry): boolean => knownHooks().some((hook) => hook.hookId === entry.id);
	/** What is kept of an approval of `entry` as it is now (its covered files' hashes), secrets masked. */
	const recordOf = (entry: HookEntry, files = coverage.of(entry).files): ApprovedHook => {
		let definition: string;
		try {
			definition = redactSecrets(JSON.stringify(entry.definition));
		} catch {
			definition = "";
		}
		return {
			file: entry.source.file,
			jsonPath: entry.jsonPath,
			event: entry.event,
			command: redactSecrets(commandText(entry)),
			definition,
			hookId: entry.id,
			scripts: Object.fromEntries(files.map((covered) => [covered.shown, covered.hash])),
			at: now().toISOString(),
		};
	};

	return {
		loadProblem: loaded.problem,
		isApproved,
		admitted(entry) {
			return isApproved(entry) || (failClosed(entry) && wasApproved(entry));
		},
		blockingWaiting(entries) {
			return entries.filter((entry) => failClosed(entry) && !isApproved(entry));
		},
		stillApproved(entry) {
			try {
				const last = checked.get(entry);
				if (last !== undefined && last.version === version && coverage.unchanged(entry)) return last.approved;
				return isApproved(entry);
			} catch {
				return false;
			}
		},
		keyOf,
		untracked(entry) {
			try {
				return coverage.of(entry).notes;
			} catch {
				return [];
			}
		},
		approveForRun(entries, copies = true) {
			for (const entry of entries) {
				const key = keyOf(entry);
				forRun.add(key);
				// The copies (masked, by content hash) let a change during the run be shown as a diff.
				if (copies) snapshots.save(coverage.of(entry).files);
				runRecords.set(key, recordOf(entry));
			}
			version += 1;
			changed();
		},
		approve(entries) {
			const fresh = store.read();
			approved = { ...fresh.data, ...approved };
			for (const entry of entries) {
				snapshots.save(coverage.of(entry).files);
				approved[keyOf(entry)] = recordOf(entry);
			}
			version += 1;
			const problem = store.write(approved);
			changed();
			return problem;
		},
		approveShown(shown) {
			try {
				const now = shown.map((item) => ({ item, files: coverage.of(item.entry).files }));
				const moved = now.filter(({ item, files }) => keyWith(item.entry, files) !== item.key);
				if (moved.length > 0) return { kind: "changed", entries: moved.map(({ item }) => item.entry) };
				approved = { ...store.read().data, ...approved };
				for (const { item, files } of now) {
					snapshots.save(files);
					approved[item.key] = recordOf(item.entry, files);
				}
				version += 1;
				const problem = store.write(approved);
				changed();
				return problem === undefined ? { kind: "approved" } : { kind: "approved", problem };
			} catch (error) {
				return { kind: "failed", problem: `nothing approved: ${(error as Error).message}` };
			}
		},
		pending(entries, running) {
			const known = knownHooks();
			return entries
				.filter((entry) => !isApproved(entry))
				.map((entry) => {
					const same = known.find((hook) => hook.hookId === entry.id);
					const { files, notes } = coverage.of(entry);
					const scripts: HookScript[] = files.map((covered) => {
						const before = same?.scripts?.[covered.shown];
						if (same === undefined) return { ...covered, state: "same" };
						if (before === undefined) {
							if (covered.hash === MISSING_FILE) return { ...covered, state: "same" };
							return { ...covered, state: "added", diff: snapshots.diff(undefined, covered.path) };
						}
						if (before === covered.hash) return { ...covered, before, state: "same" };
						const diff = covered.hash === MISSING_FILE ? undefined : snapshots.diff(before, covered.path);
						return { ...covered, before, state: "changed", ...(diff === undefined ? {} : { diff }) };
					});
					const now = new Set(files.map((covered) => covered.shown));
					for (const [shown, before] of Object.entries(same?.scripts ?? {})) {
						if (now.has(shown) || before === MISSING_FILE) continue;
						const path = join(projectDir, shown);
						scripts.push({ path, shown, hash: MISSING_FILE, named: false, state: "removed", before });
					}
					const changed =
						same !== undefined ||
						known.some(
							(hook) =>
								hook.file === entry.source.file &&
								hook.jsonPath === entry.jsonPath &&
								!(hook.hookId !== undefined && running?.has(hook.hookId) === true),
						);
					const key = keyWith(entry, files);
					return { entry, change: changed ? "changed" : "new", scripts, notes, key } as const;
				});
		},
		isSettingApproved: (key) => approved[key] !== undefined || forRun.has(key),
		approveSettings(settings, runOnly) {
			for (const item of settings) forRun.add(item.key);
			version += 1;
			if (runOnly) {
				changed();
				return undefined;
			}
			approved = { ...store.read().data, ...approved };
			for (const item of settings) approved[item.key] = approvedSetting(item, now());
			const problem = store.write(approved);
			changed();
			return problem;
		},
		version: () => version,
		scriptsStamp: () => coverage.stamp(),
	};
};
