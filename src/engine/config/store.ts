/**
 * The live hook configuration: re-reads only the files whose stamp changed, at most once per check interval,
 * and keeps a file's last good hooks when an edit breaks it (a plugin's too, when its manifest breaks). The
 * files are the settings files, the managed policy files, the hook files of enabled plugins (found again
 * whenever a settings file, an install record or a manifest changes), Claude Code agent definitions, and the
 * skill files the runtime says are in use.
 */

import { shortCommand } from "../text/messages.ts";
import type { ConfigIssue, HookConfig, HookEntry, HookSource } from "../types.ts";
import { agentDefinitionFiles, parseFrontmatterHooks } from "./frontmatter.ts";
import { fileStamp, readSettingsFile } from "./load.ts";
import { managedFiles } from "./managed.ts";
import { mergeSources } from "./merge.ts";
import { type ParsedSource, parseSettingsText } from "./parse.ts";
import {
	type BrokenPlugin,
	claudeDirOf,
	type PluginLocations,
	type PluginResolution,
	resolvePlugins,
} from "./plugins.ts";
import { holdBackSettings } from "./project-settings.ts";

const approveAll = (): boolean => true;

/** Options of {@link createConfigStore}. */
export interface ConfigStoreOptions {
	/** The settings files, in merge order. */
	readonly sources: readonly HookSource[];
	/** The managed policy folder (`managedSettingsDir()`); undefined = no managed policy (tests). */
	readonly managedDir?: string;
	/** Where plugins and agent definitions are found; undefined = neither is read. */
	readonly plugins?: PluginLocations;
	/** Skill files in use (their frontmatter hooks count); asked on every check. */
	readonly skills?: () => readonly HookSource[];
	/** `ctx.isProjectTrusted()`; asked on every check so a trust change applies on the next event. */
	readonly isTrusted: () => boolean;
	/** Change-aware trust: false for a project hook whose current definition is not approved. Default: all approved. */
	readonly isApproved?: (entry: HookEntry) => boolean;
	/**
	 * True when the user approved this project setting value (its key, {@link holdBackSettings}); a project value
	 * that switches hooks off or changes a plugin's options applies only then. Default: all approved.
	 */
	readonly isSettingApproved?: (key: string) => boolean;
	/**
	 * Strict mode (`strictHooks`): false for a non-project, non-managed hook no person saw as it is now (merge.ts
	 * `MergeExtras.isSeen`). Undefined: strict mode is off.
	 */
	readonly isSeen?: (entry: HookEntry) => boolean;
	/** Strict mode: runs each merge as one pass, so its `isSeen` calls share their file looks (Tripwire.pass). */
	readonly seenPass?: <T>(run: () => T) => T;
	/** Changes whenever approvals change, so the merge is redone. */
	readonly approvalsVersion?: () => number;
	/**
	 * A stamp of other files the merge depends on (the scripts project hooks run), checked with the settings
	 * files: when it changes, the merge is redone (approvals are asked again for a changed script).
	 */
	readonly extraStamp?: () => string;
	/** Milliseconds between stamp checks; events within the interval reuse the last result. Default 100. */
	readonly checkIntervalMs?: number;
	/**
	 * Hears every new merged configuration (a file, trust or an approval changed), after the store took it: the
	 * footer's counts follow it. It may call `current()`; a throw is ignored.
	 */
	readonly onChange?: (config: HookConfig) => void;
	/**
	 * Asked before an edit of a file read before takes effect (Claude Code's ConfigChange): `accept` takes it,
	 * `reject` keeps the file's hooks from before until its next edit, `wait` keeps them and asks again on the
	 * next check (the answer is on its way). `current` is the configuration in effect. Default: all accepted; a
	 * throw accepts.
	 */
	readonly gate?: (candidate: ConfigCandidate, current: HookConfig) => GateAnswer;

	/** Clock in milliseconds; injectable for tests. */
	readonly now?: () => number;
}

/** An edit of a file the store read before, waiting for {@link ConfigStoreOptions.gate}. */
export interface ConfigCandidate {
	readonly source: HookSource;
	/** The file's new stamp (`fileStamp`): one decision per stamp. */
	readonly stamp: string;
}

/** The gate's answer about a {@link ConfigCandidate}. */
export type GateAnswer = "accept" | "reject" | "wait";

/** The live configuration. */
export interface ConfigStore {
	/** The current merged configuration; cheap when nothing changed. Never throws. */
	current(): HookConfig;
	/** Forces the next `current()` to check every file. */
	invalidate(): void;
	/**
	 * The configuration as of the last check, without checking the files (only the first time, after
	 * `invalidate()`, or when trust or approvals changed): for an event's hot path, with {@link checkSoon} after
	 * the events that may have changed files, so no event waits for `stat` calls and folder listings.
	 */
	latest(): HookConfig;
	/** Checks every file once the current event is done (on the next turn of the event loop), in the background. */
	checkSoon(): void;
	/** The sources of every file read so far (settings, managed policy, plugins, skills, agents), each once. */
	sources(): readonly HookSource[];
}

interface CachedFile {
	/** The source as asked for (a frontmatter name may rename the parsed one). */
	source?: HookSource;
	stamp: string;
	parsed: ParsedSource;
	lastGood: ParsedSource | undefined;
}

const emptySource = (source: HookSource): ParsedSource => ({
	source,
	entries: [],
	issues: [],
	disableAllHooks: undefined,
	usable: true,
});

/** Parses a file's text by its kind: YAML frontmatter for skills and agents, JSON for everything else. */
const parseText = (text: string, source: HookSource): ParsedSource => {
	if (source.scope !== "skill" && source.scope !== "agent") return parseSettingsText(text, source);
	const hooks = parseFrontmatterHooks(text, source);
	return { ...emptySource(hooks.source), entries: hooks.entries, issues: hooks.issues };
};

const sameSource = (a: HookSource | undefined, b: HookSource): boolean =>
	a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** Cache key of a source: the same file can hold several plugin hook objects (manifest arrays). */
const cacheKey = (source: HookSource): string =>
	source.hooksPath === undefined ? source.file : `${source.file}\u0000${source.hooksPath.join("\u0000")}`;

const loadFile = (source: HookSource, previous: CachedFile | undefined, stamp: string): CachedFile => {
	const read = readSettingsFile(source.file);
	if (read.kind === "missing") return { stamp, parsed: emptySource(source), lastGood: undefined };
	const parsed: ParsedSource =
		read.kind === "ok"
			? parseText(read.text, source)
			: {
					...emptySource(source),
					issues: [{ file: source.file, path: "", message: read.message }],
					usable: false,
				};
	const before = previous?.lastGood?.entries.length ?? 0;
	if (parsed.usable && read.kind === "ok" && read.text.trim() === "" && before > 0) {
		// Emptying a file is allowed, but guards must not disappear without a word. The last good hooks stay the
		// ones from before: an editor that truncates the file before writing it shows an empty file for a moment,
		// and a broken edit seen after that moment must keep the guards, not the empty file's none.
		const message = `is now empty: its ${before} hook(s) no longer run`;
		const issue = { file: source.file, path: "", message, kind: "emptied" } as const;
		return { stamp, parsed: { ...parsed, issues: [issue] }, lastGood: previous?.lastGood };
	}
	if (parsed.usable) return { stamp, parsed, lastGood: parsed };
	const lastGood = previous?.lastGood;
	if (lastGood === undefined) return { stamp, parsed, lastGood: undefined };
	// A broken edit keeps the hooks that worked before it, and says so.
	const kept =
		`${parsed.issues[0]?.message ?? "unusable"}; keeping the ${lastGood.entries.length} hook(s) ` +
		`from before the edit`;
	const issue = { file: source.file, path: "", message: kept, kind: "kept_last_good" } as const;
	return { stamp, parsed: { ...lastGood, issues: [issue] }, lastGood };
};

/** `PreToolUse (cmd); Stop (cmd)` for up to three hooks, then how many more. */
const hookList = (entries: readonly HookEntry[]): string => {
	const named = entries.slice(0, 3).map((entry) => `${entry.event} (${shortCommand(entry)})`);
	return `${named.join("; ")}${entries.length > 3 ? `; and ${entries.length - 3} more` : ""}`;
};

/**
 * The issue of a plugin whose manifest broke: it keeps `kept` (its hooks from before, `kept_last_good`), or, with
 * none from before, none of `held` runs (`plugin_skipped`). The message names the plugin and the hooks.
 */
const brokenPluginIssue = (
	plugin: BrokenPlugin,
	kept: readonly HookEntry[] | undefined,
	held: readonly HookEntry[],
): ConfigIssue => {
	const base = { file: plugin.manifest, path: "", source: `Plugin ${plugin.id}` };
	if (kept !== undefined) {
		const which = kept.length === 0 ? "" : `: ${hookList(kept)}`;
		const message = `${plugin.message}; plugin ${plugin.id} keeps its ${kept.length} hook(s) from before the edit`;
		return { ...base, message: `${message}${which}`, kind: "kept_last_good" };
	}
	const message =
		held.length === 0
			? `${plugin.message}; none of plugin ${plugin.id}'s hooks run until it parses`
			: `${plugin.message}; until it parses, plugin ${plugin.id}'s ${held.length} hook(s) do not run: ` +
				hookList(held);
	return { ...base, message, kind: "plugin_skipped" };
};

/** Creates the live configuration over `sources`. Files are read lazily on the first `current()`. */
export const createConfigStore = (options: ConfigStoreOptions): ConfigStore => {
	const interval = options.checkIntervalMs ?? 100;
	const now = options.now ?? (() => performance.now());
	const files = new Map<string, CachedFile>();
	let merged: HookConfig | undefined;
	let mergedTrust = false;
	let mergedApprovals = -1;
	const approvalsVersion = options.approvalsVersion ?? (() => 0);
	let lastCheck = Number.NEGATIVE_INFINITY;
	let plugins: { key: string; resolution: PluginResolution } | undefined;
	/** Each enabled plugin's hook sources from when its manifest last read well, by plugin id. */
	const pluginLastGood = new Map<string, readonly HookSource[]>();
	let listed = "";
	/** The gate's answer about an edit of a file read before (none before the first merge: that is no edit). */
	const admit = (source: HookSource, stamp: string): GateAnswer => {
		if (options.gate === undefined || merged === undefined) return "accept";
		try {
			return options.gate({ source, stamp }, merged);
		} catch {
			return "accept";
		}
	};
	/** Loads the sources whose stamp changed (and the gate admits); true when any did. */
	const refresh = (sources: readonly HookSource[]): boolean => {
		let changed = false;
		for (const source of sources) {
			const stamp = fileStamp(source.file);
			const key = cacheKey(source);
			const cached = files.get(key);
			if (cached?.stamp === stamp && (cached.source === source || sameSource(cached.source, source))) continue;
			if (cached !== undefined && cached.stamp !== stamp) {
				const answer = admit(source, stamp);
				if (answer === "wait") continue;
				if (answer === "reject") {
					// The hooks from before stay; this stamp is not asked about again.
					files.set(key, { ...cached, stamp });
					continue;
				}
			}
			files.set(key, { ...loadFile(source, cached, stamp), source });
			changed = true;
		}
		return changed;
	};
	const parsedOf = (sources: readonly HookSource[]): ParsedSource[] =>
		sources.map((source) => files.get(cacheKey(source))?.parsed ?? emptySource(source));
	/** The plugin hook files of the current settings; resolved again only when an input changed. */
	const pluginSources = (settings: readonly ParsedSource[]): PluginResolution => {
		if (options.plugins === undefined) return { sources: [], disabled: [], broken: [], issues: [], inputs: [] };
		const wanted = settings.map((parsed) => [parsed.enabledPlugins ?? null, parsed.pluginOptions ?? null]);
		const stamps = (plugins?.resolution.inputs ?? []).map(fileStamp);
		const key = JSON.stringify([wanted, stamps]);
		if (plugins?.key === key) return plugins.resolution;
		const resolution = resolvePlugins(settings, options.plugins);
		plugins = { key: JSON.stringify([wanted, resolution.inputs.map(fileStamp)]), resolution };
		return resolution;
	};
	/**
	 * The plugin sources that load: the resolved ones, plus a broken-manifest plugin's last good sources, and an issue
	 * per broken plugin. Remembers each well-read plugin's sources. Refreshes what it loads but the broken manifests
	 * themselves (their cached hooks are the last good ones); true in `changed` when any file changed.
	 */
	const withLastGood = (
		resolution: PluginResolution,
	): { sources: HookSource[]; issues: ConfigIssue[]; changed: boolean } => {
		const byId = new Map<string, HookSource[]>();
		for (const source of resolution.sources) {
			const id = source.plugin?.id ?? "";
			byId.set(id, [...(byId.get(id) ?? []), source]);
		}
		const brokenIds = new Set(resolution.broken.map((plugin) => plugin.id));
		for (const id of [...pluginLastGood.keys()]) if (!byId.has(id) && !brokenIds.has(id)) pluginLastGood.delete(id);
		for (const [id, sources] of byId) pluginLastGood.set(id, sources);
		const sources = [...resolution.sources];
		const issues: ConfigIssue[] = [];
		let changed = false;
		// Put back from the last so each `at` still points where its plugin belongs.
		for (const plugin of [...resolution.broken].reverse()) {
			const kept = pluginLastGood.get(plugin.id);
			const fresh = (kept ?? plugin.held).filter((source) => source.file !== plugin.manifest);
			if (refresh(fresh)) changed = true;
			const entriesOf = (list: readonly HookSource[]) => parsedOf(list).flatMap((parsed) => parsed.entries);
			if (kept !== undefined) sources.splice(plugin.at, 0, ...kept);
			issues.unshift(
				brokenPluginIssue(plugin, kept === undefined ? undefined : entriesOf(kept), entriesOf(plugin.held)),
			);
		}
		return { sources, issues, changed };
	};
	let extra = "";
	let forced = false;
	let pending = false;
	const store: ConfigStore = {
		current() {
			const time = now();
			const trusted = options.isTrusted();
			const approvals = approvalsVersion();
			const same = trusted === mergedTrust && approvals === mergedApprovals;
			if (merged !== undefined && time - lastCheck < interval && same) return merged;
			return check(time, trusted, approvals, same);
		},
		latest() {
			const trusted = options.isTrusted();
			const approvals = approvalsVersion();
			const same = trusted === mergedTrust && approvals === mergedApprovals;
			if (merged !== undefined && !forced && same) return merged;
			return check(now(), trusted, approvals, same);
		},
		invalidate() {
			lastCheck = Number.NEGATIVE_INFINITY;
			forced = true;
		},
		checkSoon() {
			if (pending) return;
			pending = true;
			// Not unref'd: it runs in this turn of the event loop anyway, and a ref'd immediate costs one call less.
			setImmediate(checkInBackground);
		},
		sources: () => [...files.values()].flatMap((cached) => (cached.source === undefined ? [] : [cached.source])),
	};
	/** checkSoon's check (one function for every call: the tool_result path makes no closure). */
	function checkInBackground(): void {
		pending = false;
		try {
			const trusted = options.isTrusted();
			const approvals = approvalsVersion();
			check(now(), trusted, approvals, trusted === mergedTrust && approvals === mergedApprovals);
		} catch {
			// The next current() checks again; a background check must never throw into pi.
		}
	}
	/** Checks every file now and merges again when anything changed; returns the configuration. */
	function check(time: number, trusted: boolean, approvals: number, same: boolean): HookConfig {
		forced = false;
		lastCheck = time;
		const managed =
			options.managedDir === undefined ? { sources: [], issues: [] } : managedFiles(options.managedDir);
		const settingsSources = [...managed.sources, ...options.sources];
		let changed = refresh(settingsSources) || merged === undefined || !same;
		// Project values that switch hooks off or change plugin options count only once approved.
		const held = holdBackSettings(parsedOf(settingsSources), trusted, options.isSettingApproved ?? approveAll);
		const settings = held.settings;
		const resolution = pluginSources(settings);
		const plugged = withLastGood(resolution);
		if (plugged.changed) changed = true;
		const agents =
			options.plugins === undefined
				? []
				: agentDefinitionFiles(options.plugins.home, options.plugins.projectDir, claudeDirOf(options.plugins));
		const skills = options.skills?.() ?? [];
		const brokenManifests = new Set(resolution.broken.map((plugin) => plugin.manifest));
		const others = [...plugged.sources, ...resolution.disabled, ...skills, ...agents];
		if (refresh(others.filter((source) => !brokenManifests.has(source.file)))) changed = true;
		const list = JSON.stringify([settingsSources.length, others.map(cacheKey), managed.issues, plugged.issues]);
		if (list !== listed) {
			listed = list;
			changed = true;
		}
		const extraNow = options.extraStamp?.() ?? "";
		if (extraNow !== extra) {
			extra = extraNow;
			changed = true;
		}
		if (changed || merged === undefined) {
			const issues: ConfigIssue[] = [...managed.issues, ...resolution.issues, ...plugged.issues];
			const merge = () =>
				mergeSources(
					[...settings, ...parsedOf([...plugged.sources, ...skills, ...agents])],
					trusted,
					options.isApproved,
					{
						issues,
						disabledPlugins: parsedOf(resolution.disabled),
						unreadableManaged: managed.issues.map((issue) => issue.file),
						...(options.isSeen === undefined ? {} : { isSeen: options.isSeen }),
					},
				);
			const config = options.seenPass === undefined ? merge() : options.seenPass(merge);
			merged = held.pending.length === 0 ? config : { ...config, pendingSettings: held.pending };
			mergedTrust = trusted;
			mergedApprovals = approvals;
			// The merge hashed any script it saw for the first time: start watching it from here.
			extra = options.extraStamp?.() ?? "";
			try {
				options.onChange?.(merged);
			} catch {
				// A listener's failure is its own: the configuration is merged either way.
			}
		}
		return merged;
	}
	return store;
};
